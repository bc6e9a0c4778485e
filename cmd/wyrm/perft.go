package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"wyrm/game"
	"wyrm/games"
)

func runPerft(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := addGameFlags(fs)
	depth := fs.Int("depth", 0, "depth in plies (with -epd: the deepest depth to check, 0 for all)")
	divide := fs.Bool("divide", false, "print the count below each root move")
	epd := fs.String("epd", "", "suite file: lines of '<position> ;D1 n ;D2 n ...'")
	maxNodes := fs.Uint64("max-nodes", 0, "with -epd: skip checks whose expected count exceeds this")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *epd != "" {
		g, err := games.Lookup(gf.name)
		if err != nil {
			fmt.Fprintln(stderr, "wyrm perft:", err)
			return 2
		}
		return perftSuite(g, gf.options(), *epd, *depth, *maxNodes, stdout, stderr)
	}
	if *depth < 1 {
		fmt.Fprintln(stderr, "wyrm perft: -depth must be at least 1")
		return 2
	}
	_, p, err := gf.position()
	if err != nil {
		fmt.Fprintln(stderr, "wyrm perft:", err)
		return 2
	}
	start := time.Now()
	var total uint64
	if *divide {
		for _, e := range game.Divide(p, *depth) {
			fmt.Fprintf(stdout, "%s: %d\n", e.Move, e.Nodes)
			total += e.Nodes
		}
	} else {
		total = game.Perft(p, *depth)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stderr, "time %.3fs, %.2f M nodes/s\n", elapsed.Seconds(), float64(total)/elapsed.Seconds()/1e6)
	fmt.Fprintf(stdout, "nodes %d\n", total)
	return 0
}

// perftSuite checks every ';Dn count' of every line of an EPD-style file.
func perftSuite(g game.Game, o game.Options, path string, maxDepth int, maxNodes uint64, stdout, stderr io.Writer) int {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm perft:", err)
		return 2
	}
	defer f.Close()
	var total uint64
	var bad, checked int
	start := time.Now()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, ";")
		p, err := g.Parse(strings.TrimSpace(fields[0]), o)
		if err != nil {
			fmt.Fprintf(stdout, "line %d: %v\n", line, err)
			bad++
			continue
		}
		for _, fld := range fields[1:] {
			d, want, ok := parseDepthCount(fld)
			if !ok {
				continue
			}
			if (maxDepth > 0 && d > maxDepth) || (maxNodes > 0 && want > maxNodes) {
				continue
			}
			got := game.Perft(p, d)
			total += got
			checked++
			if got != want {
				bad++
				fmt.Fprintf(stdout, "MISMATCH line %d depth %d: got %d want %d  %s\n", line, d, got, want, fields[0])
			}
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(stderr, "wyrm perft:", err)
		return 2
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "checked %d counts, %d mismatches, %.3fs, %.2f M nodes/s\n",
		checked, bad, elapsed.Seconds(), float64(total)/elapsed.Seconds()/1e6)
	fmt.Fprintf(stdout, "nodes %d\n", total)
	if bad > 0 {
		return 1
	}
	return 0
}

// parseDepthCount reads "D3 8982" as depth 3, count 8982.
func parseDepthCount(s string) (int, uint64, bool) {
	f := strings.Fields(s)
	if len(f) != 2 || len(f[0]) < 2 || (f[0][0] != 'D' && f[0][0] != 'd') {
		return 0, 0, false
	}
	d, err1 := strconv.Atoi(f[0][1:])
	n, err2 := strconv.ParseUint(f[1], 10, 64)
	return d, n, err1 == nil && err2 == nil && d >= 1
}

// optionFlags collects repeated -opt name=value flags.
type optionFlags map[string]string

func (o *optionFlags) String() string { return fmt.Sprint(map[string]string(*o)) }

func (o *optionFlags) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	if !ok {
		return fmt.Errorf("want name=value, got %q", v)
	}
	if *o == nil {
		*o = optionFlags{}
	}
	(*o)[name] = value
	return nil
}
