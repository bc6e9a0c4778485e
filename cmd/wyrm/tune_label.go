package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sync"

	"wyrm/game"
	"wyrm/match"
	"wyrm/tune"
)

// labelConfig says how tune -relabel labels a data set's positions.
type labelConfig struct {
	engine      string  // UCI engine command line, as wyrm match takes it after "uci:"
	depth       int     // search depth a position
	mix         float64 // share of the engine's judgement in the label; the rest is the game's result
	concurrency int     // engines run at once
}

// expectedScore turns an engine's score for the side to move (centipawns,
// or ±(match.MateCP − n) for a mate) into an expected score from 0 to 1 by
// the logistic curve on which 400 centipawns are ten to one.
func expectedScore(cp int) float64 {
	if cp >= match.MateCP/2 {
		return 1
	}
	if cp <= -match.MateCP/2 {
		return 0
	}
	return 1 / (1 + math.Pow(10, -float64(cp)/400))
}

// analyseAll scores each position by the UCI engine at depth (its score
// for the side to move, centipawns or ±(match.MateCP − n) for a mate),
// concurrency engines at once, saying how far it is on progress by verb.
func analyseAll(ctx context.Context, engine string, depth, concurrency int, positions []string, verb string, progress io.Writer) ([]int, error) {
	n := len(positions)
	scores := make([]int, n)
	errs := make([]error, concurrency)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for k := range concurrency {
		wg.Go(func() {
			a, err := match.NewAnalyst(engine)
			if err != nil {
				errs[k] = err
				return
			}
			defer a.Close()
			for i := k; i < n; i += concurrency {
				lines, err := a.Analyse(ctx, positions[i], depth, 1)
				if err == nil && len(lines) == 0 {
					err = fmt.Errorf("the engine gave no score")
				}
				if err != nil {
					errs[k] = fmt.Errorf("position %d: %w", i+1, err)
					return
				}
				scores[i] = lines[0].Score
				mu.Lock()
				if done++; progress != nil && done%1000 == 0 {
					fmt.Fprintf(progress, "\r%s %d/%d", verb, done, n)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if progress != nil {
		fmt.Fprintf(progress, "\r%s %d/%d\n", verb, n, n)
	}
	return scores, nil
}

// relabel writes d's samples to w with each label replaced by the mix of
// the engine's judgement of its position (for the first seat) and the old
// label. Positions keep their order and their game numbers.
func relabel(ctx context.Context, g game.Game, d *tune.Data, cfg labelConfig, w io.Writer, progress io.Writer) error {
	positions := make([]string, len(d.Samples))
	firstToMove := make([]bool, len(d.Samples))
	for i, s := range d.Samples {
		pos, err := g.Parse(s.Position, d.Options)
		if err != nil {
			return fmt.Errorf("sample %d: %w", i+1, err)
		}
		positions[i], firstToMove[i] = s.Position, pos.ToMove() == 0
	}
	scores, err := analyseAll(ctx, cfg.engine, cfg.depth, cfg.concurrency, positions, "labelled", progress)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if err := tune.WriteHeader(bw, d.Game, d.Options); err != nil {
		return err
	}
	for i, s := range d.Samples {
		p := expectedScore(scores[i])
		if !firstToMove[i] {
			p = 1 - p
		}
		s.Result = math.Round((cfg.mix*p+(1-cfg.mix)*s.Result)*1e4) / 1e4
		if err := tune.WriteSample(bw, s); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// tuneRelabel reads the data files and writes them, relabelled, to out.
func tuneRelabel(ctx context.Context, g game.Game, paths []string, out string, cfg labelConfig, stdout, stderr io.Writer, fail func(error) int) int {
	if cfg.depth < 1 || cfg.concurrency < 1 || !(cfg.mix >= 0 && cfg.mix <= 1) {
		return fail(fmt.Errorf("-label-depth and -concurrency must be at least 1, -label-mix from 0 to 1"))
	}
	d, err := readTuneData(paths, g.Info().Name)
	if err != nil {
		return fail(err)
	}
	f, err := os.Create(out)
	if err != nil {
		return fail(err)
	}
	if err := relabel(ctx, g, d, cfg, f, stderr); err != nil {
		f.Close()
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "wrote %d positions labelled by %q at depth %d to %s\n", len(d.Samples), cfg.engine, cfg.depth, out)
	return 0
}
