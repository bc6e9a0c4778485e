package dungeon

import (
	"strings"
	"testing"

	"wyrm/game"
)

func TestPositionStringRoundTrip(t *testing.T) {
	for _, s := range []string{
		"unit-lab human:Pj1,Hc4 undead:Ka7,Lj7 1 0 0",
		"compact-skirmish greenskin:Ja1,Qb1u,Gj2,Uc5w human:Nb3h2,Pj10 2 17 40",
		"four-player-dungeon human:Pk1,Hh9 undead:Lb10 redskin:Ek20 greenskin:- 2 0 1",
		"unit-lab human:Pj1,Hc5 undead:- - 0 1",
		"four-player-dungeon human:Pk1 undead:La10 redskin:Ek20 greenskin:Jt10 3 200 300",
		"four-player-dungeon human:Pk1 undead:La10 redskin:Ek20 greenskin:- 1 150 300",
	} {
		p := mustParse(t, s)
		if p.String() != s {
			t.Errorf("round trip\n got %s\nwant %s", p, s)
		}
	}
}

func TestPositionStringErrors(t *testing.T) {
	cases := []struct{ s, want string }{
		{"", "empty"},
		{"nowhere human:Pa1 undead:La10 1 0 0", "unknown map"},
		{"compact-skirmish human:Pa1 undead:La10 1 0", "want 3 fields"},
		{"compact-skirmish human:Pa1 1 0 0", "seats 2 to 2 players, not 1"},
		{"compact-skirmish elves:Pa1 undead:La10 1 0 0", "unknown faction"},
		{"compact-skirmish human:Pa1 human:Pa10 1 0 0", "already belongs"},
		{"compact-skirmish human:Pa1,Xb1 undead:La10 1 0 0", "not a unit letter"},
		{"compact-skirmish human:Pa1,Kb1 undead:La10 1 0 0", "Skeleton is Undead"},
		{"compact-skirmish human:Pa1,Hz1 undead:La10 1 0 0", "not a square"},
		{"compact-skirmish human:Pa1,Hd4 undead:La10 1 0 0", "water"},
		{"two-player-dungeon human:Pa1,Ha5 undead:La20 1 0 0", "void"},
		{"compact-skirmish human:Pa1,Ha1 undead:La10 1 0 0", "two units on a1"},
		{"compact-skirmish human:Ha1 undead:La10 1 0 0", "no King"},
		{"compact-skirmish human:Pa1,Pb1 undead:La10 1 0 0", "more than one King"},
		{"compact-skirmish human:Pa1,Hb1w undead:La10 1 0 0", "bad mark"},
		{"compact-skirmish human:Pa1,Hb1h3 undead:La10 1 0 0", "bad mark"},
		{"compact-skirmish human: undead:La10 1 0 0", "no units"},
		{"compact-skirmish human:Pa1 undead:La10 3 0 0", "seat number from 1 to 2"},
		{"compact-skirmish human:Pa1 undead:La10 - 0 0", "still in the game"},
		{"compact-skirmish human:Pa1 undead:- 2 0 0", "eliminated"},
		{"compact-skirmish human:Pa1 undead:La10 1 101 0", "quiet turns"},
		{"four-player-dungeon human:Pk1 undead:La10 redskin:Ek20 greenskin:Jt10 1 201 0", "from 0 to 200"},
		{"four-player-dungeon human:Pk1 undead:La10 redskin:Ek20 greenskin:- 1 151 0", "from 0 to 150"},
		{"four-player-dungeon human:Pk1 undead:La10 redskin:Ek20 1 151 0", "from 0 to 150"},
		{"four-player-dungeon human:Pk1 undead:- redskin:Ek20 greenskin:- 1 101 0", "from 0 to 100"},
		{"compact-skirmish human:Pa1 undead:La10 1 0 x", "turns played"},
	}
	for _, c := range cases {
		_, err := ParsePosition(c.s)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePosition(%q) = %v, want an error with %q", c.s, err, c.want)
		}
	}
}

func TestMoveNotation(t *testing.T) {
	p := mustParse(t, "unit-lab redskin:Ej1,Mc1 human:Pj7,He2,Hd1,He1,Hf1,Hd3,He3,Hf3 1 0 0")
	before := p.String()
	for in, want := range map[string]string{
		"c1xe2-f2": "c1xe2-f2",
		"c1xe2f2":  "c1xe2-f2",
		"C1XE2-F2": "c1xe2-f2",
		"c1a2":     "c1a2",
		"c1-a2":    "c1a2",
	} {
		mv, err := p.ParseMove(in)
		if err != nil || p.MoveString(mv) != want {
			t.Errorf("ParseMove(%q) = %v %v, want %s", in, p.MoveString(mv), err, want)
		}
	}
	for in, want := range map[string]string{
		"":          "does not start with a square",
		"c1":        "does not start with a square",
		"c1xa2":     "nothing to capture",
		"a1a2":      "no unit of the player to move",
		"c1xe2":     "must name its retreat",
		"c1xe2-d2":  "not legal",
		"c1xe2-f2x": "unexpected",
		"c1@e2":     "not legal",
		"pass":      "only legal when no unit can move",
		"c1z9":      "not a square",
	} {
		_, err := p.ParseMove(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseMove(%q) = %v, want an error with %q", in, err, want)
		}
	}
	if p.String() != before {
		t.Fatal("ParseMove changed the position")
	}
	// Hex and pass.
	q := mustParse(t, "unit-lab greenskin:Jj1,Qa1 human:Pj7,Ha4 1 0 0")
	mv, err := q.ParseMove("a1@a4")
	if err != nil || q.MoveString(mv) != "a1@a4" {
		t.Fatalf("hex: %v", err)
	}
	r := mustParse(t, "unit-lab human:Pj1 undead:Lj7,Ta4 1 0 0")
	if mv, err := r.ParseMove("PASS"); err != nil || r.MoveString(mv) != "pass" {
		t.Fatalf("pass: %v", err)
	}
}

func TestViewer(t *testing.T) {
	p := mustParse(t, "unit-lab redskin:Ej1,Mc1 human:Pj7,He2,Hd1,He1,Hf1,Hd3,He3,Hf3 1 0 0")
	g := p.Geometry()
	if g.Levels != 1 || g.Files != 10 || g.Ranks != 7 || len(g.Terrain) != 70 {
		t.Fatalf("geometry %+v", g)
	}
	if g.Terrain[g.Square(0, 1, 1)] != 'w' || g.Terrain[g.Square(0, 3, 1)] != '.' || g.Terrain[g.Square(0, 9, 0)] != 'f' {
		t.Fatal("terrain bytes")
	}
	if p.SquareName(g.Square(0, 2, 0)) != "c1" {
		t.Fatal("square name")
	}
	mv, _ := p.ParseMove("c1xe2-f2")
	v := p.DescribeMove(mv)
	c1, e2, f2 := g.Square(0, 2, 0), g.Square(0, 4, 1), g.Square(0, 5, 1)
	if v.From != c1 || v.To != e2 || v.Target != e2 || len(v.Then) != 1 || v.Then[0] != f2 || v.Text != "c1xe2-f2" {
		t.Fatalf("salamander view %+v", v)
	}
	q := mustParse(t, "compact-skirmish greenskin:Ja1,Qb1,Uc5w human:Nb3h1,Pj10 1 0 0")
	mv, _ = q.ParseMove("b1@j10")
	v = q.DescribeMove(mv)
	if v.From != -1 || v.To != -1 || v.Target != 99 {
		t.Fatalf("hex view %+v", v)
	}
	marks := map[string]string{}
	for _, pv := range q.Pieces(nil) {
		marks[string(pv.Letter)+q.SquareName(pv.Square)] = strings.Join(pv.Marks, ",")
	}
	if marks["Uc5"] != "wounded" || marks["Nb3"] != "hexed" || marks["Qb1"] != "" {
		t.Fatalf("marks %v", marks)
	}
	q.Play(mv)
	for _, pv := range q.Pieces(nil) {
		if pv.Letter == 'Q' && strings.Join(pv.Marks, ",") != "hex-used" {
			t.Fatalf("spent shaman marks %v", pv.Marks)
		}
	}
	if h := q.Hands(); h != [game.MaxPlayers]string{} {
		t.Fatal("hands")
	}
}

func FuzzParsePosition(f *testing.F) {
	f.Add("unit-lab human:Pj1,Hc4 undead:Lj7,Ka7 1 0 0")
	f.Add("compact-skirmish greenskin:Ja1,Qb1u,Uc5w,Gj2 human:Nb3h2,Pj10 2 17 40")
	f.Add("four-player-dungeon human:Pk1,Hh9 undead:Lb10 redskin:Ek20 greenskin:- 2 0 1")
	f.Add("two-player-dungeon redskin:Eb1,Ie1 human:Na19,Pg19 1 0 0")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s, labMap)
		if err != nil {
			return
		}
		back, err := ParsePosition(p.String(), labMap)
		if err != nil || back.String() != p.String() || back.Hash() != p.Hash() {
			t.Fatalf("%q -> %q does not round-trip: %v", s, p.String(), err)
		}
		for _, mv := range p.LegalMoves(nil) {
			before := p.String()
			p.Play(mv)
			p.Undo()
			if p.String() != before {
				t.Fatalf("undo of %s in %s", p.MoveString(mv), before)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c1xe2-f2", "c1a2", "a1@a4", "pass", "c1xe2", "", "z9z9", "c1-", "a1@"} {
		f.Add(s)
	}
	p := mustParseF(f, "unit-lab redskin:Ej1,Mc1,Dd4 human:Pj7,He2,Hd1,He1,Hf1,Hd3 1 0 0")
	q := mustParseF(f, "unit-lab greenskin:Jj1,Qa1 human:Pj7,Ha4 1 0 0")
	f.Fuzz(func(t *testing.T, s string) {
		for _, pos := range []*Position{p, q} {
			before := pos.String()
			mv, err := pos.ParseMove(s)
			if pos.String() != before {
				t.Fatal("ParseMove changed the position")
			}
			if err != nil {
				continue
			}
			back, err := pos.ParseMove(pos.MoveString(mv))
			if err != nil || back != mv {
				t.Fatalf("%q -> %q does not read back", s, pos.MoveString(mv))
			}
		}
	})
}

func FuzzParseDeployment(f *testing.F) {
	f.Add("Pa1,Hb1")
	f.Add("Pa1 Hb1 Hc2")
	f.Add("Pz1,Hb1w")
	m, _ := LookupMap("compact-skirmish")
	a, _ := ParseArmy("human: P, 2H")
	f.Fuzz(func(t *testing.T, s string) {
		pl, err := ParseDeployment(m, 1, a, s)
		if err != nil {
			return
		}
		if len(pl) != len(a.Units) {
			t.Fatalf("%q accepted with %d units", s, len(pl))
		}
		for _, x := range pl {
			if m.zone[x.sq] != 1 {
				t.Fatalf("%q placed outside the zone", s)
			}
		}
	})
}

func mustParseF(f *testing.F, s string) *Position {
	p, err := ParsePosition(s, labMap)
	if err != nil {
		f.Fatal(err)
	}
	return p
}
