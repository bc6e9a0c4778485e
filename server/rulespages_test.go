package server

import (
	"strings"
	"testing"

	"wyrm/docs"
	"wyrm/games"
)

// rulesHarness serves the real games with their rules documents.
func rulesHarness(t *testing.T) *harness {
	return newHarnessWith(t, "", func(c *Config) { c.Rules = docs.Rules }, games.All()...)
}

// The rules page of Dungeon Chess names the fire-and-demon faction
// Infernal, and says once what the rulebook calls it (a ruling).
func TestRulesPageNamesTheFactionInfernal(t *testing.T) {
	h := rulesHarness(t)
	code, body := h.get("/rules/dungeon")
	if code != 200 || !strings.Contains(body, "Infernal") {
		t.Fatalf("rules page %d without Infernal", code)
	}
	if n := strings.Count(body, "Redskin"); n != 1 {
		t.Errorf("the rulebook's name is shown %d times, want once", n)
	}
}
