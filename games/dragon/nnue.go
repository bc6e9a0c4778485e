package dragon

import (
	_ "embed"

	"wyrm/game"
	"wyrm/game/nnue"
)

// The network's features, from one side's perspective (the board turned
// for Black, so that a position and its colour-flipped twin have the same
// features): each piece by whose it is (own or the other side's), its
// type and its square; and the Dragons in each hand, as "at least k" for
// k = 1..netHandSlots.
const (
	netPieceFeatures = 2 * 7 * 64
	netHandSlots     = 3
	netInputs        = netPieceFeatures + 2*netHandSlots
	// netBuckets output heads, by the pieces left (board and hands,
	// kings not counted): 0-8, 9-17, 18-26, 27 and more.
	netBuckets   = 4
	netBucketLen = 9
)

// networkFile is the trained network, made by "wyrm train" from the data
// and with the settings its recipe (nnue.recipe) records.
//
//go:embed nnue.bin
var networkFile []byte

// network is the embedded network, nil if the file does not decode (then
// the switch to it is refused by the parameter's bounds check below).
var network = func() *nnue.Net {
	n, err := nnue.Decode(networkFile)
	if err != nil || n.Game != "dragon" || n.Inputs != netInputs || n.Buckets != netBuckets {
		return nil
	}
	return n
}()

// netFeature is piece pc on sq seen from side persp.
func netFeature(persp int, pc uint8, sq int) int {
	rel := colorOf(pc) ^ persp
	return (rel*7+typeOf(pc)-1)*64 + sq ^ (persp * 56)
}

// netHandFeature is "colour c holds at least k Dragons" seen from persp.
func netHandFeature(persp, c, k int) int {
	return netPieceFeatures + (c^persp)*netHandSlots + k - 1
}

var _ game.NetInputs = (*Position)(nil)

// NetShape implements game.NetInputs.
func (p *Position) NetShape() (inputs, buckets int) { return netInputs, netBuckets }

// NetFeatures implements game.NetInputs.
func (p *Position) NetFeatures(us, them []int) ([]int, []int) {
	for b := p.occ(); b != 0; b &= b - 1 {
		sq := lsb(b)
		us = append(us, netFeature(p.side, p.board[sq], sq))
		them = append(them, netFeature(p.side^1, p.board[sq], sq))
	}
	for c := range 2 {
		for k := 1; k <= min(int(p.hand[c]), netHandSlots); k++ {
			us = append(us, netHandFeature(p.side, c, k))
			them = append(them, netHandFeature(p.side^1, c, k))
		}
	}
	return us, them
}

// NetBucket implements game.NetInputs.
func (p *Position) NetBucket() int {
	n := popcount(p.occ()) - 2 + int(p.hand[white]) + int(p.hand[black])
	return min(max(n, 0)/netBucketLen, netBuckets-1)
}

// netRefresh rebuilds both accumulators from the board; from then on
// put, remove and the drops keep them up to date.
func (p *Position) netRefresh() {
	n := p.w.net
	for persp := range 2 {
		a := &p.acc[persp]
		n.Reset(a)
		for b := p.occ(); b != 0; b &= b - 1 {
			sq := lsb(b)
			n.Add(a, netFeature(persp, p.board[sq], sq))
		}
		for c := range 2 {
			for k := 1; k <= min(int(p.hand[c]), netHandSlots); k++ {
				n.Add(a, netHandFeature(persp, c, k))
			}
		}
	}
	p.accOK = true
}

// netPut and netRemove follow put and remove.
func (p *Position) netPut(pc uint8, sq int) {
	p.w.net.Add(&p.acc[white], netFeature(white, pc, sq))
	p.w.net.Add(&p.acc[black], netFeature(black, pc, sq))
}

func (p *Position) netRemove(pc uint8, sq int) {
	p.w.net.Sub(&p.acc[white], netFeature(white, pc, sq))
	p.w.net.Sub(&p.acc[black], netFeature(black, pc, sq))
}

func (p *Position) netShift(pc uint8, from, to int) {
	p.w.net.Move(&p.acc[white], netFeature(white, pc, from), netFeature(white, pc, to))
	p.w.net.Move(&p.acc[black], netFeature(black, pc, from), netFeature(black, pc, to))
}

// netHand follows a change of c's hand from n Dragons by one (add: to
// n+1; else to n-1).
func (p *Position) netHand(c, n int, add bool) {
	k := n
	if add {
		k = n + 1
	}
	if k < 1 || k > netHandSlots {
		return
	}
	for persp := range 2 {
		if add {
			p.w.net.Add(&p.acc[persp], netHandFeature(persp, c, k))
		} else {
			p.w.net.Sub(&p.acc[persp], netHandFeature(persp, c, k))
		}
	}
}

// netEvaluate is Evaluate by the network.
func (p *Position) netEvaluate(pl game.Player) int {
	if !p.accOK {
		p.netRefresh()
	}
	s := p.w.net.Evaluate(&p.acc[p.side], &p.acc[p.side^1], p.NetBucket())
	if (pl == 0 || pl == 1) && int(pl) != p.side {
		return -s
	}
	return s
}
