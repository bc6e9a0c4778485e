package match

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Analyst is an external UCI engine asked for its best lines in a
// position, as a reference (to build a tactics suite from its verdicts).
type Analyst struct{ p *uciPlayer }

// AnalysisLine is one of an Analyst's lines: its first move and score in
// centipawns for the side to move, a mate in n given as ±(MateCP - n).
type AnalysisLine struct {
	Move  string
	Score int
}

// MateCP is the magnitude of AnalysisLine scores that mean mate.
const MateCP = 100000

// NewAnalyst starts the engine of a "uci:" player spec without the prefix
// ("<command> [args...] [option.<Name>=<value> ...]").
func NewAnalyst(spec string) (*Analyst, error) {
	p, err := startUCI(spec)
	if err != nil {
		return nil, err
	}
	return &Analyst{p: p}, nil
}

// Close stops the engine.
func (a *Analyst) Close() error { return a.p.Close() }

// Analyse searches position fen to depth and returns the engine's best
// multipv lines, best first.
func (a *Analyst) Analyse(ctx context.Context, fen string, depth, multipv int) ([]AnalysisLine, error) {
	a.p.e.Send(fmt.Sprintf("setoption name MultiPV value %d", multipv))
	a.p.e.Send("position fen " + fen)
	a.p.e.Send(fmt.Sprintf("go depth %d", depth))
	lines := make([]AnalysisLine, multipv)
	for {
		l, err := a.p.e.Read(ctx)
		if err != nil {
			a.p.e.Send("stop")
			return nil, err
		}
		if strings.HasPrefix(l, "bestmove") {
			break
		}
		if k, line, ok := parseInfo(l); ok && k >= 1 && k <= multipv {
			lines[k-1] = line
		}
	}
	out := lines[:0]
	for _, l := range lines {
		if l.Move != "" {
			out = append(out, l)
		}
	}
	return out, nil
}

// parseInfo reads an "info ... multipv k score cp|mate x ... pv m ..."
// line; lines without a score and a pv (bounds included) are skipped.
func parseInfo(l string) (k int, line AnalysisLine, ok bool) {
	f := strings.Fields(l)
	if len(f) == 0 || f[0] != "info" {
		return 0, line, false
	}
	k = 1
	scored := false
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "multipv":
			if i+1 < len(f) {
				k, _ = strconv.Atoi(f[i+1])
			}
		case "lowerbound", "upperbound":
			return 0, line, false
		case "score":
			if i+2 >= len(f) {
				return 0, line, false
			}
			n, err := strconv.Atoi(f[i+2])
			if err != nil {
				return 0, line, false
			}
			switch f[i+1] {
			case "cp":
				line.Score = n
			case "mate":
				line.Score = MateCP - abs(n)
				if n < 0 {
					line.Score = -line.Score
				}
			}
			scored = true
		case "pv":
			if i+1 < len(f) {
				line.Move = f[i+1]
			}
			return k, line, scored && line.Move != ""
		}
	}
	return 0, line, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
