package glicko2

import (
	"math"
	"testing"
)

// Glickman's worked example ("Example of the Glicko-2 system"): a player
// of 1500, RD 200, volatility 0.06, with τ = 0.5, beats a 1400 (RD 30) and
// loses to a 1550 (RD 100) and a 1700 (RD 300): 1464.06, RD 151.52,
// volatility 0.05999.
func TestPaperExample(t *testing.T) {
	got := Paper.Update(Rating{1500, 200, 0.06}, []Result{
		{Rating{1400, 30, 0.06}, 1},
		{Rating{1550, 100, 0.06}, 0},
		{Rating{1700, 300, 0.06}, 0},
	})
	for _, c := range []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"rating", got.Rating, 1464.06, 0.01},
		{"RD", got.RD, 151.52, 0.01},
		// The paper prints 0.05999 of 0.059996 (cut, not rounded).
		{"volatility", got.Volatility, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s %.7f, want %.5f", c.name, c.got, c.want)
		}
	}
}

// A player who sits a period out keeps the rating; the RD grows, within
// the system's bound.
func TestNoGames(t *testing.T) {
	s := System{Tau: 0.5, MinRD: 45, MaxRD: 350}
	got := s.Update(Rating{1600, 100, 0.06}, nil)
	if got.Rating != 1600 || got.RD <= 100 || got.RD > 350 {
		t.Errorf("after no games: %+v", got)
	}
	if got := s.Update(Rating{1600, 349.9, 0.06}, nil); got.RD != 350 {
		t.Errorf("RD %v past the bound 350", got.RD)
	}
}

// A win raises the rating and a loss lowers it, more against a stronger
// opponent; the RD never drops below the floor.
func TestDirection(t *testing.T) {
	s := System{Tau: 0.75, MinRD: 60, MaxRD: 500}
	me := Rating{1500, 60, 0.06}
	weak, strong := Rating{1300, 80, 0.06}, Rating{1700, 80, 0.06}
	winWeak := s.Update(me, []Result{{weak, 1}}).Rating - me.Rating
	winStrong := s.Update(me, []Result{{strong, 1}}).Rating - me.Rating
	lose := s.Update(me, []Result{{strong, 0}})
	if winWeak <= 0 || winStrong <= winWeak || lose.Rating >= me.Rating || lose.RD < 60 {
		t.Errorf("win vs weak %+.1f, vs strong %+.1f, loss %+v", winWeak, winStrong, lose)
	}
}
