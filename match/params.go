package match

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"wyrm/game"
)

// paramsSuffix marks a level player that evaluates with a parameter file
// ("level:8,params:tuned.txt"), as "wyrm tune" writes one.
const paramsSuffix = ",params:"

// splitParams cuts a ",params:FILE" suffix off spec and reads the file.
func splitParams(spec string) (string, []game.Param, error) {
	base, file, ok := strings.Cut(spec, paramsSuffix)
	if !ok {
		return spec, nil, nil
	}
	if file == "" {
		return "", nil, fmt.Errorf("spec %q: params: wants a file", spec)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return "", nil, fmt.Errorf("spec %q: %w", spec, err)
	}
	ps, err := game.ParseParams(b)
	if err != nil {
		return "", nil, fmt.Errorf("spec %q: %s: %w", spec, file, err)
	}
	return base, ps, nil
}

// tuned is a level player's evaluation parameters, applied to every
// position it searches.
type tuned struct {
	params  []game.Param
	weights game.Weights
}

// apply makes pos evaluate with the parameters, building their table from
// the first position's game.
func (t *tuned) apply(pos game.Position) error {
	if t == nil {
		return nil
	}
	tu, ok := pos.(game.Tuner)
	if !ok {
		return errors.New("params: this game's evaluation has no parameters (game.Tuner)")
	}
	if t.weights == nil {
		w, err := game.ApplyParams(tu, t.params)
		if err != nil {
			return fmt.Errorf("params: %w", err)
		}
		t.weights = w
	}
	tu.SetWeights(t.weights)
	return nil
}

// paramsName names a player with parameters by the file's base name.
func paramsName(spec string) string {
	base, file, ok := strings.Cut(spec, paramsSuffix)
	if !ok {
		return spec
	}
	return base + paramsSuffix + filepath.Base(file)
}
