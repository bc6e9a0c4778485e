package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"wyrm/game"
	"wyrm/games"
	"wyrm/tune"
)

// defaultTunePath is where tune keeps a game's files unless told: the
// system's temporary directory, so that data sets stay out of the source.
func defaultTunePath(gameName, suffix string) string {
	return filepath.Join(os.TempDir(), "wyrm-tune-"+gameName+suffix)
}

func runTune(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: wyrm tune -generate [flags]   play self-play games, write their quiet positions
       wyrm tune [flags]             fit the evaluation's parameters to positions (Texel's method)
       wyrm tune -list [-hand]       print the parameters the game plays with (or their hand-set values)
       wyrm tune -relabel ENGINE     label a data set's positions by a UCI engine's judgement

The fit writes a parameter file: "wyrm match --a level:8,params:FILE" plays with it, and a game
that embeds it (games/<game>/params.txt) plays with it by default. See docs/strength.md, "Tuning".`)
		fs.PrintDefaults()
	}
	gameName := fs.String("game", "dragon", "game: "+strings.Join(games.Names(), ", "))
	list := fs.Bool("list", false, "print the game's evaluation parameters as a parameter file and stop")
	hand := fs.Bool("hand", false, "with -list: the values set by hand before any fit, not those the game plays with")
	generate := fs.Bool("generate", false, "play self-play games and write their quiet positions instead of fitting")
	out := fs.String("out", "", "file to write: the data set with -generate (default in the temporary directory), else the fitted parameters")
	// Generating.
	nGames := fs.Int("games", 100, "-generate: games to play")
	nodes := fs.Uint64("nodes", 2000, "-generate: nodes of search a move")
	randomPlies := fs.Int("random-plies", 8, "-generate: moves played at random from the start, for variety (not recorded)")
	openings := fs.String("openings", "", "-generate: file of start positions (EPD or PGN, as wyrm match reads), used in turn")
	maxPlies := fs.Int("max-plies", 0, "-generate: drop a game after this many moves (default: the game's cap)")
	seed := fs.Uint64("seed", 1, "-generate: seed of the random moves and armies; game i uses seed+i")
	conc := fs.Int("concurrency", 1, "-generate: games played at once; -relabel: engines run at once")
	genParams := fs.String("params", "", "-generate: parameter file both sides play with (default: the game's own weights)")
	scores := fs.String("scores", "", "-generate: also write each kept position with the search's score to this file, \"score result game position\" a line (data for wyrm train)")
	starts := fs.String("starts", "", "-generate: also write each game's position after the random moves to this file, one a line (openings for wyrm match)")
	var opts optionFlags
	fs.Var(&opts, "opt", "-generate: game option name=value (repeatable)")
	// Fitting.
	data := fs.String("data", "", "data files to fit to, comma-separated (default: -generate's default file)")
	start := fs.String("start", "", "parameter file to start the fit from (default: the values the game plays with)")
	only := fs.String("only", "", "fit only parameters whose names start with one of these comma-separated prefixes")
	holdout := fs.Int("holdout", 10, "hold every Nth game out of the fit and report the error on it (0: none)")
	rounds := fs.Int("rounds", 4, "rounds of linearising the evaluation and minimising")
	l2 := fs.Float64("l2", 0, "pull towards the start values: this times the squared change is added to the error")
	k := fs.Float64("k", 0, "scale of the sigmoid (default: the K that fits the start values best)")
	threads := fs.Int("threads", 1, "positions evaluated in parallel")
	relabelWith := fs.String("relabel", "", "label the -data positions by this UCI engine's judgement (a command line, with option.Name=value as wyrm match takes) and write them to -out instead of fitting")
	labelDepth := fs.Int("label-depth", 8, "-relabel: the engine's search depth a position")
	labelMix := fs.Float64("label-mix", 1, "-relabel: share of the engine's judgement in a label, the rest the game's result")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "wyrm tune:", err)
		return 1
	}
	g, err := games.Lookup(*gameName)
	if err != nil {
		return fail(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	switch {
	case *list:
		return tuneList(g, *hand, stdout, fail)
	case *generate:
		path := *out
		if path == "" {
			path = defaultTunePath(g.Info().Name, ".txt")
		}
		cfg := tune.GenConfig{Game: g, Options: game.Options(opts), Games: *nGames, Nodes: *nodes,
			RandomPlies: *randomPlies, MaxPlies: *maxPlies, Seed: *seed, Concurrency: *conc, Progress: stderr}
		if cfg.Options == nil {
			cfg.Options = game.Options{}
		}
		if err := game.Validate(g.Options(), cfg.Options); err != nil {
			return fail(err)
		}
		if *openings != "" {
			if cfg.Openings, err = readOpenings(*openings, g); err != nil {
				return fail(err)
			}
		}
		if *genParams != "" {
			if cfg.Params, err = readParamFile(*genParams); err != nil {
				return fail(err)
			}
		}
		if *scores != "" {
			f, err := os.Create(*scores)
			if err != nil {
				return fail(err)
			}
			defer f.Close()
			w := bufio.NewWriter(f)
			defer w.Flush()
			cfg.Scores = w
		}
		if *starts != "" {
			f, err := os.Create(*starts)
			if err != nil {
				return fail(err)
			}
			defer f.Close()
			w := bufio.NewWriter(f)
			defer w.Flush()
			cfg.Starts = w
		}
		return tuneGenerate(ctx, cfg, path, stdout, fail)
	}
	paths := strings.Split(*data, ",")
	if *data == "" {
		paths = []string{defaultTunePath(g.Info().Name, ".txt")}
	}
	if *relabelWith != "" {
		path := *out
		if path == "" {
			path = defaultTunePath(g.Info().Name, "-labelled.txt")
		}
		cfg := labelConfig{engine: *relabelWith, depth: *labelDepth, mix: *labelMix, concurrency: *conc}
		return tuneRelabel(ctx, g, paths, path, cfg, stdout, stderr, fail)
	}
	d, err := readTuneData(paths, g.Info().Name)
	if err != nil {
		return fail(err)
	}
	var startParams []game.Param
	if *start != "" {
		if startParams, err = readParamFile(*start); err != nil {
			return fail(err)
		}
	}
	set, err := tune.NewGameSet(g, d.Options, d.Samples, startParams)
	if err != nil {
		return fail(err)
	}
	cfg := tune.FitConfig{Rounds: *rounds, Holdout: *holdout, L2: *l2, K: *k, Threads: *threads, Log: stderr}
	if *only != "" {
		cfg.Only = strings.Split(*only, ",")
	}
	path := *out
	if path == "" {
		path = defaultTunePath(g.Info().Name, "-params.txt")
	}
	began := time.Now()
	res, err := tune.Fit(ctx, set, cfg)
	if err != nil {
		return fail(err)
	}
	header := fmt.Sprintf("%s evaluation parameters, \"name value\" a line (see docs/strength.md, \"Tuning\").\n"+
		"Fitted by wyrm tune to %d positions of %s (%d more held out), K = %.4f:\n"+
		"mean squared error %.6f -> %.6f, held out %.6f -> %.6f.",
		g.Info().Title, res.Train, strings.Join(baseNames(paths), ", "), res.Test, res.K,
		res.TrainBefore, res.TrainAfter, res.TestBefore, res.TestAfter)
	if err := os.WriteFile(path, game.FormatParams(header, res.Fitted()), 0o644); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "positions %d fitted, %d held out; K = %.4f\n", res.Train, res.Test, res.K)
	fmt.Fprintf(stdout, "error %.6f -> %.6f; held out %.6f -> %.6f (%d rounds kept, %s)\n",
		res.TrainBefore, res.TrainAfter, res.TestBefore, res.TestAfter, res.Rounds, time.Since(began).Round(time.Second))
	for _, c := range res.Changed() {
		fmt.Fprintln(stdout, "  "+c)
	}
	fmt.Fprintf(stdout, "wrote %s; try it: wyrm match --game %s --a level:8,params:%s --b level:8 --nodes 20000\n",
		path, g.Info().Name, path)
	return 0
}

// tuneList prints the parameters a game plays with, or their hand-set
// values.
func tuneList(g game.Game, hand bool, stdout io.Writer, fail func(error) int) int {
	p, err := g.Start(game.Options{})
	if err != nil {
		return fail(err)
	}
	t, ok := p.(game.Tuner)
	if !ok {
		return fail(fmt.Errorf("%s has no evaluation parameters (game.Tuner)", g.Info().Title))
	}
	ps, what := t.Params(), "as the game plays with them"
	if hand {
		for i := range ps {
			ps[i].Value = ps[i].Hand
		}
		what = "as set by hand before any fit"
	}
	if _, err := stdout.Write(game.FormatParams(g.Info().Title+" evaluation parameters "+what+".", ps)); err != nil {
		return fail(err)
	}
	return 0
}

// tuneGenerate plays the games and writes the data file.
func tuneGenerate(ctx context.Context, cfg tune.GenConfig, path string, stdout io.Writer, fail func(error) int) int {
	f, err := os.Create(path)
	if err != nil {
		return fail(err)
	}
	w := bufio.NewWriter(f)
	err = tune.WriteHeader(w, cfg.Game.Info().Name, cfg.Options)
	var st tune.GenStats
	began := time.Now()
	if err == nil {
		st, err = tune.Generate(ctx, cfg, w)
	}
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		return fail(err)
	}
	fmt.Fprintf(stdout, "games %d (first seat +%d =%d -%d), dropped %d, positions %d in %s\nwrote %s\n",
		st.Games, st.Wins, st.Draws, st.Losses, st.Dropped, st.Positions, time.Since(began).Round(time.Second), path)
	return 0
}

// readTuneData reads and joins data files of one game, numbering each
// file's games after the previous file's so that held-out games stay
// whole.
func readTuneData(paths []string, gameName string) (*tune.Data, error) {
	var all *tune.Data
	offset := 0
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		d, err := tune.ReadData(bufio.NewReader(f))
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if d.Game != gameName {
			return nil, fmt.Errorf("%s holds %s positions, not %s", path, d.Game, gameName)
		}
		if all == nil {
			all = &tune.Data{Game: d.Game, Options: d.Options}
		} else if fmt.Sprint(d.Options) != fmt.Sprint(all.Options) {
			return nil, fmt.Errorf("%s: options %v differ from the first file's %v", path, d.Options, all.Options)
		}
		next := offset
		for _, s := range d.Samples {
			s.Game += offset
			next = max(next, s.Game+1)
			all.Samples = append(all.Samples, s)
		}
		offset = next
	}
	return all, nil
}

// readParamFile reads a parameter file.
func readParamFile(path string) ([]game.Param, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	ps, err := game.ParseParams(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ps, nil
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}
