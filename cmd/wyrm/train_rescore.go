package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"wyrm/game"
)

// rescoreConfig says how train -rescore scores a data set's positions
// again: by another engine's judgement at a fixed depth, so that the
// network learns from a stronger player than the one that made the data.
type rescoreConfig struct {
	engine      string // UCI engine command line, as wyrm match takes it after "uci:"
	depth       int    // search depth a position
	every       int    // keep every this many positions (1: all)
	concurrency int    // engines run at once
}

// rescoreClamp bounds a rescored position's score: a mate is written as
// a clear win, which training clamps further.
const rescoreClamp = 3000

// rescore reads "score result game position" lines from r, keeps every
// cfg.every-th, and writes them to w with the engine's score for the side
// to move in place of the old one. Order and game numbers stay.
func rescore(ctx context.Context, g game.Game, r io.Reader, cfg rescoreConfig, w io.Writer, progress io.Writer) (int, error) {
	var lines [][]string
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for n := 0; sc.Scan(); {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.SplitN(line, " ", 4)
		if len(f) != 4 {
			return 0, fmt.Errorf("line %q: want \"score result game position\"", shorten(line))
		}
		if n%cfg.every == 0 {
			if _, err := g.Parse(f[3], game.Options{}); err != nil {
				return 0, fmt.Errorf("position %q: %w", shorten(f[3]), err)
			}
			lines = append(lines, f)
		}
		n++
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	positions := make([]string, len(lines))
	for i, f := range lines {
		positions[i] = f[3]
	}
	scores, err := analyseAll(ctx, cfg.engine, cfg.depth, cfg.concurrency, positions, "scored", progress)
	if err != nil {
		return 0, err
	}
	bw := bufio.NewWriter(w)
	for i, f := range lines {
		fmt.Fprintf(bw, "%d %s %s %s\n", min(max(scores[i], -rescoreClamp), rescoreClamp), f[1], f[2], f[3])
	}
	return len(lines), bw.Flush()
}

// trainRescore scores the data files again and writes them to out.
func trainRescore(ctx context.Context, g game.Game, paths []string, out string, cfg rescoreConfig, stdout, stderr io.Writer) error {
	if cfg.depth < 1 || cfg.every < 1 || cfg.concurrency < 1 {
		return fmt.Errorf("-label-depth, -every and -concurrency must be at least 1")
	}
	var all bytes.Buffer
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		all.Write(b)
		if len(b) > 0 && b[len(b)-1] != '\n' {
			all.WriteByte('\n')
		}
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	n, err := rescore(ctx, g, &all, cfg, f, stderr)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d positions scored by %q at depth %d to %s\n", n, cfg.engine, cfg.depth, out)
	return nil
}

// shorten cuts s for an error message.
func shorten(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
