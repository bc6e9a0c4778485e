package search

import (
	"testing"

	"wyrm/game"
	"wyrm/games/dragon"
)

// TestContinuationHistory checks what a quiet cut-off teaches: the move
// becomes the counter-move of the move before it, and its continuation
// history after that move rises above the quiet moves tried before it,
// while after another previous move nothing is learnt.
func TestContinuationHistory(t *testing.T) {
	p, err := dragon.Game.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	e := New(1)
	e.pos = p
	e.keyer = p.(game.MoveKeyer)
	ms := p.LegalMoves(nil)
	if len(ms) < 6 {
		t.Fatal("too few moves")
	}
	prev, other := e.moveKey(ms[4]), e.moveKey(ms[5])
	sd := &e.stack[1]
	sd.moves = append(sd.moves[:0], ms...)
	sd.scores = sd.scores[:0]
	for range ms {
		sd.scores = append(sd.scores, 0)
	}
	e.stack[0].key = prev
	cut := ms[3]
	e.goodQuiet(1, 8, cut, 3)
	if e.counters[prev] != cut {
		t.Fatalf("counter-move of the previous move is %v, want %v", e.counters[prev], cut)
	}
	hist := &e.history[p.ToMove()]
	k := e.moveKey(cut)
	if e.conts[0][prev][k] <= 0 || e.conts[0][other][k] != 0 {
		t.Fatalf("continuation history after prev %d, after another move %d", e.conts[0][prev][k], e.conts[0][other][k])
	}
	for j := 0; j < 3; j++ {
		if e.quietScore(hist, ms[j], prev, noKey) >= e.quietScore(hist, cut, prev, noKey) {
			t.Fatalf("move %d tried before the cut-off scores as well as it", j)
		}
	}
	e.scoreMoves(1, game.NoMove)
	sd.killers = [2]game.Move{}
	e.scoreMoves(1, game.NoMove)
	for i, m := range sd.moves {
		if m == cut && sd.scores[i] != orderKiller {
			t.Fatalf("the counter-move is ordered %d, want %d", sd.scores[i], orderKiller)
		}
	}
}

// orderTestEngine is a selective engine set up at ply 2 of a busy Dragon
// Chess middlegame, with the position's moves on the stack and made-up
// histories, as a search would have them mid-way.
func orderTestEngine(t *testing.T) (*Engine, game.Position) {
	t.Helper()
	pos, err := dragon.Game.Parse("r1bqk2r/ppp2ppp/5n2/3pp3/1b1PP3/2N2N2/PPP1BPPP/R1BQK2R[DDdd] w KQkq - 0 6", nil)
	if err != nil {
		t.Fatal(err)
	}
	e := New(1)
	e.pos = pos
	e.checker, _ = pos.(game.CheckGiver)
	e.keyer, _ = pos.(game.MoveKeyer)
	e.players = 2
	e.selective = true
	e.stack[0].key, e.stack[1].key = 7, 11
	ms := pos.LegalMoves(nil)
	for i, m := range ms {
		e.history[pos.ToMove()][histIndex(m)] = int32((i*7919)%2000 - 1000)
		e.conts[0][11][e.moveKey(m)] = int16((i*104729)%600 - 300)
	}
	e.stack[2].moves = append(e.stack[2].moves[:0], ms...)
	return e, pos
}

// TestQuietMovesScoredWhenReached: scoreMoves leaves quiet moves unscored
// and pick scores them when it first reaches them, so the order and the
// scores pick hands out are those of scoring every move at once.
func TestQuietMovesScoredWhenReached(t *testing.T) {
	e, pos := orderTestEngine(t)
	sd := &e.stack[2]
	e.scoreMoves(2, game.NoMove)
	want := map[game.Move]int32{}
	hist := &e.history[pos.ToMove()]
	unscored := 0
	for i, m := range sd.moves {
		s := sd.scores[i]
		if s == orderUnscored {
			unscored++
			s = e.quietScore(hist, m, 11, 7)
		}
		want[m] = s
	}
	if unscored == 0 {
		t.Fatal("no quiet move was left unscored")
	}
	prev := int32(orderTT + 1)
	for i := range sd.moves {
		m, s := e.pick(2, i)
		if s != want[m] {
			t.Fatalf("pick %d: %v scored %d, want %d", i, m, s, want[m])
		}
		if s > prev {
			t.Fatalf("pick %d: score %d after %d", i, s, prev)
		}
		prev = s
	}
	if sd.unscored {
		t.Fatal("quiet moves still unscored after every pick")
	}
}

// TestDropPrunedQuiets: the quiet moves that give no check leave the list,
// the noisy moves and the checks stay in their order, and rankOf still
// gives a move's place in the whole order.
func TestDropPrunedQuiets(t *testing.T) {
	e, pos := orderTestEngine(t)
	sd := &e.stack[2]
	e.scoreMoves(2, game.NoMove)
	const from = 3
	for i := 0; i < from; i++ {
		e.pick(2, i)
	}
	e.pick(2, from) // scores the quiet moves, if the first picks did not
	before := append([]game.Move(nil), sd.moves...)
	beforeScores := append([]int32(nil), sd.scores...)
	e.dropPrunedQuiets(2, from)
	var kept []game.Move
	checks := 0
	for j := from; j < len(before); j++ {
		m := before[j]
		quiet := beforeScores[j] < orderKiller && !pos.IsNoisy(m)
		if !quiet || e.givesCheck(m) {
			kept = append(kept, m)
			if quiet {
				checks++
			}
		}
	}
	if checks == 0 || len(sd.dropped) == 0 {
		t.Fatalf("the position should have quiet checks (%d) and dropped moves (%d)", checks, len(sd.dropped))
	}
	if len(sd.moves) != from+len(kept) || len(sd.moves)+len(sd.dropped) != len(before) {
		t.Fatalf("%d moves left and %d dropped of %d; want %d left", len(sd.moves), len(sd.dropped), len(before), from+len(kept))
	}
	for j, m := range kept {
		if sd.moves[from+j] != m {
			t.Fatalf("move %d is %v, want %v", from+j, sd.moves[from+j], m)
		}
	}
	// The rank of a kept move counts every move that scored above it.
	for j := from; j < len(sd.moves); j++ {
		want := from
		for k := from; k < len(before); k++ {
			if beforeScores[k] > sd.scores[j] {
				want++
			}
		}
		if got := e.rankOf(2, from, sd.scores[j]) + sortedBefore(sd.scores[from:], sd.scores[j]); got != want {
			t.Fatalf("move %v: rank %d, want %d", sd.moves[j], got, want)
		}
	}
}

// sortedBefore counts the scores above s.
func sortedBefore(scores []int32, s int32) int {
	n := 0
	for _, x := range scores {
		if x > s {
			n++
		}
	}
	return n
}
