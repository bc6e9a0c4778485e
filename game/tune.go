package game

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Param is one named integer weight of a game's evaluation.
type Param struct {
	// Name is the parameter's identifier in parameter files
	// ("value.knight.mg"): lower case, no spaces.
	Name string
	// Value is the weight, in the evaluation's own units (centipawns for
	// most).
	Value int
	// Min and Max bound what a fit may choose.
	Min, Max int
	// Hand is the value set by hand before any fit, kept in the game's
	// code as the record of where fitting started.
	Hand int
}

// Weights is a table of evaluation parameters built by a Tuner: immutable,
// so that any number of positions and goroutines may share it.
type Weights interface {
	// Values lists the parameters' values in the order of Tuner.Params.
	Values() []int
}

// Tuner is implemented by positions whose evaluation reads all of its
// tunable weights from one parameter table, so that weights fitted to
// data ("wyrm tune") are just data. Without it a game cannot be tuned.
// The table a position is built with is the game's own; SetWeights swaps
// in another one without changing how fast the evaluation runs.
type Tuner interface {
	// Params lists the parameters of the table this position evaluates
	// with, always in the same order, with their values and bounds.
	Params() []Param
	// Weights builds a table from values given in Params' order. It
	// refuses a wrong count or a value outside a parameter's bounds.
	Weights(values []int) (Weights, error)
	// SetWeights makes this position, and the clones made of it after,
	// evaluate with w, which must come from Weights of the same game.
	SetWeights(w Weights)
}

// FormatParams writes parameters one a line, "name value", as ParseParams
// reads them, after comment lines ("# ...") made of header's lines.
func FormatParams(header string, ps []Param) []byte {
	var b bytes.Buffer
	for l := range strings.SplitSeq(strings.TrimSpace(header), "\n") {
		if l != "" {
			fmt.Fprintf(&b, "# %s\n", l)
		}
	}
	for _, p := range ps {
		fmt.Fprintf(&b, "%s %d\n", p.Name, p.Value)
	}
	return b.Bytes()
}

// maxParamFile bounds a parameter file: far more than any game's table.
const maxParamFile = 1 << 20

// ParseParams reads a parameter file: lines "name value", blank lines and
// comments ("# ..."). It returns the names and values in the file's order
// (Min and Max are zero) and refuses a name given twice.
func ParseParams(data []byte) ([]Param, error) {
	if len(data) > maxParamFile {
		return nil, fmt.Errorf("parameter file: %d bytes, more than %d", len(data), maxParamFile)
	}
	var out []Param
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, maxParamFile)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, fmt.Errorf("parameter file line %d: want \"name value\", got %q", n, line)
		}
		v, err := strconv.Atoi(f[1])
		if err != nil || v < -1<<30 || v > 1<<30 {
			return nil, fmt.Errorf("parameter file line %d: %q is not a value", n, f[1])
		}
		if seen[f[0]] {
			return nil, fmt.Errorf("parameter file line %d: %s given twice", n, f[0])
		}
		seen[f[0]] = true
		out = append(out, Param{Name: f[0], Value: v})
	}
	return out, sc.Err()
}

// ApplyParams builds a table for t from named values: t's own values with
// those the list names replaced. A name t does not have is an error, and
// so is a value out of bounds.
func ApplyParams(t Tuner, named []Param) (Weights, error) {
	ps := t.Params()
	index := make(map[string]int, len(ps))
	values := make([]int, len(ps))
	for i, p := range ps {
		index[p.Name] = i
		values[i] = p.Value
	}
	for _, n := range named {
		i, ok := index[n.Name]
		if !ok {
			return nil, fmt.Errorf("no evaluation parameter %q", n.Name)
		}
		values[i] = n.Value
	}
	return t.Weights(values)
}

// CheckValues checks values against ps, for Tuner.Weights: one value a
// parameter, each within its bounds.
func CheckValues(ps []Param, values []int) error {
	if len(values) != len(ps) {
		return fmt.Errorf("%d parameter values for %d parameters", len(values), len(ps))
	}
	for i, p := range ps {
		if v := values[i]; v < p.Min || v > p.Max {
			return fmt.Errorf("parameter %s = %d, outside %d..%d", p.Name, v, p.Min, p.Max)
		}
	}
	return nil
}
