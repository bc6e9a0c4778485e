package server

import (
	"encoding/json"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"wyrm/docs"
	"wyrm/game"
	"wyrm/games"
	"wyrm/server/play"
	"wyrm/server/table"
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

// Every game's rules page is written for players: its diagrams draw the
// pieces with the game's own pictures (which the server serves), no
// command line of wyrm's is shown, and each option reads in words.
func TestRulesPagesAreWrittenForPlayers(t *testing.T) {
	h := rulesHarness(t)
	pic := regexp.MustCompile(`<image href="(/pictures/[a-z0-9-]+/[a-z0-9-]+\.svg)"`)
	for _, g := range games.All() {
		name := g.Info().Name
		code, body := h.get("/rules/" + name)
		if code != 200 {
			t.Fatalf("%s: %d", name, code)
		}
		m := pic.FindAllStringSubmatch(body, -1)
		if len(m) == 0 {
			t.Errorf("%s: the diagrams draw no piece pictures", name)
			continue
		}
		if code, svg := h.get(m[0][1]); code != 200 || !strings.Contains(svg, "<svg") {
			t.Errorf("%s: the picture %s is not served (%d)", name, m[0][1], code)
		}
		for _, cmd := range []string{"wyrm perft", "go run ./cmd/wyrm", "--depth"} {
			if strings.Contains(body, cmd) {
				t.Errorf("%s: the rules page shows %q", name, cmd)
			}
		}
		for _, o := range g.Options() {
			if o.Internal || o.Label == "" {
				continue
			}
			if !strings.Contains(body, "<strong>"+html.EscapeString(o.Label)+"</strong>") {
				t.Errorf("%s: option %s is not shown by its label", name, o.Name)
			}
			for i, c := range o.Choices {
				if i < len(o.ChoiceHelp) && !strings.Contains(body, html.EscapeString(o.ChoiceHelp[i])) {
					t.Errorf("%s: choice %s of %s is not explained", name, c, o.Name)
				}
			}
		}
	}
}

// A game's page reads its options in the game's words: a Dungeon Chess
// game with the factions redskin and human says "Infernal, Human", and its
// seats are named Infernal and Human.
func TestGamePageReadsOptionsInWords(t *testing.T) {
	h := rulesHarness(t)
	cr := h.create(play.CreateRequest{Game: "dungeon", Options: game.Options{"factions": "redskin,human"},
		Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	code, body := h.get("/api/games/" + cr.ID)
	var st play.State
	if code != 200 || json.Unmarshal([]byte(body), &st) != nil {
		t.Fatalf("state %d: %s", code, body)
	}
	if !slices.Contains(st.OptionsText, "Factions: Infernal, Human") || !slices.Equal(st.Names, []string{"Infernal", "Human"}) {
		t.Errorf("options read %q, seats %q", st.OptionsText, st.Names)
	}
	for _, s := range append(st.OptionsText, st.Names...) {
		if strings.Contains(strings.ToLower(s), "redskin") {
			t.Errorf("the game page reads %q", s)
		}
	}
}
