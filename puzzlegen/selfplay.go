package puzzlegen

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"strconv"

	"wyrm/game"
)

// Play says how the self-play games are played.
type Play struct {
	// Seed makes the games: game k depends on Seed and k alone, so that a
	// run can be resumed game by game.
	Seed uint64
	// Opts are fixed options; every other option a player may set is drawn
	// at random for each game, so that the games cover the game's
	// variants, maps, player counts and armies.
	Opts game.Options
	// Random is one move in Random chosen at random after the opening, so
	// that chances arise.
	Random int
	// MaxPlies caps a game.
	MaxPlies int
}

// Game is one self-play game's harvest.
type Game struct {
	K       int           `json:"k"`
	Options game.Options  `json:"options,omitempty"`
	Plies   int           `json:"plies"`
	Puzzles []game.Puzzle `json:"puzzles"`
	Err     string        `json:"error,omitempty"`
	// Read says the puzzles were searched from their positions read back
	// from their strings (see Refind), as every game now is.
	Read bool `json:"read,omitempty"`
}

// Options draws game k's options: Opts, and for every other option a player
// may set a value at random (a choice, a number in range, each rule of a
// set with odds one in four).
func (pl Play) Options(g game.Game, rng *rand.Rand) game.Options {
	opts := game.Options{}
	for _, o := range g.Options() {
		if o.Internal {
			continue
		}
		switch o.Kind {
		case game.Choice:
			if len(o.Choices) > 0 && rng.IntN(3) > 0 {
				opts[o.Name] = o.Choices[rng.IntN(len(o.Choices))]
			}
		case game.Int:
			if o.Max > o.Min {
				opts[o.Name] = strconv.Itoa(o.Min + rng.IntN(min(o.Max-o.Min, 1<<20)+1))
			}
		case game.Set:
			var on []string
			for _, c := range o.Choices {
				if rng.IntN(4) == 0 {
					on = append(on, c)
				}
			}
			if len(on) > 0 {
				s := on[0]
				for _, c := range on[1:] {
					s += "," + c
				}
				opts[o.Name] = s
			}
		}
	}
	maps.Copy(opts, pl.Opts)
	return opts
}

// A self-play game ends once the mover's score has stayed beyond
// ±decidedScore for decidedPlies plies.
const (
	decidedScore = 1200
	decidedPlies = 8
)

// PlayGame plays self-play game k of g and returns the puzzles found in
// it. Options the game refuses are drawn again (up to a few times), then
// Opts alone are used.
func (c *Checker) PlayGame(ctx context.Context, g game.Game, pl Play, k int) Game {
	rng := rand.New(rand.NewPCG(pl.Seed, uint64(k)))
	out := Game{K: k, Puzzles: []game.Puzzle{}, Read: true}
	var pos game.Position
	var err error
	for try := 0; try < 4; try++ {
		out.Options = pl.Options(g, rng)
		if out.Options, err = g.Normalize(out.Options); err == nil {
			if pos, err = g.Start(out.Options); err == nil {
				break
			}
		}
	}
	if err != nil {
		out.Options = pl.Opts
		if pos, err = g.Start(pl.Opts); err != nil {
			out.Err = err.Error()
			return out
		}
	}
	out.Options = playerOptions(g, out.Options)
	startPieces := len(pos.Pieces(nil))
	// The opening: a few random plies, different in every game.
	opening := 2 + rng.IntN(7)
	seen := map[uint64]bool{}
	skip, decided := 0, 0
	for ply := 0; ply < pl.MaxPlies && !Finished(pos) && ctx.Err() == nil; ply++ {
		legal := pos.LegalMoves(nil)
		if ply < opening {
			pos.Play(legal[rng.IntN(len(legal))])
			continue
		}
		v := c.Clear(ctx, pos, c.r.Quick)
		if v.Clear && skip <= 0 && !seen[pos.Hash()] {
			seen[pos.Hash()] = true
			// The puzzle is its position string: searched as read back, as
			// the tests and the server read it, not with the game's history.
			q, err := g.Parse(pos.String(), out.Options)
			if err != nil {
				out.Err = fmt.Sprintf("game %d ply %d: %s does not read back: %v", k, ply, pos, err)
				return out
			}
			if pz, ok := c.Find(ctx, q, out.Options, startPieces); ok {
				out.Puzzles = append(out.Puzzles, pz)
				// The line's later positions would be the same puzzle.
				skip = len(pz.Line)
			}
		}
		skip--
		// A game long decided gives no more chances: the next one will.
		if decided = decided + 1; v.Score > -decidedScore && v.Score < decidedScore {
			decided = 0
		}
		if decided > decidedPlies {
			break
		}
		m := v.Best
		if m == game.NoMove || rng.IntN(max(pl.Random, 1)) == 0 {
			m = legal[rng.IntN(len(legal))]
		}
		pos.Play(m)
		out.Plies = ply + 1
	}
	return out
}

// playerOptions keeps the options a player may set: the ones the game
// fills in itself (a map's text) are filled again when read.
func playerOptions(g game.Game, opts game.Options) game.Options {
	out := game.Options{}
	for _, o := range g.Options() {
		if v, ok := opts[o.Name]; ok && !o.Internal {
			out[o.Name] = v
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// Refind searches the puzzles of a game recorded before Read again from
// their positions read back, so that they are what a search of the
// position alone finds (a position's history, which a string does not
// carry, can change a search); a puzzle the second search does not confirm
// is dropped.
func (c *Checker) Refind(ctx context.Context, g game.Game, rec Game) Game {
	if rec.Read {
		return rec
	}
	out := rec
	out.Puzzles, out.Read = []game.Puzzle{}, true
	for _, p := range rec.Puzzles {
		pos, err := g.Parse(p.Position, p.Options)
		if err != nil {
			continue
		}
		start, err := g.Start(p.Options)
		if err != nil {
			continue
		}
		if np, ok := c.Find(ctx, pos, p.Options, len(start.Pieces(nil))); ok {
			out.Puzzles = append(out.Puzzles, np)
		}
	}
	return out
}
