package main

import (
	"strings"
	"testing"
)

// The game stream's startpos says whether "position startpos" under the
// game's UCI_Variant names the start: not for Dragon Chess's rulebook start
// with two Dragons (Fairy-Stockfish's dragon has one), but for the
// one-Dragon start.
func TestGameStreamStartposIsTruthful(t *testing.T) {
	base := botServer(t)
	alpha, beta := newBot(t, base, "alpha"), newBot(t, base, "beta")
	for _, c := range []struct {
		opts map[string]string
		want bool
		hand string
	}{
		{map[string]string{}, false, "[DDdd]"},
		{map[string]string{"dragons": "1"}, true, "[Dd]"},
	} {
		id := challengeBot(t, base, beta, "alpha", alpha, map[string]any{"game": "dragon", "options": c.opts}, true)
		full := gameFullOf(t, base, alpha, id)
		if full["startpos"] != c.want || !strings.Contains(full["start"].(string), c.hand) {
			t.Errorf("options %v: startpos %v, start %v; want startpos %v with %s", c.opts, full["startpos"], full["start"], c.want, c.hand)
		}
	}
}
