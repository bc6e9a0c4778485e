package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"wyrm/game"
	"wyrm/games"
	"wyrm/search"
)

// benchCase is one fixed search of the bench.
type benchCase struct {
	game  string
	opts  game.Options
	pos   string // "" for the start position
	depth int
}

var benchCases = []benchCase{
	{game: "dragon", depth: 9},
	{game: "dragon", pos: "r1bqkb1r/ppdp1ppp/2n1pn2/2p5/2P5/3PPN1P/PP2BPP1/RNBQK2R[DDd] w KQkq - 0 7", depth: 8},
	{game: "dragon", pos: "rn1qk2r/pbp2ppp/1p1bpn2/3pN3/3P4/P3P3/1PP1BPPP/RNBQK2R[DDdd] w KQkq - 2 7", depth: 8},
	{game: "dragonchess", depth: 5},
	{game: "dungeon", depth: 9},
	{game: "dungeon", opts: game.Options{"players": "3"}, depth: 6},
	{game: "dungeon", opts: game.Options{"players": "4"}, depth: 5},
}

// runBench searches fixed positions to fixed depths and reports the speed
// in nodes per second for each game.
func runBench(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	only := fs.String("game", "", "bench only this game")
	delta := fs.Int("depth-delta", 0, "add this to every bench depth (negative for a quick run)")
	hash := fs.Int("hash", search.DefaultHashMB, "transposition table MB")
	paramsFile := fs.String("params", "", "evaluation parameter file every position searches with (\"eval.nnue 1\": Dragon Chess's network)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	type total struct {
		nodes  uint64
		t, cpu time.Duration
	}
	var params []game.Param
	if *paramsFile != "" {
		var err error
		if params, err = readParamFile(*paramsFile); err != nil {
			fmt.Fprintln(stderr, "wyrm bench:", err)
			return 2
		}
	}
	totals := map[string]*total{}
	var order []string
	for _, c := range benchCases {
		if *only != "" && c.game != *only {
			continue
		}
		g, err := games.Lookup(c.game)
		if err != nil {
			fmt.Fprintln(stderr, "wyrm bench:", err)
			return 2
		}
		p, err := startOrParse(g, c.pos, c.opts)
		if err != nil {
			fmt.Fprintln(stderr, "wyrm bench:", err)
			return 1
		}
		if params != nil {
			t, ok := p.(game.Tuner)
			if !ok {
				continue // a game without parameters keeps its own evaluation
			}
			w, err := game.ApplyParams(t, params)
			if err != nil {
				continue // parameters of another game
			}
			t.SetWeights(w)
		}
		e := search.New(1)
		e.SetHash(*hash)
		depth := max(1, c.depth+*delta)
		c0 := cpuTime()
		r := e.Search(context.Background(), p, search.Limits{Depth: depth}, nil)
		cpu := cpuTime() - c0
		label := c.game
		if n := c.opts["players"]; n != "" {
			label += " " + n + "p"
		}
		fmt.Fprintf(stdout, "%-14s depth %2d  nodes %10d  time %7.3fs  cpu %7.3fs  nps %9.0f  best %s\n",
			label, depth, r.Nodes, r.Time.Seconds(), cpu.Seconds(), float64(r.Nodes)/r.Time.Seconds(), r.BestText)
		if totals[label] == nil {
			totals[label] = &total{}
			order = append(order, label)
		}
		totals[label].nodes += r.Nodes
		totals[label].t += r.Time
		totals[label].cpu += cpu
	}
	fmt.Fprintln(stdout)
	var all uint64
	for _, l := range order {
		t := totals[l]
		all += t.nodes
		// CPU time, where the system gives it, keeps the figure honest on
		// a machine busy with other work: the wall clock counts the time
		// the process waited for a core.
		fmt.Fprintf(stdout, "%-14s %10d nodes  %9.0f nodes/s  cpu %7.3fs  %9.0f nodes/cpu-s\n", l, t.nodes,
			float64(t.nodes)/t.t.Seconds(), t.cpu.Seconds(), float64(t.nodes)/max(t.cpu.Seconds(), 1e-9))
	}
	fmt.Fprintf(stdout, "total nodes %d\n", all)
	return 0
}
