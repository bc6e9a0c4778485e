package dungeon

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"

	"wyrm/game"
)

// The computer's own draft and deployment. Both are chosen by the game's
// evaluation of trial start positions: a draft by how its deployed army
// scores against each other faction's example army, a deployment by a
// local search over swaps of units and squares. See docs/strength.md for
// the matches that measure them.

// guess is what a seat knows or assumes of another seat at deployment:
// its zone, its army and, once it has placed (sequential deployment), its
// placement.
type guess struct {
	zone   int
	army   Army
	placed []placement
}

// frontDist returns, for each square of zone z in m.zoneSqs order, the
// walking distance to the nearest square of another zone: small at the
// front of the zone, large at its back.
func (m *Map) frontDist(z int) []int {
	d, n := m.walkDist(), m.Files*m.Ranks
	out := make([]int, len(m.zoneSqs[z]))
	for i, a := range m.zoneSqs[z] {
		best := unreachable
		for y := 1; y < len(m.zoneSqs); y++ {
			if y == z {
				continue
			}
			for _, b := range m.zoneSqs[y] {
				best = min(best, int(d[int(m.fromBox[a])*n+int(m.fromBox[b])]))
			}
		}
		out[i] = best
	}
	return out
}

// rolePlace orders roles for the first placement: the King at the back,
// then the pieces that reach far, the Pawns at the front.
var rolePlace = [numRoles]int{Pawn: 5, Castle: 3, KnightRole: 4, Bishop: 2, Queen: 1, King: 0}

// basePlacement puts a's units on zone z: the King on the square farthest
// from the other zones, Pawns nearest to them, the rest between.
func basePlacement(m *Map, z int, a Army) []placement {
	sqs := slices.Clone(m.zoneSqs[z])
	fd := m.frontDist(z)
	idx := make([]int, len(sqs))
	for i := range idx {
		idx[i] = i
	}
	// Back squares first; ties by square for a fixed order.
	sort.SliceStable(idx, func(i, j int) bool {
		if fd[idx[i]] != fd[idx[j]] {
			return fd[idx[i]] > fd[idx[j]]
		}
		return sqs[idx[i]] < sqs[idx[j]]
	})
	units := slices.Clone(a.Units)
	sort.SliceStable(units, func(i, j int) bool { return rolePlace[units[i].Role()] < rolePlace[units[j].Role()] })
	out := make([]placement, 0, len(units))
	for i, k := range units {
		if i >= len(idx) {
			break
		}
		out = append(out, placement{kind: k, sq: sqs[idx[i]]})
	}
	return out
}

// trial builds the start position of seat s placed as pl against the
// guesses for the other seats (each placed by basePlacement unless it has
// placed already) and scores it for s: the evaluation, less a King's worth
// when s's King can be taken at once. ok is false when no position can be
// built.
func trial(m *Map, s int, zones []int, factions []Faction, pl []placement, others []guess) (int, bool) {
	n := len(zones)
	armies := make([][]placement, n)
	live := make([]bool, n)
	for i := 0; i < n; i++ {
		live[i] = true
		if i == s {
			armies[i] = pl
			continue
		}
		g := others[i]
		armies[i] = g.placed
		if armies[i] == nil {
			armies[i] = basePlacement(m, g.zone, g.army)
		}
	}
	p, err := newPosition(m, factions, zones, armies, live)
	if err != nil {
		return 0, false
	}
	v := p.Evaluate(game.Player(s))
	if p.inCheck(s) {
		v -= 1000
	}
	return v, true
}

// improvePlacement is the deployment search: from pl, it tries moving
// each unit to each free square of the zone and swapping each two units
// of different kinds, keeps every change that raises trial's score, and
// stops when a pass finds none (or after a few passes).
func improvePlacement(m *Map, s int, zones []int, factions []Faction, pl []placement, others []guess) ([]placement, int) {
	z := zones[s]
	best, _ := trial(m, s, zones, factions, pl, others)
	for pass := 0; pass < 3; pass++ {
		better := false
		for i := range pl {
			for j := i + 1; j < len(pl); j++ {
				if pl[i].kind == pl[j].kind {
					continue
				}
				pl[i].sq, pl[j].sq = pl[j].sq, pl[i].sq
				if v, ok := trial(m, s, zones, factions, pl, others); ok && v > best {
					best, better = v, true
				} else {
					pl[i].sq, pl[j].sq = pl[j].sq, pl[i].sq
				}
			}
			for _, sq := range m.zoneSqs[z] {
				if slices.ContainsFunc(pl, func(q placement) bool { return q.sq == sq }) {
					continue
				}
				old := pl[i].sq
				pl[i].sq = sq
				if v, ok := trial(m, s, zones, factions, pl, others); ok && v > best {
					best, better = v, true
				} else {
					pl[i].sq = old
				}
			}
		}
		if !better {
			break
		}
	}
	return pl, best
}

// deploymentString writes placements in deployment notation.
func deploymentString(m *Map, pl []placement) string {
	parts := make([]string, len(pl))
	for i, q := range pl {
		parts[i] = string(q.kind.Letter()) + m.squareName(q.sq)
	}
	return strings.Join(parts, ",")
}

// ChooseDeployment is the computer's placement of army a for seat s of a
// game with the given zones and factions, knowing the other seats' armies
// (drafts are public once every seat has drafted) and, where they have
// placed already, their placements (others[s] is ignored).
func ChooseDeployment(m *Map, s int, zones []int, factions []Faction, a Army, others []guess) string {
	pl, _ := improvePlacement(m, s, zones, factions, basePlacement(m, zones[s], a), others)
	return deploymentString(m, pl)
}

// candidateArmies lists the drafts the computer considers for faction f
// and a zone of zoneSize squares: a King, then every count of up to four
// of each middle role, with one Pawn or with Pawns filling what is left
// of the budget, keeping those that spend at least Budget-10 XP.
func candidateArmies(f Faction, zoneSize int) []Army {
	var out []Army
	king, pawn := KindOf(f, King), KindOf(f, Pawn)
	var counts [numRoles]int
	var rec func(r Role, left int)
	rec = func(r Role, left int) {
		if r == King {
			fill := 1 + (left-pawn.Cost())/pawn.Cost()
			for _, pawns := range []int{1, fill} {
				if pawns < 1 || pawns*pawn.Cost() > left {
					continue
				}
				a := Army{Faction: f, Units: []Kind{king}}
				for rr := Castle; rr < King; rr++ {
					for i := 0; i < counts[rr]; i++ {
						a.Units = append(a.Units, KindOf(f, rr))
					}
				}
				for i := 0; i < pawns; i++ {
					a.Units = append(a.Units, pawn)
				}
				if len(a.Units) > min(zoneSize, maxArmy) || a.Cost() < Budget-10 {
					continue
				}
				if !slices.ContainsFunc(out, func(b Army) bool { return b.String() == a.String() }) {
					out = append(out, a)
				}
			}
			return
		}
		if r == Pawn {
			rec(Castle, left)
			return
		}
		k := KindOf(f, r)
		for c := 0; c <= 4 && c*k.Cost() <= left; c++ {
			counts[r] = c
			rec(r+1, left-c*k.Cost())
		}
		counts[r] = 0
	}
	rec(Pawn, Budget-king.Cost())
	return out
}

// finishing is a draft's correction to the evaluation for unit kind k:
// half its material off when it can capture only over a screen (the Iron
// Golem, the Ogre). In level 8's games against a random mover, Redskin
// armies of three Iron Golems drew games they led by a whole army: with
// the board emptied, cannons find no screen to take a lone King over.
func finishing(k Kind) int {
	if kinds[k].attack&^pCannon == 0 {
		return -k.Cost() * xpScale / 2
	}
	return 0
}

// reaches reports whether a unit of kind k can walk, on the empty map m,
// from some square of zone from to some square of zone to with its moves.
func reaches(m *Map, k Kind, from, to int) bool {
	dm := &patDirs[kinds[k].move&511]
	var seen [maxBox]bool
	queue := make([]int, 0, 64)
	for _, b := range m.zoneSqs[from] {
		seen[b] = true
		queue = append(queue, b)
	}
	visit := func(b int) {
		if !seen[b] && m.terrain[b] == tFloor {
			seen[b] = true
			queue = append(queue, b)
		}
	}
	for i := 0; i < len(queue); i++ {
		b := queue[i]
		if m.zone[b] == uint8(to) {
			return true
		}
		fq := m.floorQ[b]
		// A slide goes square by square, so on an empty map it reaches
		// what repeated steps in its directions reach.
		for mk := (dm.step | dm.slide) & fq; mk != 0; mk &= mk - 1 {
			visit(b + m.queen[bits.TrailingZeros8(mk)])
		}
		for mk := dm.leap & m.floorL[b]; mk != 0; mk &= mk - 1 {
			visit(b + m.leaps[bits.TrailingZeros8(mk)])
		}
		for mk := dm.jump & fq; mk != 0; mk &= mk - 1 {
			visit(b + 2*m.queen[bits.TrailingZeros8(mk)])
		}
	}
	return false
}

// stranded is a draft's correction for a unit of kind k that cannot walk
// from zone z to the opponent's zone opp on map m: all its material off.
// On the two-player dungeon, whose corridors are two squares wide, a
// Wraith (two squares diagonally, no more) never leaves its own room: in
// level 8's games such Wraiths stood in the corridor and kept the army's
// other units from passing (a draw against random movers, seed 61), and an
// army left with a Warlock and two Wraiths could not take a lone King.
func stranded(m *Map, k Kind, z, opp int) int {
	if reaches(m, k, z, opp) {
		return 0
	}
	return -k.Cost() * xpScale
}

// unitW is a draft's bonus per unit, per opponent scored. The evaluation
// counts material by XP, so an army of a few dear pieces scores like one
// of many; but against a random mover such armies traded down into
// endings of a King and one piece against a King, drawn by the rule of 50
// rounds: 98/100 on the starts of seed 61 without the bonus, 99.5/100
// with it (armies of nine units rather than five or six).
const unitW = 15

// unitWMulti is the bonus per unit in games of three or four. Against
// three greedy seats, which take whatever hangs, level 8 lost its few dear
// pieces one by one and played on with a lone King until the rule of 50
// rounds drew the game; with armies of nine to fifteen units it won 10 of
// 20 such games, against 8 with the two-player bonus and 8 with 30 cp.
const unitWMulti = 45

type choiceKey struct {
	m       *Map
	zone    int
	players int
	faction Faction
}

var chosenArmies sync.Map // choiceKey -> Army

// ChooseArmy is the computer's draft for faction f on seat zone z of map m
// in a game of the given number of players: of candidateArmies, the one
// whose deployed start scores best, on average, against the example army
// of every other faction deployed on the opposing zone, with its own
// placement searched (improvePlacement) for the few best by the first
// placement.
func ChooseArmy(m *Map, z, players int, f Faction) Army {
	key := choiceKey{m: m, zone: z, players: players, faction: f}
	if a, ok := chosenArmies.Load(key); ok {
		return a.(Army)
	}
	zones, err := m.SeatZones(2)
	if err != nil {
		return SampleArmy(f)
	}
	// Seat 0 in zone z, the opponent in another zone of the 2-player map.
	opp := zones[1]
	if opp == z {
		opp = zones[0]
	}
	zones = []int{z, opp}
	uw := unitW
	if players > 2 {
		uw = unitWMulti
	}
	score := func(a Army, search bool) int {
		total := 0
		for _, k := range a.Units {
			total += 3 * (finishing(k) + stranded(m, k, z, opp) + uw)
		}
		for of := Faction(0); of < numFactions; of++ {
			if of == f {
				continue
			}
			oa := SampleArmy(of)
			if oa.Validate(m.ZoneSize(opp)) != nil {
				oa = Army{Faction: of, Units: []Kind{KindOf(of, King), KindOf(of, Pawn)}}
			}
			others := []guess{{}, {zone: opp, army: oa}}
			pl := basePlacement(m, z, a)
			var v int
			if search {
				_, v = improvePlacement(m, 0, zones, []Faction{f, of}, pl, others)
			} else {
				v, _ = trial(m, 0, zones, []Faction{f, of}, pl, others)
			}
			total += v
		}
		return total
	}
	cands := candidateArmies(f, m.ZoneSize(z))
	if s := SampleArmy(f); s.Validate(m.ZoneSize(z)) == nil {
		cands = append(cands, s)
	}
	if len(cands) == 0 {
		a := RandomArmy(f, m.ZoneSize(z), rand.New(rand.NewPCG(1, 2)))
		chosenArmies.Store(key, a)
		return a
	}
	first := make([]int, len(cands))
	for i, a := range cands {
		first[i] = score(a, false)
	}
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return first[order[i]] > first[order[j]] })
	best, bestV := cands[order[0]], minInt
	for _, i := range order[:min(4, len(order))] {
		if v := score(cands[i], true); v > bestV {
			best, bestV = cands[i], v
		}
	}
	chosenArmies.Store(key, best)
	return best
}

const minInt = -1 << 62
