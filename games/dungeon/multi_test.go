package dungeon

import "testing"

// TestHangLoss: with three opponents, what each of seat 1's units stands
// to lose: an undefended Wizard (attacked by a Troll) and Knight (by a
// Vampire along rank 11) their whole value; defended by a Hero, the Wizard
// only what it is worth above the Troll.
func TestHangLoss(t *testing.T) {
	w := defaultWeights
	wiz, kn, troll := w.value[Wizard], w.value[Knight], w.value[Troll]
	cases := []struct {
		pos      string
		sum, top int
	}{
		{"four-player-dungeon human:Pg1,Wc11,Nq11 greenskin:Ja13,Ub12 redskin:Ej20 undead:Lt14,Vt11 1 0 0", wiz + kn, wiz},
		{"four-player-dungeon human:Pg1,Wc11,Hd10,Nq11 greenskin:Ja13,Ub12 redskin:Ej20 undead:Lt14,Vt11 1 0 0", wiz - troll + kn, kn},
		{"four-player-dungeon human:Pg1,Wc11,Hd10,Nq11 greenskin:Ja13,Ub12 redskin:Ej20 undead:Lt14,Vt12 1 0 0", wiz - troll, wiz - troll},
	}
	for _, c := range cases {
		p := mustParseMap(t, c.pos)
		if sum, top := p.hangLoss(0); sum != c.sum || top != c.top {
			t.Errorf("%s: hangLoss = %d, %d; want %d, %d", c.pos, sum, top, c.sum, c.top)
		}
	}
	// Seat 1 to move saves the Wizard; the Knight counts, at hangPct.
	p := mustParseMap(t, cases[0].pos)
	q := mustParseMap(t, "four-player-dungeon human:Pg1,Wc11,Nq11 greenskin:Ja13,Ub12 redskin:Ej20 undead:Lt14,Vt12 1 0 0")
	if d := q.Evaluate(0) - p.Evaluate(0); d < kn*hangPct/100 {
		t.Errorf("a second hanging unit costs %d, want at least %d", d, kn*hangPct/100)
	}
}

// TestOpponentOutCounts: in a game of four, taking a lone King is worth
// more than the hunt for it was; the hunt's terms alone made the engine
// keep the King in its net instead of taking it.
func TestOpponentOutCounts(t *testing.T) {
	before := mustParseMap(t, "four-player-dungeon human:Pg1,Wn8,Ns12,Hh2 greenskin:Ja13,Ub12 redskin:Ej20,Fh19 undead:Lt14 1 0 0")
	after := mustParseMap(t, "four-player-dungeon human:Pg1,Wn8,Nt14,Hh2 greenskin:Ja13,Ub12 redskin:Ej20,Fh19 undead:- 2 0 1")
	if b, a := before.Evaluate(0), after.Evaluate(0); a <= b+outBonus/2 {
		t.Errorf("taking the lone King: %d before, %d after", b, a)
	}
}

// mustParseMap reads a position string on a map of its own.
func mustParseMap(t *testing.T, s string) *Position {
	t.Helper()
	p, err := ParsePosition(s)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return p
}
