package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"wyrm/game"
	"wyrm/games"
	"wyrm/search"
)

// puzzleRules says what a clear win is: the best move scores at least
// Win for the mover and every other at least Gap less, and at most Even.
type puzzleRules struct {
	Win, Gap, Even int
	Quick, Deep    uint64 // nodes of the finding and the checking search
}

var defaultPuzzleRules = puzzleRules{Win: 250, Gap: 250, Even: 80, Quick: 30_000, Deep: 300_000}

// selfPlay says how the generator's games are played: with which options,
// an Int option set to each game's number (so that, say, a random
// deployment differs from game to game), and one move in Random chosen at
// random so that chances arise.
type selfPlay struct {
	opts   game.Options
	vary   string
	random int
}

// runPuzzles plays engine self-play games and writes the positions where
// exactly one move wins clearly: with -dir, into each game's own puzzle
// file (DIR/<game>/puzzles.json, which the game embeds), otherwise to
// standard output.
func runPuzzles(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzles", flag.ContinueOnError)
	fs.SetOutput(stderr)
	only := fs.String("game", "", "only this game (default: every game)")
	per := fs.Int("n", 5, "puzzles per game")
	maxGames := fs.Int("games", 40, "self-play games per game at most")
	seed := fs.Uint64("seed", 1, "seed of the self-play games' random moves")
	dir := fs.String("dir", "", "write each game's puzzles to DIR/<game>/puzzles.json (e.g. -dir games; default: standard output)")
	var opts optionFlags
	fs.Var(&opts, "opt", "game option name=value for the self-play games (repeatable; with -game)")
	vary := fs.String("vary", "", "an integer option set to each self-play game's number (with -game)")
	random := fs.Int("random", 4, "one move in N of the self-play games is random")
	rules := defaultPuzzleRules
	fs.IntVar(&rules.Win, "win", rules.Win, "the best move scores at least this, in centipawns")
	fs.IntVar(&rules.Gap, "gap", rules.Gap, "and every other move at least this much less")
	fs.IntVar(&rules.Even, "even", rules.Even, "and at most this")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if (len(opts) > 0 || *vary != "") && *only == "" {
		fmt.Fprintln(stderr, "wyrm puzzles: -opt and -vary need -game")
		return 2
	}
	if *random < 1 {
		fmt.Fprintln(stderr, "wyrm puzzles: -random must be at least 1")
		return 2
	}
	play := selfPlay{opts: game.Options(opts), vary: *vary, random: *random}
	for _, g := range games.All() {
		name := g.Info().Name
		if *only != "" && name != *only {
			continue
		}
		found, err := findPuzzles(context.Background(), g, play, *per, *maxGames, *seed, rules)
		if err != nil {
			fmt.Fprintf(stderr, "wyrm puzzles: %s: %v\n", name, err)
			return 1
		}
		fmt.Fprintf(stderr, "%s: %d puzzles\n", name, len(found))
		b, _ := json.MarshalIndent(map[string]any{"puzzles": found}, "", " ")
		b = append(b, '\n')
		if *dir == "" {
			fmt.Fprintf(stdout, "%s: %s", name, b)
			continue
		}
		if err := os.WriteFile(filepath.Join(*dir, name, "puzzles.json"), b, 0o644); err != nil {
			fmt.Fprintln(stderr, "wyrm puzzles:", err)
			return 1
		}
	}
	return 0
}

// gameOptions are the options of the k-th self-play game (from 0).
func (sp selfPlay) gameOptions(k int) game.Options {
	opts := game.Options{}
	maps.Copy(opts, sp.opts)
	if sp.vary != "" {
		opts[sp.vary] = strconv.Itoa(k + 1)
	}
	return opts
}

// findPuzzles plays up to maxGames self-play games of g, the engine now
// and then playing a random move so that the other side gets chances, and
// returns up to n puzzles.
func findPuzzles(ctx context.Context, g game.Game, sp selfPlay, n, maxGames int, seed uint64, r puzzleRules) ([]game.Puzzle, error) {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	eng := search.New(seed)
	seen := map[uint64]bool{}
	var out []game.Puzzle
	for k := 0; k < maxGames && len(out) < n; k++ {
		pos, err := g.Start(sp.gameOptions(k))
		if err != nil {
			return out, err
		}
		eng.NewGame()
		for ply := 0; ply < 120 && len(out) < n && !finished(pos); ply++ {
			legal := pos.LegalMoves(nil)
			if ply >= 4 && !seen[pos.Hash()] {
				seen[pos.Hash()] = true
				if p, ok := checkPuzzle(ctx, eng, pos, r); ok {
					out = append(out, p)
				}
			}
			var m game.Move
			if rng.IntN(sp.random) == 0 {
				m = legal[rng.IntN(len(legal))]
			} else {
				m = eng.Search(ctx, pos, search.Limits{Nodes: r.Quick}, nil).Best
			}
			pos.Play(m)
		}
	}
	return out, nil
}

func finished(pos game.Position) bool {
	return pos.ToMove() == game.NoPlayer || len(pos.LegalMoves(nil)) == 0
}

// checkPuzzle reports whether exactly one move wins clearly in pos: so a
// quick search finds, and a deeper one agrees on the same move.
func checkPuzzle(ctx context.Context, eng *search.Engine, pos game.Position, r puzzleRules) (game.Puzzle, bool) {
	if len(pos.LegalMoves(nil)) < 2 {
		return game.Puzzle{}, false
	}
	clear := func(nodes uint64) (search.Line, int, bool) {
		res := eng.Search(ctx, pos, search.Limits{Nodes: nodes, MultiPV: 2}, nil)
		if len(res.Lines) < 2 {
			return search.Line{}, 0, false
		}
		best, second := res.Lines[0], res.Lines[1].Score
		return best, second, best.Score >= r.Win && second <= r.Even && best.Score-second >= r.Gap
	}
	quick, _, ok := clear(r.Quick)
	if !ok {
		return game.Puzzle{}, false
	}
	deep, second, ok := clear(r.Deep)
	if !ok || deep.Move != quick.Move {
		return game.Puzzle{}, false
	}
	return game.Puzzle{Position: pos.String(), Solution: pos.MoveString(deep.Move), SAN: game.Notation(pos, deep.Move),
		Score: deep.Score, Second: second}, true
}
