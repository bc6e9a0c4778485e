package puzzlegen

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"

	"wyrm/game"
)

// Find says whether pos starts a puzzle and, if it does, follows its line:
// after each of the solver's moves the opponents reply with their best
// move, and the line goes on while the solver's next move is again the
// only clear win, up to Rules.MaxMoves. The line always ends with a
// solver's move. startPieces is the number of pieces at the start of the
// game pos comes from (under opts), for the endgame theme.
func (c *Checker) Find(ctx context.Context, pos game.Position, opts game.Options, startPieces int) (game.Puzzle, bool) {
	first, ok := c.First(ctx, pos)
	if !ok {
		return game.Puzzle{}, false
	}
	p := pos.Clone()
	solver := p.ToMove()
	var line []game.Move
	var text, san []string
	play := func(m game.Move) {
		line = append(line, m)
		text = append(text, p.MoveString(m))
		san = append(san, game.Notation(p, m))
		p.Play(m)
	}
	v, moves := first, 0
	for {
		play(v.Best)
		moves++
		if Finished(p) || moves >= c.r.MaxMoves {
			break
		}
		n := len(line)
		for p.ToMove() != solver && !Finished(p) {
			play(c.Reply(ctx, p))
		}
		if !Finished(p) {
			if v, ok = c.Step(ctx, p); ok {
				continue
			}
		}
		// No clear next step: the line ends with the solver's last move.
		for len(line) > n {
			p.Undo()
			line, text, san = line[:len(line)-1], text[:len(text)-1], san[:len(san)-1]
		}
		break
	}
	pz := game.Puzzle{
		ID:       PuzzleID(pos.String()),
		Position: pos.String(), Options: opts,
		Solution: text[0], SAN: san[0], Score: first.Score, Second: first.Second,
		Line: text, LineSAN: san, Moves: moves,
	}
	pz.Themes = Themes(pos, line, startPieces)
	pz.Rating = FirstRating(first, moves)
	return pz, true
}

// PuzzleID names a puzzle by its position: ten hexadecimal digits of a
// hash, unique among a game's puzzles (the generator keeps one puzzle per
// position).
func PuzzleID(position string) string {
	h := fnv.New64a()
	h.Write([]byte(position))
	return fmt.Sprintf("%010x", h.Sum64()>>24)
}

// FirstRating is a puzzle's rating before anyone tried it, from the
// search: 1000 for a move found at once, 120 more for each doubling of the
// nodes the search needed to settle on it past 250, 100 more for each
// further move of the solver's, and up to 150 more when the next best move
// was close behind (a gap near the rules' least). Players' attempts then
// correct it, so it need only be in the right region.
func FirstRating(v Verdict, moves int) int {
	r := 1000.0
	if v.Found > 250 {
		r += 120 * math.Log2(float64(v.Found)/250)
	}
	r += 100 * float64(moves-1)
	gap := v.Score - v.Second
	if gap < 600 {
		r += 150 * float64(600-gap) / 600
	}
	return int(math.Round(min(max(r, 600), 2600)))
}
