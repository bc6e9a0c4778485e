package dragon

import (
	_ "embed"
	"strconv"

	"wyrm/game"
	"wyrm/game/nnue"
	"wyrm/internal/tunable"
)

// weights is the evaluation's parameter table (game.Tuner): every weight
// Evaluate reads, and the piece-square tables derived from them. Phase
// index 0 is the middlegame, 1 the endgame.
type weights struct {
	tunable.Table
	value       [2][8]int // per piece type
	hand        [2]int    // a Dragon in hand
	handBlocked int       // per Dragon in hand while the back rank is full
	centre      [2][8]int // per step of distance from the centre, for knight..dragon
	rook7th     [2]int
	rookCentre  int       // a rook on the d or e file, middlegame
	advance     [2][8]int // a pawn on each rank, from the owner's side
	pawnCentre  int       // a pawn on d4, e4, d5 or e5, middlegame
	kingFile    [8]int    // a king on each file, middlegame
	kingRank    int       // per rank a king stands off its own, middlegame
	kingCentre  int       // per step a king stands from the centre, endgame
	mobility    [2][8]int // per reachable square beyond mobBase
	attack      [8]int    // per attack on the squares around the enemy king
	shelter     int       // per pawn in front of a king at home, up to three
	safeCheck   [8]int    // king danger per safe checking square, by the checking piece's type
	weakZone    int       // king danger per square by the king attacked and defended by nothing but it
	openKing    int       // king danger per file of the king's three without a pawn of its own
	dangerCap   int       // the most the squared king danger is worth, middlegame
	fileShield  [4]int    // middlegame, per file of the king's three: its own pawn nearest ahead 1, 2, 3 ranks up, or none nearer
	fileStorm   [4]int    // middlegame, per file of the king's three: an enemy pawn nearest ahead 1, 2, 3 ranks up, or none nearer
	outpost     [2]int    // a knight or bishop on ranks 4-6 that a pawn defends and no enemy pawn can attack
	connected   [2]int    // a pawn beside or defended by another of its side's pawns
	blocked     [2]int    // a passed pawn with a piece on the square in front
	kingPassed  int       // endgame, per passed pawn: the enemy king's distance to its path minus the own king's
	space       int       // middlegame, per safe square of the four central files behind the own pawns, ranks 2-4
	bishopPawns [2]int    // per own pawn on the squares of a bishop's colour, per bishop
	pushThreat  [2]int    // per enemy piece a pawn could attack by a safe push
	protector   [2]int    // per step a knight or bishop stands from its own king
	behindPawn  [2]int    // a knight or bishop right behind a pawn
	freePassed  [2]int    // per rank of a passed pawn whose way to promotion is empty
	flank       int       // king danger per square of the king's flank in its camp that the attacker attacks
	dangerQueen int       // king danger while the attacker has a queen
	bishopPair  [2]int
	passed      [2][8]int // a passed pawn on each rank
	doubled     [2]int
	isolated    [2]int
	rookOpen    [2]int
	rookHalf    [2]int
	threatPawn  [2]int // a piece attacked by a pawn
	threatLight [2]int // a heavy piece attacked by a lighter one
	hanging     [2]int // a piece attacked and not defended
	tempo       int
	// mobCurve bends the line of mobility: per piece type and count of
	// reachable squares (from mobLow to mobCap; counts outside the range
	// count as its nearer end), what a piece with that count gets beyond
	// the line. Fixed at zero at mobBase and one above, where the line
	// itself is fitted.
	mobCurve [2][8][mobCapMax + 1]int
	// square is a correction per piece type and square to the shapes
	// above (the centre distance, the pawn's rank, the king's file),
	// left and right alike: square[ph][t][rank*4+file from the nearer
	// edge]. It lets the fit place pieces where a shape cannot.
	square [2][8][32]int

	// useNet chooses the evaluation: 1 the embedded network (nnue.go),
	// 0 the terms above. It is a choice, not a weight: fits leave
	// parameters named "eval." alone. net is the network when chosen.
	useNet int
	net    *nnue.Net

	// pst[ph][t][sq] is a piece's value plus its square's bonus, from
	// White's side; Black mirrors the rank.
	pst [2][8][64]int
	// mob[ph][t][n] is a piece's mobility score with n reachable squares:
	// the line and its bend.
	mob [2][8][mobMax + 1]int
}

// mobMax is the most squares a piece can reach (a queen in the middle of
// an empty board); mobCap caps the counts mobCurve tells apart, so that
// every one of its weights is seen in ordinary positions.
const (
	mobMax    = 27
	mobCapMax = 17
)

var mobCap = [8]int{0, 0, 8, 11, 12, mobCapMax, 15, 0}

// mobLow is the least count mobCurve tells apart: fewer count as it. A
// queen that reaches nothing stands almost only on its home square in
// the opening, where the endgame weight plays no part.
var mobLow = [8]int{0, 0, 0, 0, 0, 1, 0, 0}

// The fixed parts of the piece-square shapes: a piece's bonus is
// centreBase minus its centre weight times its distance from the middle
// (2 in the centre to 14 in a corner). The base would only add to the
// piece's value, so it is not a parameter.
var centreBase = [2][8]int{
	{0, 0, 24, 10, 0, 6, 14, 0},
	{0, 0, 16, 8, 0, 10, 10, 0},
}

// kingCentreBase is the endgame king's bonus at distance zero.
const kingCentreBase = 28

// mobBase is a typical count of a piece's reachable squares: mobility
// counts the squares beyond it.
var mobBase = [8]int{0, 0, 4, 6, 7, 13, 10, 0}

func deriveWeights(w *weights) {
	w.net = nil
	if w.useNet != 0 {
		w.net = network
	}
	for ph := 0; ph < 2; ph++ {
		for t := knight; t <= dragon; t++ {
			for n := 0; n <= mobMax; n++ {
				w.mob[ph][t][n] = w.mobility[ph][t]*(n-mobBase[t]) + w.mobCurve[ph][t][min(max(n, mobLow[t]), mobCap[t])]
			}
		}
		for sq := 0; sq < 64; sq++ {
			f, r := sq&7, sq>>3
			md := abs(2*f-7) + abs(2*r-7)
			for t := pawn; t <= king; t++ {
				v := w.value[ph][t]
				switch t {
				case knight, bishop, queen, dragon:
					v += centreBase[ph][t] - w.centre[ph][t]*md
				case rook:
					if r == 6 {
						v += w.rook7th[ph]
					}
					if ph == 0 && (f == 3 || f == 4) {
						v += w.rookCentre
					}
				case pawn:
					v += w.advance[ph][r]
					if ph == 0 && (f == 3 || f == 4) && (r == 3 || r == 4) {
						v += w.pawnCentre
					}
				case king:
					if ph == 0 {
						v += w.kingFile[f] - w.kingRank*r
					} else {
						v += kingCentreBase - w.kingCentre*md
					}
				}
				w.pst[ph][t][sq] = v + w.square[ph][t][r*4+min(f, 7-f)]
			}
		}
	}
}

var pieceParamNames = [8]string{"", "pawn", "knight", "bishop", "rook", "queen", "dragon", "king"}

// params declares the parameters with the hand-set values the evaluation
// had before it was fitted to data.
var params = func() *tunable.Set[weights] {
	s := &tunable.Set[weights]{Derive: deriveWeights}
	add := func(name string, value, lo, hi int, field func(*weights) *int) {
		s.Defs = append(s.Defs, tunable.Def[weights]{Name: name, Value: value, Min: lo, Max: hi, Field: field})
	}
	phases := [2]string{"mg", "eg"}
	pair := func(name string, v [2]int, lo, hi int, field func(*weights) *[2]int) {
		for ph := range 2 {
			add(name+"."+phases[ph], v[ph], lo, hi, func(w *weights) *int { return &field(w)[ph] })
		}
	}
	value := [2][8]int{{0, 90, 320, 335, 480, 950, 850, 0}, {0, 120, 300, 320, 520, 940, 860, 0}}
	centre := [2][8]int{{0, 0, 4, 2, 0, 1, 2, 0}, {0, 0, 3, 1, 0, 2, 2, 0}}
	mobility := [8]int{0, 0, 4, 4, 3, 2, 3, 0}
	attack := [8]int{0, 0, 2, 2, 3, 5, 4, 0}
	for t := pawn; t <= dragon; t++ {
		for ph := range 2 {
			add("value."+pieceParamNames[t]+"."+phases[ph], value[ph][t], 0, 2000,
				func(w *weights) *int { return &w.value[ph][t] })
		}
	}
	pair("hand", [2]int{800, 830}, 0, 2000, func(w *weights) *[2]int { return &w.hand })
	add("hand.blocked", 15, 0, 200, func(w *weights) *int { return &w.handBlocked })
	for _, t := range []int{knight, bishop, queen, dragon} {
		for ph := range 2 {
			add("centre."+pieceParamNames[t]+"."+phases[ph], centre[ph][t], 0, 20,
				func(w *weights) *int { return &w.centre[ph][t] })
		}
	}
	pair("rook.seventh", [2]int{20, 15}, 0, 200, func(w *weights) *[2]int { return &w.rook7th })
	add("rook.centre.mg", 5, 0, 100, func(w *weights) *int { return &w.rookCentre })
	advance := [2][8]int{{0, 0, 4, 10, 20, 35, 60, 0}, {0, 0, 8, 18, 32, 55, 90, 0}}
	for r := 2; r <= 6; r++ {
		for ph := range 2 {
			add("pawn.rank"+string(rune('1'+r))+"."+phases[ph], advance[ph][r], -100, 300,
				func(w *weights) *int { return &w.advance[ph][r] })
		}
	}
	add("pawn.centre.mg", 15, 0, 100, func(w *weights) *int { return &w.pawnCentre })
	shelter := [8]int{15, 25, 10, 0, 0, 5, 25, 15}
	for f := range 8 {
		add("king.file"+string(rune('a'+f))+".mg", shelter[f], -100, 100,
			func(w *weights) *int { return &w.kingFile[f] })
	}
	add("king.rank.mg", 25, 0, 100, func(w *weights) *int { return &w.kingRank })
	add("king.centre.eg", 4, 0, 20, func(w *weights) *int { return &w.kingCentre })
	for t := knight; t <= dragon; t++ {
		for ph := range 2 {
			add("mobility."+pieceParamNames[t]+"."+phases[ph], mobility[t], 0, 30,
				func(w *weights) *int { return &w.mobility[ph][t] })
		}
	}
	for t := knight; t <= dragon; t++ {
		for n := mobLow[t]; n <= mobCap[t]; n++ {
			if n == mobBase[t] || n == mobBase[t]+1 {
				continue
			}
			for ph := range 2 {
				add("mobility."+pieceParamNames[t]+"."+strconv.Itoa(n)+"."+phases[ph], 0, -150, 150,
					func(w *weights) *int { return &w.mobCurve[ph][t][n] })
			}
		}
	}
	for t := knight; t <= dragon; t++ {
		add("attack."+pieceParamNames[t], attack[t], 0, 20, func(w *weights) *int { return &w.attack[t] })
	}
	add("king.shelter.mg", 12, 0, 100, func(w *weights) *int { return &w.shelter })
	for t := knight; t <= dragon; t++ {
		add("danger.check."+pieceParamNames[t], 0, 0, 100, func(w *weights) *int { return &w.safeCheck[t] })
	}
	add("danger.weak", 0, 0, 40, func(w *weights) *int { return &w.weakZone })
	add("danger.open", 0, 0, 40, func(w *weights) *int { return &w.openKing })
	add("danger.cap", 500, 100, 2000, func(w *weights) *int { return &w.dangerCap })
	for i, n := range []string{"1", "2", "3", "none"} {
		add("king.shield"+n+".mg", 0, -100, 100, func(w *weights) *int { return &w.fileShield[i] })
		add("king.storm"+n+".mg", 0, -200, 200, func(w *weights) *int { return &w.fileStorm[i] })
	}
	pair("outpost", [2]int{0, 0}, 0, 200, func(w *weights) *[2]int { return &w.outpost })
	pair("pawn.connected", [2]int{0, 0}, -50, 100, func(w *weights) *[2]int { return &w.connected })
	pair("passed.blocked", [2]int{0, 0}, -50, 200, func(w *weights) *[2]int { return &w.blocked })
	add("passed.king.eg", 0, -50, 50, func(w *weights) *int { return &w.kingPassed })
	add("space.mg", 0, 0, 50, func(w *weights) *int { return &w.space })
	pair("bishop.pawns", [2]int{0, 0}, -50, 50, func(w *weights) *[2]int { return &w.bishopPawns })
	pair("threat.push", [2]int{0, 0}, 0, 200, func(w *weights) *[2]int { return &w.pushThreat })
	pair("minor.protector", [2]int{0, 0}, 0, 50, func(w *weights) *[2]int { return &w.protector })
	pair("minor.behindpawn", [2]int{0, 0}, -50, 100, func(w *weights) *[2]int { return &w.behindPawn })
	pair("passed.free", [2]int{0, 0}, 0, 100, func(w *weights) *[2]int { return &w.freePassed })
	add("danger.flank", 0, 0, 40, func(w *weights) *int { return &w.flank })
	add("danger.queen", 0, 0, 40, func(w *weights) *int { return &w.dangerQueen })
	pair("bishop.pair", [2]int{30, 45}, 0, 200, func(w *weights) *[2]int { return &w.bishopPair })
	passed := [2][8]int{{0, 5, 10, 15, 25, 40, 60, 0}, {0, 10, 20, 35, 60, 90, 130, 0}}
	for r := 1; r <= 6; r++ {
		for ph := range 2 {
			add("passed.rank"+string(rune('1'+r))+"."+phases[ph], passed[ph][r], 0, 400,
				func(w *weights) *int { return &w.passed[ph][r] })
		}
	}
	pair("pawn.doubled", [2]int{12, 20}, 0, 200, func(w *weights) *[2]int { return &w.doubled })
	pair("pawn.isolated", [2]int{10, 15}, 0, 200, func(w *weights) *[2]int { return &w.isolated })
	pair("rook.open", [2]int{20, 10}, 0, 200, func(w *weights) *[2]int { return &w.rookOpen })
	pair("rook.halfopen", [2]int{10, 5}, 0, 200, func(w *weights) *[2]int { return &w.rookHalf })
	pair("threat.pawn", [2]int{80, 65}, 0, 300, func(w *weights) *[2]int { return &w.threatPawn })
	pair("threat.light", [2]int{50, 45}, 0, 300, func(w *weights) *[2]int { return &w.threatLight })
	pair("threat.hanging", [2]int{45, 35}, 0, 300, func(w *weights) *[2]int { return &w.hanging })
	add("tempo", 10, 0, 100, func(w *weights) *int { return &w.tempo })
	// The switch to the network can be set only when one is embedded.
	add("eval.nnue", 0, 0, boolInt(network != nil), func(w *weights) *int { return &w.useNet })
	for t := pawn; t <= king; t++ {
		for r := range 8 {
			if t == pawn && (r == 0 || r == 7) {
				continue
			}
			for f := range 4 {
				for ph := range 2 {
					add("square."+pieceParamNames[t]+"."+string(rune('a'+f))+string(rune('1'+r))+"."+phases[ph], 0, -150, 150,
						func(w *weights) *int { return &w.square[ph][t][r*4+f] })
				}
			}
		}
	}
	return s
}()

// paramFile holds the values the evaluation plays with, written by
// "wyrm tune" (docs/strength.md says how they were fitted).
//
//go:embed params.txt
var paramFile []byte

// defaultWeights is the table every position starts with.
var defaultWeights = params.MustLoad(paramFile)

var _ game.Tuner = (*Position)(nil)

// Params implements game.Tuner.
func (p *Position) Params() []game.Param { return params.Params(p.w) }

// Weights implements game.Tuner.
func (p *Position) Weights(values []int) (game.Weights, error) { return params.Build(values) }

// SetWeights implements game.Tuner. The network's accumulators are
// rebuilt at the next evaluation, if the new table uses the network.
func (p *Position) SetWeights(w game.Weights) {
	p.w = tunable.Of[weights](w)
	p.accOK = false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
