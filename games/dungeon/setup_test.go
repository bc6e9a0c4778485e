package dungeon

import (
	"strings"
	"testing"

	"wyrm/game"
)

func TestSetupSimultaneous(t *testing.T) {
	s, err := Game{}.NewSetup(game.Options{"map": "compact-skirmish"})
	if err != nil {
		t.Fatal(err)
	}
	if s.Stage() != "draft" || len(s.Waiting()) != 2 {
		t.Fatalf("stage %q waiting %v", s.Stage(), s.Waiting())
	}
	must := func(p game.Player, choice string) {
		t.Helper()
		if err := s.Submit(p, choice); err != nil {
			t.Fatalf("seat %d %q: %v", p+1, choice, err)
		}
	}
	refuse := func(p game.Player, choice, want string) {
		t.Helper()
		before := s.Visible(p)
		err := s.Submit(p, choice)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("seat %d %q: %v, want %q", p+1, choice, err, want)
		}
		if s.Visible(p) != before {
			t.Fatal("a refused choice changed the setup")
		}
	}
	refuse(0, "undead: Warlock, 15 Skeletons, Tomb, Reaper, Wraith, 3 Skeletons", "22 units but the deployment zone has only 20")
	must(0, "human: Princess, Wizard, Archer, Knight, 7 Heroes")
	refuse(0, "human: P, H", "already drafted")
	if v := s.Visible(1); strings.Contains(v, "Wizard") || strings.Contains(v, "W,") || !strings.Contains(v, "Human, drafted") {
		t.Fatalf("seat 2 sees seat 1's secret draft:\n%s", v)
	}
	refuse(1, "human: P, H", "already taken")
	must(1, "redskin: Red Dragon, Demonics, Iron Golem, 4 Kobolds")
	if s.Stage() != "deploy" {
		t.Fatalf("stage %q", s.Stage())
	}
	if v := s.Visible(1); !strings.Contains(v, "human: P,W,A,N,7H") {
		t.Fatalf("drafts hidden after everyone drafted:\n%s", v)
	}
	// The deployment's help lists the letters to place, named by its units.
	if h := s.Help(0); strings.Join(h.Place, "") != "PWANHHHHHHH" || len(h.Units) != 6 || h.Units[0].Name != "Hero" {
		t.Fatalf("deploy help: place %v units %v", h.Place, h.Units)
	}
	refuse(0, "Pa1,Wb1,Ac1,Nd1,Ha2,Hb2,Hc2,Hd2,He2,Hf2", "has 7 Hero but 6 are placed")
	refuse(0, "Pa1,Wb1,Ac1,Nd1,Ha2,Hb2,Hc2,Hd2,He2,Hf2,Ha3", "a3 is not in your deployment zone")
	refuse(0, "Pa1,Wb1,Ac1,Nd1,Ha2,Hb2,Hc2,Hd2,He2,Hf2,Ha2", "a2 is already taken")
	refuse(0, "Pa1,Wb1,Ac1,Nd1,Ha2,Hb2,Hc2,Hd2,He2,Hf2,Tg2", "Tomb is Undead")
	must(0, "Pa1,Wb1,Ac1,Nd1,Ha2,Hb2,Hc2,Hd2,He2,Hf2,Hg2")
	if h := s.Help(0); len(h.Place) != 0 {
		t.Fatalf("placed, yet still to place: %v", h.Place)
	}
	if v := s.Visible(1); strings.Contains(v, "Pa1") || !strings.Contains(v, "seat 1 has placed") {
		t.Fatalf("simultaneous placement visible early:\n%s", v)
	}
	if _, err := s.Position(); err == nil {
		t.Fatal("position before deployment ended")
	}
	must(1, "Ee10,Dd10,If10,Ba9,Bb9,Bc9,Bd9")
	if s.Stage() != "" || len(s.Waiting()) != 0 {
		t.Fatalf("stage %q", s.Stage())
	}
	if v := s.Visible(1); !strings.Contains(v, "Pa1") {
		t.Fatalf("placements hidden after everyone placed:\n%s", v)
	}
	p, err := s.Position()
	if err != nil {
		t.Fatal(err)
	}
	want := "compact-skirmish human:Pa1,Wb1,Ac1,Nd1,Ha2,Hb2,Hc2,Hd2,He2,Hf2,Hg2 redskin:Ba9,Bb9,Bc9,Bd9,Dd10,Ee10,If10 1 0 0"
	if p.String() != want {
		t.Fatalf("position\n got %s\nwant %s", p, want)
	}
}

func TestSetupSequential(t *testing.T) {
	s, err := Game{}.NewSetup(game.Options{"players": "3", "deployment": "sequential", "factions": "human,undead,greenskin"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Submit(0, "undead: L, K"); err == nil || !strings.Contains(err.Error(), "plays Human") {
		t.Fatalf("faction option ignored: %v", err)
	}
	for i, d := range []string{"human: P, H", "undead: L, 3K", "greenskin: J, G"} {
		if err := s.Submit(game.Player(i), d); err != nil {
			t.Fatal(err)
		}
	}
	if w := s.Waiting(); len(w) != 1 || w[0] != 0 {
		t.Fatalf("sequential waiting %v", w)
	}
	if err := s.Submit(1, "La10,Ka9,Ka11,Ka12"); err == nil || !strings.Contains(err.Error(), "seat 1's turn") {
		t.Fatalf("out of turn: %v", err)
	}
	if err := s.Submit(0, "Pg1,Hh1"); err != nil {
		t.Fatal(err)
	}
	if v := s.Visible(2); !strings.Contains(v, "Pg1") {
		t.Fatalf("sequential placement should be public:\n%s", v)
	}
	if err := s.Submit(1, "Lb10,Ka9,Ka11,Ka12"); err != nil {
		t.Fatal(err)
	}
	if err := s.Submit(2, "Jj20,Gk20"); err != nil {
		t.Fatal(err)
	}
	p, err := s.Position()
	if err != nil {
		t.Fatal(err)
	}
	if p.Players() != 3 || !strings.HasPrefix(p.String(), "four-player-dungeon ") {
		t.Fatalf("3-player game: %s", p)
	}
	if len(p.LegalMoves(nil)) == 0 {
		t.Fatal("no moves")
	}
}

func TestSetupOptionErrors(t *testing.T) {
	for _, o := range []game.Options{
		{"players": "5"},
		{"players": "3", "map": "compact-skirmish"},
		{"factions": "human,human"},
		{"factions": "human"},
		{"factions": "human,elves"},
		{"deployment": "secret"},
		{"map": "nowhere"},
		{"colour": "red"},
	} {
		if _, err := (Game{}).NewSetup(o); err == nil {
			t.Errorf("NewSetup(%v) accepted", o)
		}
		if _, err := (Game{}).Start(o); err == nil {
			t.Errorf("Start(%v) accepted", o)
		}
	}
}

func TestStartIsDeterministic(t *testing.T) {
	for _, players := range []string{"2", "3", "4"} {
		a, err := Game{}.Start(game.Options{"players": players, "seed": "42"})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Game{}.Start(game.Options{"players": players, "seed": "42"})
		c, _ := Game{}.Start(game.Options{"players": players, "seed": "43"})
		if a.String() != b.String() || a.String() == c.String() {
			t.Errorf("%s players: seed 42 %s / %s, seed 43 %s", players, a, b, c)
		}
		// Every army is legal and deployed in its own zone.
		p := a.(*Position)
		for s := 0; s < p.n; s++ {
			st := &p.seats[s]
			var army Army
			army.Faction = st.faction
			for id := st.first; id < st.end; id++ {
				army.Units = append(army.Units, p.units[id].kind)
				if p.m.zone[p.units[id].sq] != uint8(st.zone) {
					t.Errorf("seat %d unit outside its zone", s+1)
				}
			}
			if err := army.Validate(p.m.ZoneSize(st.zone)); err != nil {
				t.Errorf("seat %d: %v", s+1, err)
			}
		}
	}
	p, err := Game{}.Start(game.Options{"factions": "greenskin,undead"})
	if err != nil || !strings.Contains(p.String(), " greenskin:") || !strings.Contains(p.String(), " undead:") {
		t.Fatalf("factions option: %v %v", p, err)
	}
}

func TestSuggestPlaysThroughSetup(t *testing.T) {
	for _, o := range []game.Options{
		{"players": "4", "seed": "3"},
		{"players": "3", "deployment": "sequential", "factions": "redskin,greenskin,human"},
		{"map": "compact-skirmish"},
	} {
		gs, err := Game{}.NewSetup(o)
		if err != nil {
			t.Fatal(err)
		}
		s := gs.(*Setup)
		if _, err := s.Suggest(9); err == nil {
			t.Fatal("suggestion for a missing seat")
		}
		for steps := 0; s.Stage() != ""; steps++ {
			if steps > 20 {
				t.Fatalf("%v: setup never ends", o)
			}
			for _, p := range s.Waiting() {
				choice, err := s.Suggest(p)
				if err != nil {
					t.Fatalf("%v: suggest for seat %d: %v", o, p+1, err)
				}
				if err := s.Submit(p, choice); err != nil {
					t.Fatalf("%v: the suggestion %q for seat %d is refused: %v", o, choice, p+1, err)
				}
			}
		}
		p, err := s.Position()
		if err != nil {
			t.Fatal(err)
		}
		if len(p.LegalMoves(nil)) == 0 {
			t.Fatalf("%v: no moves in %s", o, p)
		}
		if _, err := s.Suggest(0); err == nil {
			t.Fatal("suggestion after the setup ended")
		}
	}
}

// TestSuggestSampleArmy: with armies=sample a computer seat drafts its
// faction's example army.
func TestSuggestSampleArmy(t *testing.T) {
	gs, err := Game{}.NewSetup(game.Options{"armies": "sample", "factions": "redskin,human"})
	if err != nil {
		t.Fatal(err)
	}
	s := gs.(*Setup)
	for seat, f := range []Faction{Redskin, Human} {
		got, err := s.Suggest(game.Player(seat))
		if err != nil {
			t.Fatal(err)
		}
		if want := SampleArmy(f).String(); got != want {
			t.Errorf("seat %d drafts %q, want %q", seat+1, got, want)
		}
	}
}
