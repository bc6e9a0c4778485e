package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"wyrm/game"
	"wyrm/games"
	"wyrm/puzzlegen"
)

// puzzleRun is one run of "wyrm puzzles" for one game.
type puzzleRun struct {
	g        game.Game
	play     puzzlegen.Play
	rules    puzzlegen.Rules
	n, games int
	single   float64
	state    string // the progress file, "" for none
	shard    shardFlag
	from     int
	recipe   string
}

// runPuzzles plays engine self-play games and keeps the positions where
// exactly one move wins clearly, with their lines, themes and first
// ratings: with -state, each finished game is appended to a progress file
// at once, so that a stopped run resumes where it stopped and a partial run
// is usable; with -dir, into each game's own puzzle file
// (DIR/<game>/puzzles.json, which the game embeds), otherwise to standard
// output. docs/puzzles.md gives the recipe of the committed puzzles.
func runPuzzles(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzles", flag.ContinueOnError)
	fs.SetOutput(stderr)
	only := fs.String("game", "", "only this game (default: every game)")
	per := fs.Int("n", 5, "puzzles per game")
	maxGames := fs.Int("games", 40, "self-play games per game at most")
	seed := fs.Uint64("seed", 1, "seed of the self-play games (their options, openings and random moves)")
	dir := fs.String("dir", "", "write each game's puzzles to DIR/<game>/puzzles.json (e.g. -dir games; default: standard output)")
	state := fs.String("state", "", "keep progress in DIR/<game>.jsonl, one line per self-play game, and resume from it")
	collect := fs.Bool("collect", false, "play no games: write the puzzles the -state files hold")
	from := fs.Int("from", 0, "start at this self-play game number (another process may play the ones before), keeping progress in DIR/<game>[.i].fromN.jsonl")
	var shard shardFlag
	fs.Var(&shard, "shard", "play only the self-play games numbered i modulo n (i/n), keeping progress in DIR/<game>.i.jsonl, so that several processes share a game's run")
	again := fs.Bool("recheck", false, "play no games: search every puzzle of each game's file in -dir again with the file's rules (after an engine change), keeping those found and dropping the others")
	single := fs.Float64("single", 0.35, "one-move puzzles make at most this fraction of the kept puzzles")
	var opts optionFlags
	fs.Var(&opts, "opt", "fix a game option name=value for the self-play games (repeatable; with -game); the others are drawn at random")
	random := fs.Int("random", 4, "one move in N of the self-play games is random")
	plies := fs.Int("plies", 160, "plies of a self-play game at most")
	rules := puzzlegen.DefaultRules
	fs.IntVar(&rules.Win, "win", rules.Win, "the best move scores at least this, in centipawns")
	fs.IntVar(&rules.Gap, "gap", rules.Gap, "and every other move at least this much less")
	fs.IntVar(&rules.Even, "even", rules.Even, "and at most this")
	fs.IntVar(&rules.StepGap, "step-gap", rules.StepGap, "at a later step of a line, every other move at least this much less")
	fs.Uint64Var(&rules.Quick, "quick", rules.Quick, "nodes of the finding search")
	fs.Uint64Var(&rules.Deep, "deep", rules.Deep, "nodes of the checking search, at every step of a line")
	fs.Uint64Var(&rules.Reply, "reply", rules.Reply, "nodes of an opponent's reply")
	fs.IntVar(&rules.MaxMoves, "max-moves", rules.MaxMoves, "the solver's moves in a line at most")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	bad := func(msg string) int { fmt.Fprintln(stderr, "wyrm puzzles:", msg); return 2 }
	switch {
	case len(opts) > 0 && *only == "":
		return bad("-opt needs -game")
	case *random < 1:
		return bad("-random must be at least 1")
	case rules.MaxMoves < 1:
		return bad("-max-moves must be at least 1")
	case rules.Quick == 0 || rules.Deep == 0 || rules.Reply == 0:
		return bad("-quick, -deep and -reply must be positive")
	case *single < 0 || *single > 1:
		return bad("-single must be between 0 and 1")
	case *collect && *state == "":
		return bad("-collect needs -state")
	case *from < 0:
		return bad("-from must not be negative")
	case *again && *dir == "":
		return bad("-recheck needs -dir")
	}
	for _, g := range games.All() {
		name := g.Info().Name
		if *only != "" && name != *only {
			continue
		}
		if *again {
			if err := recheck(context.Background(), g, *dir, stderr); err != nil {
				fmt.Fprintf(stderr, "wyrm puzzles: %s: %v\n", name, err)
				return 1
			}
			continue
		}
		run := puzzleRun{g: g, rules: rules, n: *per, games: *maxGames, single: *single,
			play:   puzzlegen.Play{Seed: *seed, Opts: game.Options(opts), Random: *random, MaxPlies: *plies},
			recipe: "wyrm puzzles " + strings.Join(recipeArgs(fs, name), " ")}
		run.shard, run.from = shard, *from
		if *state != "" {
			suffix := shard.suffix()
			if *from > 0 {
				suffix += fmt.Sprintf(".from%d", *from)
			}
			run.state = filepath.Join(*state, name+suffix+".jsonl")
		}
		found, err := run.run(context.Background(), *collect, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "wyrm puzzles: %s: %v\n", name, err)
			return 1
		}
		b := run.file(found)
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

// recipeArgs are every flag that shapes the puzzles, defaults too, with
// -game named: the recipe a puzzle file records.
func recipeArgs(fs *flag.FlagSet, name string) []string {
	out := []string{"-game " + name}
	fs.VisitAll(func(f *flag.Flag) {
		switch f.Name {
		case "game", "dir", "state", "collect", "shard", "from", "recheck":
			return
		}
		if f.Name == "opt" {
			for k, v := range *f.Value.(*optionFlags) {
				out = append(out, "-opt "+k+"="+v)
			}
			return
		}
		out = append(out, "-"+f.Name+" "+f.Value.String())
	})
	return out
}

// run plays the self-play games the progress file does not hold yet, until
// n puzzles are kept or the games run out, and returns the kept puzzles.
func (r puzzleRun) run(ctx context.Context, collectOnly bool, log io.Writer) ([]game.Puzzle, error) {
	done, err := readProgress(filepath.Dir(r.state), r.g.Info().Name, r.state != "")
	if err != nil {
		return nil, err
	}
	var save *os.File
	if r.state != "" && !collectOnly {
		if err := os.MkdirAll(filepath.Dir(r.state), 0o755); err != nil {
			return nil, err
		}
		if save, err = os.OpenFile(r.state, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err != nil {
			return nil, err
		}
		defer save.Close()
	}
	name := r.g.Info().Name
	c := puzzlegen.NewChecker(r.rules)
	if collectOnly {
		if err := r.refind(ctx, c, done, log); err != nil {
			return nil, err
		}
	}
	kept := keep(done, r.n, r.single)
	start, cpu0 := time.Now(), cpuTime()
	played := 0
	for k := r.from; k < r.games && len(kept) < r.n && !collectOnly; k++ {
		if _, ok := done[k]; ok || !r.shard.mine(k) {
			continue
		}
		res := c.PlayGame(ctx, r.g, r.play, k)
		if res.Err != "" {
			return nil, errors.New(res.Err)
		}
		done[k] = res
		played++
		if save != nil {
			b, _ := json.Marshal(res)
			if _, err := save.Write(append(b, '\n')); err != nil {
				return nil, err
			}
		}
		kept = keep(done, r.n, r.single)
		cpu := cpuTime() - cpu0
		fmt.Fprintf(log, "%s: game %d (%d plies, %v): %d found, %d kept; %d games in %v wall, %v CPU, %.1f puzzles/CPU-minute\n",
			name, k, res.Plies, res.Options, len(res.Puzzles), len(kept), played, time.Since(start).Round(time.Second),
			cpu.Round(time.Second), float64(len(kept))/max(cpu.Minutes(), 1e-9))
	}
	// The themes are found again, so that the file has this build's.
	for i, p := range kept {
		if kept[i], err = puzzlegen.Retheme(r.g, p); err != nil {
			return nil, fmt.Errorf("puzzle %s: %w", p.ID, err)
		}
	}
	multi := 0
	for _, p := range kept {
		if p.Moves >= 2 {
			multi++
		}
	}
	fmt.Fprintf(log, "%s: %d puzzles, %d of them of two or more moves\n", name, len(kept), multi)
	return kept, nil
}

// readProgress reads a game's progress files in dir (every shard's): the
// self-play games already played, by number. A line cut short (a run
// stopped while writing) is ignored.
func readProgress(dir, name string, use bool) (map[int]puzzlegen.Game, error) {
	done := map[int]puzzlegen.Game{}
	if !use {
		return done, nil
	}
	files, err := filepath.Glob(filepath.Join(dir, name+".*jsonl"))
	if err != nil {
		return nil, err
	}
	for _, path := range files {
		if err := readProgressFile(path, done); err != nil {
			return nil, err
		}
	}
	return done, nil
}

// refind searches again the puzzles of the games recorded before their
// positions were searched as read back (puzzlegen.Refind), in game order
// until enough are kept, appending each game so redone to
// DIR/<game>.refound.jsonl, which later collections read.
func (r puzzleRun) refind(ctx context.Context, c *puzzlegen.Checker, done map[int]puzzlegen.Game, log io.Writer) error {
	last := -1
	for k := range done {
		last = max(last, k)
	}
	f, err := os.OpenFile(filepath.Join(filepath.Dir(r.state), r.g.Info().Name+".refound.jsonl"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	for k := 0; k <= last && len(keep(done, r.n, r.single)) < r.n; k++ {
		rec, ok := done[k]
		if !ok || rec.Read {
			continue
		}
		rec = c.Refind(ctx, r.g, rec)
		done[k] = rec
		b, _ := json.Marshal(rec)
		if _, err := f.Write(append(b, '\n')); err != nil {
			return err
		}
		fmt.Fprintf(log, "%s: game %d searched again: %d puzzles\n", r.g.Info().Name, k, len(rec.Puzzles))
	}
	return nil
}

func readProgressFile(path string, done map[int]puzzlegen.Game) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var g puzzlegen.Game
		// A game searched again (Read) stands for the first record of it.
		if json.Unmarshal(sc.Bytes(), &g) == nil && (g.Read || !done[g.K].Read) {
			done[g.K] = g
		}
	}
	return sc.Err()
}

// shardFlag is -shard i/n; the zero value plays every game.
type shardFlag struct{ i, n int }

func (s *shardFlag) String() string {
	if s.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.i, s.n)
}

func (s *shardFlag) Set(v string) error {
	if _, err := fmt.Sscanf(v, "%d/%d", &s.i, &s.n); err != nil || s.n < 1 || s.i < 0 || s.i >= s.n {
		return fmt.Errorf("want i/n with 0 <= i < n, got %q", v)
	}
	return nil
}

func (s shardFlag) mine(k int) bool { return s.n == 0 || k%s.n == s.i }

func (s shardFlag) suffix() string {
	if s.n == 0 {
		return ""
	}
	return fmt.Sprintf(".%d", s.i)
}

// keep picks the puzzles to keep from the games played, in game order: one
// per position, one-move puzzles only while they stay within the fraction
// single of those kept, n at most.
func keep(done map[int]puzzlegen.Game, n int, single float64) []game.Puzzle {
	last := -1
	for k := range done {
		last = max(last, k)
	}
	seen := map[string]bool{}
	var out []game.Puzzle
	ones := 0
	for k := 0; k <= last && len(out) < n; k++ {
		for _, p := range done[k].Puzzles {
			if seen[p.ID] || len(out) >= n {
				continue
			}
			if p.Moves < 2 && float64(ones+1) > single*float64(len(out)+1) {
				continue
			}
			seen[p.ID] = true
			if p.Moves < 2 {
				ones++
			}
			out = append(out, p)
		}
	}
	return out
}

// file writes a puzzle file: the recipe, the rules and one puzzle a line.
func (r puzzleRun) file(found []game.Puzzle) []byte {
	var b strings.Builder
	rec, _ := json.Marshal(r.recipe)
	rules, _ := json.Marshal(r.rules)
	fmt.Fprintf(&b, "{\"recipe\":%s,\n\"rules\":%s,\n\"puzzles\":[", rec, rules)
	for i, p := range found {
		if i > 0 {
			b.WriteString(",")
		}
		pb, _ := json.Marshal(p)
		b.WriteString("\n")
		b.Write(pb)
	}
	b.WriteString("\n]}\n")
	return []byte(b.String())
}
