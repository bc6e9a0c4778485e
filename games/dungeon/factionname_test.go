package dungeon

import (
	"strings"
	"testing"

	"wyrm/game"
)

// The rulebook's "Redskin" is shown as Infernal wherever a person reads it
// (a ruling); positions and options still carry redskin, and readers take
// either name.
func TestInfernalIsShownAndRedskinStillReads(t *testing.T) {
	if Redskin.Title() != "Infernal" || Redskin.String() != "redskin" || Redskin.Word() != "infernal" {
		t.Fatalf("Redskin reads %q, writes %q in positions and %q in drafts", Redskin.Title(), Redskin.String(), Redskin.Word())
	}
	for _, name := range []string{"redskin", "Infernal", " INFERNAL "} {
		if f, ok := ParseFaction(name); !ok || f != Redskin {
			t.Errorf("ParseFaction(%q) = %v, %v", name, f, ok)
		}
	}
	// A position written with either name reads, and is written with the
	// identifier.
	const pos = "compact-skirmish human:Pa1,Hb1 %s:Ea10,Bb10 1 0 0"
	for _, name := range []string{"redskin", "infernal"} {
		p, err := ParsePosition(strings.Replace(pos, "%s", name, 1))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s := p.String(); !strings.Contains(s, " redskin:") || strings.Contains(s, "infernal") {
			t.Errorf("position with %s written as %q", name, s)
		}
	}
	// Options take either name and keep the identifier.
	opts, err := Game{}.Normalize(game.Options{"factions": "infernal,human"})
	if err != nil || opts["factions"] != "redskin,human" {
		t.Fatalf("factions infernal,human normalized to %v, %v", opts, err)
	}

	// What people read says Infernal and never Redskin: the seats' names,
	// the option's choices, the draft's help, text and a suggested draft,
	// the editor's palette and every error about the faction.
	var shown []string
	names, err := Game{}.SeatNames(game.Options{"factions": "redskin,human"})
	if err != nil || names[0] != "Infernal" {
		t.Fatalf("seat names %v, %v", names, err)
	}
	shown = append(shown, names...)
	for _, o := range (Game{}).Options() {
		if o.Name == "factions" {
			if o.ChoiceLabel("redskin") != "Infernal" {
				t.Errorf("the factions option shows redskin as %q", o.ChoiceLabel("redskin"))
			}
			shown = append(shown, o.ChoiceLabels...)
		}
		shown = append(shown, o.Label, o.Description)
	}
	st, err := Game{}.NewSetup(game.Options{"players": "2", "map": "compact-skirmish"})
	if err != nil {
		t.Fatal(err)
	}
	// (A unit's Art is the name of its picture, which nobody reads.)
	help := st.Help(0)
	shown = append(shown, help.Text)
	groups := map[string]bool{}
	for _, u := range help.Units {
		shown = append(shown, u.Name, u.Group, u.Role, u.Ability)
		groups[u.Group] = true
	}
	if !groups["Infernal"] {
		t.Errorf("the draft's help names no Infernal units: %v", groups)
	}
	if err := st.Submit(0, "infernal: Red Dragon, Demonics, 2 Kobolds"); err != nil {
		t.Fatalf("a draft written infernal: %v", err)
	}
	shown = append(shown, st.Visible(0), st.Visible(1))
	if err := st.Submit(1, "redskin: E"); err == nil {
		t.Fatal("a second Infernal army was taken")
	} else {
		shown = append(shown, err.Error())
	}
	if _, err := ParseArmy("human: Princess, Red Dragon"); err != nil {
		shown = append(shown, err.Error())
	}
	if a, err := ParseArmy("goblins: J"); err == nil {
		t.Fatalf("an unknown faction read as %v", a)
	} else {
		shown = append(shown, err.Error())
	}
	pal, err := Game{}.Palette(game.Options{"players": "4"})
	if err != nil {
		t.Fatal(err)
	}
	shown = append(shown, pal.Seats...)
	shown = append(shown, SampleArmy(Redskin).String())
	for _, s := range shown {
		if strings.Contains(strings.ToLower(s), "redskin") {
			t.Errorf("a person reads %q", s)
		}
	}
	if !strings.Contains(strings.Join(shown, "\n"), "Infernal") {
		t.Error("Infernal is shown nowhere")
	}
}
