package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"wyrm/game"
	"wyrm/games"
	"wyrm/search"
)

// puzzle is a position from a self-play game in which exactly one move
// wins clearly.
type puzzle struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	// Solution is the winning move in the game's notation, SAN for
	// reading (the notation itself where the game has no SAN).
	Solution string `json:"solution"`
	SAN      string `json:"san"`
	// Score is the winning move's score in centipawns for the seat to
	// move, Second the best other move's.
	Score  int `json:"score"`
	Second int `json:"second"`
}

// puzzleRules says what a clear win is: the best move scores at least
// Win for the mover and every other at least Gap less, and at most Even.
type puzzleRules struct {
	Win, Gap, Even int
	Quick, Deep    uint64 // nodes of the finding and the checking search
}

var defaultPuzzleRules = puzzleRules{Win: 250, Gap: 250, Even: 80, Quick: 30_000, Deep: 300_000}

// runPuzzles plays engine self-play games and writes the positions where
// exactly one move wins clearly, as JSON the web app's puzzle page reads.
func runPuzzles(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzles", flag.ContinueOnError)
	fs.SetOutput(stderr)
	only := fs.String("game", "", "only this game (default: every game)")
	per := fs.Int("n", 5, "puzzles per game")
	maxGames := fs.Int("games", 40, "self-play games per game at most")
	seed := fs.Uint64("seed", 1, "seed of the self-play games' random moves")
	out := fs.String("o", "", "write to this file (default: standard output)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var all []puzzle
	for _, g := range games.All() {
		if *only != "" && g.Info().Name != *only {
			continue
		}
		found := findPuzzles(context.Background(), g, *per, *maxGames, *seed, defaultPuzzleRules)
		fmt.Fprintf(stderr, "%s: %d puzzles\n", g.Info().Name, len(found))
		all = append(all, found...)
	}
	b, _ := json.MarshalIndent(map[string]any{"puzzles": all}, "", " ")
	b = append(b, '\n')
	if *out == "" {
		stdout.Write(b)
		return 0
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		fmt.Fprintln(stderr, "wyrm puzzles:", err)
		return 1
	}
	return 0
}

// findPuzzles plays up to maxGames self-play games of g, the engine now
// and then playing a random move so that the other side gets chances, and
// returns up to n puzzles.
func findPuzzles(ctx context.Context, g game.Game, n, maxGames int, seed uint64, r puzzleRules) []puzzle {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	eng := search.New(seed)
	seen := map[uint64]bool{}
	var out []puzzle
	for k := 0; k < maxGames && len(out) < n; k++ {
		pos, err := g.Start(nil)
		if err != nil {
			return out
		}
		eng.NewGame()
		for ply := 0; ply < 120 && len(out) < n && !finished(pos); ply++ {
			legal := pos.LegalMoves(nil)
			if ply >= 4 && !seen[pos.Hash()] {
				seen[pos.Hash()] = true
				if p, ok := checkPuzzle(ctx, eng, g, pos, r); ok {
					out = append(out, p)
				}
			}
			var m game.Move
			if rng.IntN(4) == 0 {
				m = legal[rng.IntN(len(legal))]
			} else {
				m = eng.Search(ctx, pos, search.Limits{Nodes: r.Quick}, nil).Best
			}
			pos.Play(m)
		}
	}
	return out
}

func finished(pos game.Position) bool {
	return pos.ToMove() == game.NoPlayer || len(pos.LegalMoves(nil)) == 0
}

// checkPuzzle reports whether exactly one move wins clearly in pos: so a
// quick search finds, and a deeper one agrees on the same move.
func checkPuzzle(ctx context.Context, eng *search.Engine, g game.Game, pos game.Position, r puzzleRules) (puzzle, bool) {
	if len(pos.LegalMoves(nil)) < 2 {
		return puzzle{}, false
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
		return puzzle{}, false
	}
	deep, second, ok := clear(r.Deep)
	if !ok || deep.Move != quick.Move {
		return puzzle{}, false
	}
	san := pos.MoveString(deep.Move)
	if s, ok := pos.(game.SANer); ok {
		san = s.SAN(deep.Move)
	}
	return puzzle{Game: g.Info().Name, Position: pos.String(), Solution: pos.MoveString(deep.Move), SAN: san,
		Score: deep.Score, Second: second}, true
}
