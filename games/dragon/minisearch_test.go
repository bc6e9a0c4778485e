package dragon

import (
	"testing"

	"wyrm/game"
)

// A tiny alpha-beta over the game.Evaluator interface, to check that the
// evaluation, the noisy moves and the outcome work together as a search
// needs them to.

const mateScore = 100000

func quiesce(p game.Position, alpha, beta int) int {
	stand := p.Evaluate(p.ToMove())
	if stand >= beta {
		return stand
	}
	alpha = max(alpha, stand)
	for _, m := range p.NoisyMoves(nil) {
		if p.Gain(m) < 0 {
			continue
		}
		p.Play(m)
		score := -quiesce(p, -beta, -alpha)
		p.Undo()
		if score >= beta {
			return score
		}
		alpha = max(alpha, score)
	}
	return alpha
}

func alphaBeta(p game.Position, depth, alpha, beta, ply int) int {
	if o := p.Outcome(); o.Over {
		if o.Winner() != game.NoPlayer {
			return -mateScore + ply
		}
		return 0
	}
	if depth == 0 {
		return quiesce(p, alpha, beta)
	}
	for _, m := range p.LegalMoves(nil) {
		p.Play(m)
		score := -alphaBeta(p, depth-1, -beta, -alpha, ply+1)
		p.Undo()
		if score >= beta {
			return score
		}
		alpha = max(alpha, score)
	}
	return alpha
}

func bestMove(p *Position, depth int) (string, int) {
	best, bestScore := "", -2*mateScore
	for _, m := range p.LegalMoves(nil) {
		p.Play(m)
		score := -alphaBeta(p, depth-1, -2*mateScore, 2*mateScore, 1)
		p.Undo()
		if score > bestScore {
			best, bestScore = p.SAN(m), score
		}
	}
	return best, bestScore
}

func TestMiniSearch(t *testing.T) {
	cases := []struct {
		fen, want string
		depth     int
	}{
		{"6R1/8/2K5/8/4B3/R7/7k/8[D] w - - 0 1", "D@f1#", 1},  // mate by a drop
		{"4k3/8/8/3q4/4P3/8/8/4K3[] w - - 0 1", "exd5", 1},    // take the queen
		{"3qk3/8/8/8/8/8/3R4/3RK3[] w - - 0 1", "Rxd8+", 2},   // win the queen
		{"r5k1/5ppp/8/8/8/8/5PPP/6K1[] b - - 0 1", "Ra1#", 1}, // back-rank mate
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		if got, _ := bestMove(p, c.depth); got != c.want {
			t.Errorf("%s: best %s, want %s", c.fen, got, c.want)
		}
	}
	// With a Dragon in hand the back rank holds: the drop blocks the check.
	p := mustFEN(t, "r5k1/5ppp/8/8/8/8/5PPP/6K1[D] b - - 0 1")
	if _, score := bestMove(p, 2); score > mateScore/2 {
		t.Errorf("Ra1 scored as mate (%d) though D@b1..f1 blocks", score)
	}
}
