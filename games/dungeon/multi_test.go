package dungeon

import "testing"

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
