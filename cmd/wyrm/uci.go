package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"wyrm/game"
	"wyrm/games"
	"wyrm/internal/localfile"
	"wyrm/search"
	"wyrm/uci"
)

// runUCI speaks UCI on stdin and stdout until "quit".
func runUCI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("uci", flag.ContinueOnError)
	fs.SetOutput(stderr)
	paramsFile := fs.String("params", "", "evaluation parameter file the searches use in every game it fits (\"eval.nnue 1\": Dragon Chess's network)")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "wyrm uci: takes only -params; choose the game with setoption name UCI_Variant")
		return 2
	}
	eng := search.New(uint64(time.Now().UnixNano()))
	var e uci.Engine = eng
	if *paramsFile != "" {
		ps, err := readParamFile(*paramsFile)
		if err != nil {
			fmt.Fprintln(stderr, "wyrm uci:", err)
			return 2
		}
		e = &paramEngine{Engine: eng, params: ps, built: map[string]game.Weights{}}
	}
	s := uci.NewSession(e, games.All(), stdout)
	s.Files = localfile.Options // a local user may name a map file
	if err := s.Serve(stdin); err != nil {
		fmt.Fprintln(stderr, "wyrm uci:", err)
		return 1
	}
	return 0
}

// paramEngine searches with evaluation parameters from a file: every
// position it is given evaluates with them when they fit its game. The
// embedded engine keeps its other methods, so UCI finds the same options.
type paramEngine struct {
	*search.Engine
	params []game.Param
	built  map[string]game.Weights // by game name; nil when they do not fit
}

// Search applies the parameters, then searches.
func (e *paramEngine) Search(ctx context.Context, pos game.Position, lim search.Limits, report func(search.Info)) search.Result {
	if t, ok := pos.(game.Tuner); ok {
		name := pos.Game().Info().Name
		w, seen := e.built[name]
		if !seen {
			w, _ = game.ApplyParams(t, e.params)
			e.built[name] = w
		}
		if w != nil {
			t.SetWeights(w)
		}
	}
	return e.Engine.Search(ctx, pos, lim, report)
}
