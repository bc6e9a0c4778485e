package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"wyrm/game"
	"wyrm/games"
	"wyrm/match"
	"wyrm/record"
	"wyrm/search"
)

// A tactics suite is a text file with one problem a line:
//
//	<position> ; bm <move> ; c <comment>
//
// the move in the game's engine notation. wyrm tactics solves a suite at a
// fixed time per position; wyrm tactics -make builds one from the
// positions of recorded games, keeping those where a reference UCI engine
// finds one move clearly better than every other.

func runTactics(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tactics", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "dragon", "game: "+strings.Join(games.Names(), ", "))
	file := fs.String("file", "match/testdata/dragon-tactics.epd", "the suite")
	movetime := fs.Int("movetime", 1000, "milliseconds per position")
	level := fs.Int("level", search.MaxLevel, "wyrm's level")
	mk := fs.Bool("make", false, "build a suite instead of solving one (needs -from and -engine)")
	from := fs.String("from", "", "with -make: PGN games whose positions are candidates, or a suite (.epd) to verify again")
	engine := fs.String("engine", "", "with -make: the reference engine, '<command> option.<Name>=<value> ...'")
	depth := fs.Int("depth", 16, "with -make: the reference engine's search depth")
	margin := fs.Int("margin", 200, "with -make: centipawns by which the best move must beat the second")
	every := fs.Int("every", 3, "with -make: try every n-th position of a game")
	want := fs.Int("n", 60, "with -make: stop after this many problems")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	g, err := games.Lookup(*gameName)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm tactics:", err)
		return 2
	}
	if *mk {
		if *from == "" || *engine == "" {
			fmt.Fprintln(stderr, "wyrm tactics: -make needs -from and -engine")
			return 2
		}
		if err := makeTactics(g, *from, *engine, *depth, *margin, *every, *want, stdout, stderr); err != nil {
			fmt.Fprintln(stderr, "wyrm tactics:", err)
			return 1
		}
		return 0
	}
	probs, err := readTactics(*file)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm tactics:", err)
		return 1
	}
	solved := 0
	for i, pr := range probs {
		pos, err := g.Parse(pr.pos, nil)
		if err != nil {
			fmt.Fprintf(stderr, "wyrm tactics: problem %d: %v\n", i+1, err)
			return 1
		}
		bm, err := pos.ParseMove(pr.bm)
		if err != nil {
			fmt.Fprintf(stderr, "wyrm tactics: problem %d: best move: %v\n", i+1, err)
			return 1
		}
		e := search.New(uint64(i + 1))
		e.SetLevel(*level)
		res := e.Search(context.Background(), pos, search.Limits{MoveTime: time.Duration(*movetime) * time.Millisecond}, nil)
		ok := res.Best == bm
		if ok {
			solved++
		} else {
			fmt.Fprintf(stdout, "missed %d: %s  want %s, played %s (depth %d, score %d)\n", i+1, pr.pos, pr.bm, res.BestText, res.Depth, res.Score)
		}
	}
	fmt.Fprintf(stdout, "solved %d/%d at %d ms a position\n", solved, len(probs), *movetime)
	return 0
}

type tacticsProblem struct{ pos, bm, comment string }

func readTactics(path string) ([]tacticsProblem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []tacticsProblem
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		var p tacticsProblem
		parts := strings.Split(l, " ; ")
		p.pos = strings.TrimSpace(parts[0])
		for _, op := range parts[1:] {
			if v, ok := strings.CutPrefix(op, "bm "); ok {
				p.bm = strings.TrimSpace(v)
			} else if v, ok := strings.CutPrefix(op, "c "); ok {
				p.comment = strings.TrimSpace(v)
			}
		}
		if p.bm == "" {
			return nil, fmt.Errorf("%s:%d: no bm", path, n)
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// makeTactics writes problems from the games in pgnPath: a position is
// kept when the engine's best move beats its second by margin (a forced
// mate against a mere advantage counts as any margin), the side to move
// does not stand already won or lost by more than a rook before it, and no
// earlier problem has the same position.
func makeTactics(g game.Game, from, engine string, depth, margin, every, want int, stdout, stderr io.Writer) error {
	groups, err := tacticsCandidates(g, from, every)
	if err != nil {
		return err
	}
	a, err := match.NewAnalyst(engine)
	if err != nil {
		return err
	}
	defer a.Close()
	seen := map[string]bool{}
	found, tried := 0, 0
	for _, cands := range groups {
		for _, fen := range cands {
			if found >= want {
				return nil
			}
			if seen[fen] {
				continue
			}
			seen[fen] = true
			tried++
			lines, err := a.Analyse(context.Background(), fen, depth, 2)
			if err != nil {
				return err
			}
			if len(lines) < 2 {
				continue
			}
			best, second := lines[0], lines[1]
			mateGap := best.Score > match.MateCP/2 && second.Score < match.MateCP/2
			if !(mateGap || best.Score-second.Score >= margin) || second.Score > 500 || second.Score < -500 && !mateGap {
				continue
			}
			found++
			fmt.Fprintf(stdout, "%s ; bm %s ; c reference depth %d: best %d, second %s %d\n", fen, best.Move, depth, best.Score, second.Move, second.Score)
			fmt.Fprintf(stderr, "\rtried %d, kept %d", tried, found)
		}
	}
	fmt.Fprintln(stderr)
	return nil
}

// tacticsCandidates lists candidate positions, one group per game: every
// n-th position of each game of a PGN file from the seventh ply on, or, for
// a suite (a name ending in .epd), its positions in one group, so that a
// suite can be verified again at a greater depth.
func tacticsCandidates(g game.Game, from string, every int) ([][]string, error) {
	if strings.HasSuffix(from, ".epd") {
		probs, err := readTactics(from)
		if err != nil {
			return nil, err
		}
		var c []string
		for _, p := range probs {
			c = append(c, p.pos)
		}
		return [][]string{c}, nil
	}
	f, err := os.Open(from)
	if err != nil {
		return nil, err
	}
	recs, err := record.Read(f)
	f.Close()
	if err != nil {
		return nil, err
	}
	var out [][]string
	for ri := range recs {
		var cands []string
		ply := 0
		if _, err := recs[ri].Replay(g, func(pos game.Position, _ game.Move) error {
			if ply%every == every-1 && ply >= 6 {
				cands = append(cands, pos.String())
			}
			ply++
			return nil
		}); err != nil {
			return nil, fmt.Errorf("game %d: %w", ri+1, err)
		}
		out = append(out, cands)
	}
	return out, nil
}
