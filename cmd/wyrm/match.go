package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"wyrm/game"
	"wyrm/games"
	"wyrm/match"
	"wyrm/record"
)

const matchSpecHelp = "level:N (1-8), random, greedy, material:N (material-only alpha-beta to depth N), brs:N / paranoid:N, or 'uci:<command> option.<Name>=<value> ...'"

func runMatch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "dragon", "game: "+strings.Join(games.Names(), ", "))
	specA := fs.String("a", "level:8", "player A: "+matchSpecHelp)
	specB := fs.String("b", "random", "player B (every other seat): "+matchSpecHelp)
	n := fs.Int("games", 20, "number of games")
	movetime := fs.Int("movetime", 0, "milliseconds per move (default 100 without -tc)")
	nodes := fs.Uint64("nodes", 0, "nodes of search per move instead of a time (wyrm and UCI engines; the same on a loaded machine)")
	tc := fs.String("tc", "", "clock per player BASE+INC in seconds, e.g. 10+0.1")
	openings := fs.String("openings", "", "file of start positions, one position string a line (EPD), or PGN games played to their last position (played with seats swapped)")
	pgn := fs.String("pgn", "", "write the games to this file")
	sprt := fs.String("sprt", "", "stop early by SPRT of elo0,elo1 (alpha = beta = 0.05)")
	conc := fs.Int("concurrency", 1, "games played at once")
	maxPlies := fs.Int("max-plies", 0, fmt.Sprintf("draw a game after this many moves (default %d, or the game's own for a long game such as Dungeon Chess: 4000)", match.DefaultMaxPlies))
	adjudicate := fs.Int("adjudicate", 0, "score drawn games by the evaluation of the final position for A: a lead of this many centipawns wins (0: off)")
	randomArmies := fs.Bool("random-armies", false, "in a game with a setup (Dungeon Chess), draw every seat's army and deployment at random from the seed; by default wyrm's players draft and deploy their own")
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()%1e9), "seed for the players' random choices and the armies")
	var opts optionFlags
	fs.Var(&opts, "opt", "game option name=value (repeatable), e.g. players=3")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "wyrm match:", err)
		return 2
	}
	g, err := games.Lookup(*gameName)
	if err != nil {
		return fail(err)
	}
	cfg := match.Config{
		Game: g, Options: game.Options(opts), Games: *n, Concurrency: *conc, MaxPlies: *maxPlies, Seed: *seed, Adjudicate: *adjudicate,
		RandomArmies: *randomArmies,
		Progress:     stderr,
		NewA:         func(s uint64) (match.Player, error) { return match.NewPlayer(*specA, s) },
		NewB:         func(s uint64) (match.Player, error) { return match.NewPlayer(*specB, s) },
	}
	if cfg.Options == nil {
		cfg.Options = game.Options{}
	}
	if err := game.Validate(g.Options(), cfg.Options); err != nil {
		return fail(err)
	}
	switch {
	case *nodes > 0:
		cfg.Nodes = *nodes
	case *tc != "":
		base, inc, err := parseTC(*tc)
		if err != nil {
			return fail(err)
		}
		cfg.Base, cfg.Inc = base, inc
	case *movetime > 0:
		cfg.MoveTime = time.Duration(*movetime) * time.Millisecond
	default:
		cfg.MoveTime = 100 * time.Millisecond
	}
	if *openings != "" {
		if cfg.Openings, err = readOpenings(*openings, g); err != nil {
			return fail(err)
		}
	}
	if *sprt != "" {
		a, b, ok := strings.Cut(*sprt, ",")
		e0, err0 := strconv.ParseFloat(a, 64)
		e1, err1 := strconv.ParseFloat(b, 64)
		if !ok || err0 != nil || err1 != nil || e0 >= e1 {
			return fail(fmt.Errorf("-sprt wants elo0,elo1 with elo0 < elo1, got %q", *sprt))
		}
		cfg.SPRT = &match.SPRT{Elo0: e0, Elo1: e1, Alpha: 0.05, Beta: 0.05}
	}
	if *pgn != "" {
		f, err := os.Create(*pgn)
		if err != nil {
			return fail(err)
		}
		defer f.Close()
		w := bufio.NewWriter(f)
		defer w.Flush()
		cfg.PGN = w
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	sum, err := match.Run(ctx, cfg)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm match:", err)
		if sum.Tally.Games() == 0 {
			return 1
		}
	}
	printSummary(stdout, cfg, sum)
	return 0
}

// describeStarts says where the games' start positions came from.
func describeStarts(cfg match.Config) string {
	if len(cfg.Openings) > 0 {
		return fmt.Sprintf("%d openings from the file, each played with A in every seat", len(cfg.Openings))
	}
	if _, ok := cfg.Game.(game.SetupGame); ok && !cfg.RandomArmies {
		return fmt.Sprintf("the game's setup with option seed=%d, %d, ... and factions drawn from it: wyrm's players draft and deploy their own armies, the others random ones",
			cfg.Seed%(1<<31-1)+1, (cfg.Seed+1)%(1<<31-1)+1)
	}
	for _, o := range cfg.Game.Options() {
		if o.Name == "seed" {
			armies := "random legal armies"
			if cfg.Options.Get("armies", "") == "sample" {
				armies = "each faction's example army from the rulebook, factions and deployment drawn from the seed"
			}
			return fmt.Sprintf("the game's start with option seed=%d, %d, ... (%s), one seed per rotation of A through the seats",
				cfg.Seed%(1<<31-1)+1, (cfg.Seed+1)%(1<<31-1)+1, armies)
		}
	}
	return "the game's start position, with A in every seat in turn"
}

func printSummary(w io.Writer, cfg match.Config, sum match.Summary) {
	t := sum.Tally
	fmt.Fprintf(w, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", sum.A, sum.B, t.Wins, t.Losses, t.Draws, t.Score(), t.Games())
	d, e := t.Elo()
	if math.IsInf(e, 1) {
		fmt.Fprintf(w, "Elo difference: %+.1f +/- inf (95%%)\n", d)
	} else {
		fmt.Fprintf(w, "Elo difference: %+.1f +/- %.1f (95%%)\n", d, e)
	}
	fmt.Fprintf(w, "Starts: %s\n", describeStarts(cfg))
	reasons := map[string]int{}
	for _, r := range sum.Records {
		reasons[r.Reason]++
	}
	for r, c := range reasons {
		fmt.Fprintf(w, "  %3d x %s\n", c, r)
	}
	if cfg.SPRT != nil {
		lo, hi := cfg.SPRT.Bounds()
		v := sum.Verdict
		if v == "" {
			v = "undecided"
		}
		fmt.Fprintf(w, "SPRT: llr %.2f (%.2f, %.2f) elo0 %g elo1 %g: %s\n", sum.LLR, lo, hi, cfg.SPRT.Elo0, cfg.SPRT.Elo1, v)
	}
	fmt.Fprintf(w, "score %g/%d\n", t.Points(), t.Games())
}

// parseTC reads "BASE+INC" in seconds ("10+0.1", "60").
func parseTC(s string) (base, inc time.Duration, err error) {
	b, i, _ := strings.Cut(s, "+")
	bs, err := strconv.ParseFloat(b, 64)
	if err != nil || !(bs > 0 && bs < 1e6) {
		return 0, 0, fmt.Errorf("-tc %q: want BASE+INC in seconds", s)
	}
	is := 0.0
	if i != "" {
		if is, err = strconv.ParseFloat(i, 64); err != nil || !(is >= 0 && is < 1e6) {
			return 0, 0, fmt.Errorf("-tc %q: want BASE+INC in seconds", s)
		}
	}
	return time.Duration(bs * float64(time.Second)), time.Duration(is * float64(time.Second)), nil
}

// readOpenings reads start positions: PGN games when the file's first line
// is a tag (each game's moves replayed to the position they reach), else
// one position string a line.
func readOpenings(path string, g game.Game) ([]string, error) {
	lines, err := readLines(path)
	if err != nil || len(lines) == 0 || !strings.HasPrefix(lines[0], "[") {
		return lines, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := record.Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := make([]string, len(recs))
	for i := range recs {
		pos, err := recs[i].Replay(g, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: game %d: %w", path, i+1, err)
		}
		out[i] = pos.String()
	}
	return out, nil
}

func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out, sc.Err()
}
