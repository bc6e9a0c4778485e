package search

import (
	"math"

	"wyrm/game"
)

const histBits = 12
const histSize = 1 << histBits
const histMax = 1 << 20

// histIndex hashes a move's encoding into the history table. Moves are
// opaque, but a game's encoding of "this piece from here to there" is the
// same in every position, which is what history ordering relies on.
func histIndex(m game.Move) uint32 { return uint32(m) * 2654435761 >> (32 - histBits) }

// Ordering scores: the hash move, then winning or even noisy moves by Gain,
// then killers, then quiet moves by history, then losing noisy moves.
const (
	orderTT     = 1 << 30
	orderNoisy  = 1 << 26
	orderKiller = 1 << 25
	orderBad    = -(1 << 26)
)

// noisyGain recovers a noisy move's Gain (clamped to ±2^20) from the
// ordering score scoreMoves gave it, when it was not the hash move.
func noisyGain(order int32) int {
	if order >= orderNoisy {
		return int(order - orderNoisy)
	}
	return int(order - orderBad)
}

// scoreMoves fills the ply's score buffer for its moves.
func (e *Engine) scoreMoves(ply int, ttMove game.Move) {
	sd := &e.stack[ply]
	sd.scores = sd.scores[:0]
	seat := e.pos.ToMove()
	if seat < 0 {
		seat = 0
	}
	hist := &e.history[seat]
	for _, m := range sd.moves {
		var s int32
		switch {
		case m == ttMove:
			s = orderTT
		case e.pos.IsNoisy(m):
			g := e.pos.Gain(m)
			if g >= 0 {
				s = orderNoisy + int32(min(g, 1<<20))
			} else {
				s = orderBad + int32(max(g, -(1<<20)))
			}
		case m == sd.killers[0]:
			s = orderKiller + 1
		case m == sd.killers[1]:
			s = orderKiller
		default:
			s = hist[histIndex(m)]
		}
		sd.scores = append(sd.scores, s)
	}
}

// pick moves the best-scored move at or after i to i and returns it.
func (e *Engine) pick(ply, i int) (game.Move, int32) {
	sd := &e.stack[ply]
	best := i
	for j := i + 1; j < len(sd.moves); j++ {
		if sd.scores[j] > sd.scores[best] {
			best = j
		}
	}
	sd.moves[i], sd.moves[best] = sd.moves[best], sd.moves[i]
	sd.scores[i], sd.scores[best] = sd.scores[best], sd.scores[i]
	return sd.moves[i], sd.scores[i]
}

// goodQuiet rewards a quiet move that caused a cut-off and punishes the
// quiet moves tried before it.
func (e *Engine) goodQuiet(ply, depth int, m game.Move, tried int) {
	sd := &e.stack[ply]
	if sd.killers[0] != m {
		sd.killers[1], sd.killers[0] = sd.killers[0], m
	}
	seat := e.pos.ToMove()
	if seat < 0 {
		return
	}
	hist := &e.history[seat]
	bonus := int32(min(depth*depth, 400))
	update := func(i uint32, b int32) {
		h := hist[i]
		h += b - h*abs32(b)/histMax
		hist[i] = h
	}
	update(histIndex(m), bonus*32)
	for j := 0; j < tried; j++ {
		q := sd.moves[j]
		if q != m && sd.scores[j] < orderKiller {
			update(histIndex(q), -bonus*32)
		}
	}
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

func lmrReduction(depth, n int) int {
	if depth < 3 || n < 3 {
		return 0
	}
	return int(0.6 + math.Log(float64(depth))*math.Log(float64(n))/2.2)
}
