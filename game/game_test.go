package game

import "testing"

func TestValidateOptions(t *testing.T) {
	specs := []Option{
		{Name: "dragons", Kind: Choice, Choices: []string{"1", "2"}, Default: "2"},
		{Name: "fast", Kind: Bool},
		{Name: "players", Kind: Int, Min: 2, Max: 4},
	}
	cases := []struct {
		opts Options
		ok   bool
	}{
		{Options{}, true},
		{Options{"dragons": "1", "fast": "true", "players": "3"}, true},
		{Options{"dragons": "3"}, false},
		{Options{"fast": "maybe"}, false},
		{Options{"players": "5"}, false},
		{Options{"players": "x"}, false},
		{Options{"colour": "red"}, false},
	}
	for _, c := range cases {
		if err := Validate(specs, c.opts); (err == nil) != c.ok {
			t.Errorf("Validate(%v) = %v, want ok=%v", c.opts, err, c.ok)
		}
	}
}

func TestOutcomeHelpers(t *testing.T) {
	o := Decided(3, 2, "king captured")
	if !o.Over || o.Winner() != 2 || o.Results[0] != Loss || o.Results[1] != Loss || o.Results[3] != Ongoing {
		t.Fatalf("Decided: %+v", o)
	}
	d := Drawn(2, "stalemate")
	if d.Winner() != NoPlayer || d.Results[0] != Draw || d.Results[1] != Draw {
		t.Fatalf("Drawn: %+v", d)
	}
	if Win.String() != "win" || Result(9).String() != "Result(9)" {
		t.Fatal("Result.String")
	}
}

func TestKeySourceIsDeterministic(t *testing.T) {
	a, b := NewKeySource(42), NewKeySource(42)
	seen := map[uint64]bool{}
	for i := 0; i < 1000; i++ {
		x := a.Next()
		if x != b.Next() {
			t.Fatal("same seed, different keys")
		}
		if seen[x] {
			t.Fatal("repeated key")
		}
		seen[x] = true
	}
	if NewKeySource(1).Next() == NewKeySource(2).Next() {
		t.Fatal("different seeds gave the same first key")
	}
}

func TestGeometryCoordsRoundTrip(t *testing.T) {
	g := Geometry{Levels: 3, Files: 12, Ranks: 8}
	for sq := 0; sq < g.Squares(); sq++ {
		l, f, r := g.Coords(sq)
		if g.Square(l, f, r) != sq {
			t.Fatalf("square %d -> (%d,%d,%d) -> %d", sq, l, f, r, g.Square(l, f, r))
		}
	}
}

func TestSeatNumberCountsFromOne(t *testing.T) {
	if got := SeatNumber(2); got != "seat 3" {
		t.Fatalf("SeatNumber(2) = %q", got)
	}
}
