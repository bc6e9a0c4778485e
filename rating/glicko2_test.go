package rating

import (
	"math"
	"testing"
	"time"
)

// near fails t unless got is within tol of want.
func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (within %g)", what, got, want, tol)
	}
}

// The worked example of Glickman's "Example of the Glicko-2 system": a
// 1500/200/0.06 player beats a 1400/30 and loses to a 1550/100 and a
// 1700/300 in one period, with tau 0.5. The paper gives 1464.06, 151.52
// and 0.05999.
//
// The paper rounds on the way (each expected score E to three decimals),
// which moves its v and Delta in the fourth decimal and its rating in the
// second: at full precision v = 1.778977, Delta = -0.483933 and the result
// is 1464.0507, 151.5165, 0.059996 (recomputed step by step apart from
// this package). So the paper's numbers are checked to within its rounding,
// and the full-precision ones tightly.
func TestGlickmansExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Vol: 0.06}
	results := []Result{
		{Opponent: Rating{R: 1400, RD: 30}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300}, Score: 0},
	}
	v, sum, ok := variance(0, results)
	if !ok {
		t.Fatal("no information")
	}
	near(t, "v (paper)", v, 1.7785, 0.001)
	near(t, "Delta (paper)", v*sum, -0.4834, 0.001)
	near(t, "v", v, 1.778977, 0.0000005)
	near(t, "Delta", v*sum, -0.483933, 0.0000005)

	got := Config{Tau: 0.5}.Update(p, results)
	near(t, "rating (paper)", got.R, 1464.06, 0.01)
	near(t, "RD (paper)", got.RD, 151.52, 0.005)
	near(t, "volatility (paper)", got.Vol, 0.05999, 0.00001)
	near(t, "rating", got.R, 1464.0507, 0.00005)
	near(t, "RD", got.RD, 151.5165, 0.00005)
	near(t, "volatility", got.Vol, 0.059996, 0.0000005)

	// Step 5 alone, from the paper's own rounded inputs (phi = 1.1513),
	// finds its sigma' = 0.05999 (the paper shows it cut to five
	// decimals; the root is 0.059996).
	s := Config{Tau: 0.5}.withDefaults().volatility(1.1513, 0.06, 1.7785, -0.4834)
	near(t, "sigma' from the paper's inputs", s, 0.05999, 0.00001)
}

// The volatility found is a root of step 5's f, to within what the
// tolerance allows, and a tighter tolerance gets closer.
func TestVolatilityIterationConverges(t *testing.T) {
	phi, sigma, v, delta := 200/Scale, 0.06, 1.7785, -0.4834
	f := volatilityFunc(phi, sigma, v, delta, 0.5)
	loose := Config{Tau: 0.5, Tolerance: 1e-2}.withDefaults().volatility(phi, sigma, v, delta)
	tight := Config{Tau: 0.5, Tolerance: 1e-12}.withDefaults().volatility(phi, sigma, v, delta)
	if r := math.Abs(f(math.Log(tight * tight))); r > 1e-9 {
		t.Errorf("f at the tight root = %g", r)
	}
	if math.Abs(f(math.Log(loose*loose))) < math.Abs(f(math.Log(tight*tight))) {
		t.Errorf("loose tolerance %g is closer to the root than tight %g", loose, tight)
	}
	// Also when Delta is large enough to bracket from above (the other
	// branch of step 5.2): a huge upset.
	big := Config{}.withDefaults().volatility(1, 0.06, 0.5, 3)
	g := volatilityFunc(1, 0.06, 0.5, 3, 0.5)
	if r := math.Abs(g(math.Log(big * big))); r > 1e-6 {
		t.Errorf("f at the root after an upset = %g", r)
	}
	if big <= 0.06 {
		t.Errorf("an upset lowered the volatility to %g", big)
	}
}

// A larger tau lets one surprising result move the volatility further.
func TestTauScalesVolatilityChange(t *testing.T) {
	p := Rating{R: 1500, RD: 60, Vol: 0.06}
	upset := []Result{{Opponent: Rating{R: 2100, RD: 60, Vol: 0.06}, Score: 1}}
	low := Config{Tau: 0.3}.Update(p, upset).Vol
	high := Config{Tau: 1.2}.Update(p, upset).Vol
	if !(high > low && low > 0.06) {
		t.Errorf("volatility after an upset: tau 0.3 gives %g, tau 1.2 gives %g", low, high)
	}
}

// A player who does not play has only their deviation grow, by the
// volatility: sqrt(200^2 + (0.06 * 173.7178)^2) = sqrt(40000 + 108.64) =
// 200.2714.
func TestIdlePeriodGrowsDeviation(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Vol: 0.06}
	got := Default.Update(p, nil)
	near(t, "RD", got.RD, 200.2714, 0.00005)
	if got.R != p.R || got.Vol != p.Vol {
		t.Errorf("idle period changed rating or volatility: %+v", got)
	}
	if a := Default.Age(p, 1); a != got {
		t.Errorf("Age(1) = %+v, Update with no games = %+v", a, got)
	}
	// Half a period adds half the variance.
	near(t, "RD after half a period", Default.Age(p, 0.5).RD, math.Sqrt(40000+108.6403/2), 0.0001)
	near(t, "RD after two Periods of time", Default.Idle(p, 2*Default.Period).RD, math.Sqrt(40000+2*108.6403), 0.0001)
}

// A settled player (RD 60) who stops playing is provisional again after
// about ten months: (110^2 - 60^2) / 108.64 = 78.2 periods of 4 days.
func TestIdlePlayerBecomesProvisional(t *testing.T) {
	p := Rating{R: 1800, RD: 60, Vol: 0.06}
	day := 24 * time.Hour
	if r := Default.Idle(p, 300*day); r.Provisional() {
		t.Errorf("provisional after 300 days: RD %.1f", r.RD)
	}
	if r := Default.Idle(p, 330*day); !r.Provisional() {
		t.Errorf("not provisional after 330 days: RD %.1f", r.RD)
	}
}

func TestDeviationBounds(t *testing.T) {
	p := Rating{R: 1500, RD: 340, Vol: 0.06}
	if r := Default.Age(p, 1e6); r.RD != 350 {
		t.Errorf("RD after ages away = %g, want the cap 350", r.RD)
	}
	// A player of tiny volatility who plays a great many games against
	// settled opponents stays at the floor, not below it.
	q := Rating{R: 1500, RD: 50, Vol: 0.001}
	opp := Rating{R: 1500, RD: 50, Vol: 0.001}
	for i := range 500 {
		q, _ = UpdateTwoPlayer(q, opp, float64(i%2))
	}
	if q.RD != Default.MinRD {
		t.Errorf("RD after 500 games = %g, want the floor %g", q.RD, Default.MinRD)
	}
	// Volatility has its cap.
	r := Rating{R: 1500, RD: 50, Vol: 0.099}
	for range 20 {
		r = Config{Tau: 1.2}.Update(r, []Result{{Opponent: Rating{R: 2500, RD: 50}, Score: 1}})
	}
	if r.Vol > Default.MaxVol {
		t.Errorf("volatility %g above the cap", r.Vol)
	}
}

func TestTwoPlayerUpdate(t *testing.T) {
	a := Rating{R: 1500, RD: 200, Vol: 0.06}
	b := Rating{R: 1400, RD: 30, Vol: 0.06}
	na, nb := UpdateTwoPlayer(a, b, 1)
	if want := Default.Update(a, []Result{{Opponent: b, Score: 1}}); na != want {
		t.Errorf("a: %+v, want its own period update %+v", na, want)
	}
	if want := Default.Update(b, []Result{{Opponent: a, Score: 0}}); nb != want {
		t.Errorf("b: %+v, want its own period update %+v", nb, want)
	}
	if !(na.R > a.R && nb.R < b.R) {
		t.Errorf("winner %v -> %v, loser %v -> %v", a.R, na.R, b.R, nb.R)
	}
	// The unsure player moves much more than the sure one.
	if na.R-a.R < 5*(b.R-nb.R) {
		t.Errorf("RD 200 gained %.2f, RD 30 lost %.2f", na.R-a.R, b.R-nb.R)
	}
	// Equal players who draw keep their ratings and grow surer.
	e := New()
	x, y := UpdateTwoPlayer(e, e, 0.5)
	if x != y || x.R != 1500 || x.RD >= e.RD {
		t.Errorf("draw of new players: %+v %+v", x, y)
	}
	// A win and a loss are mirror images between equal players.
	w, l := UpdateTwoPlayer(e, e, 1)
	near(t, "mirror", w.R-1500, 1500-l.R, 1e-9)
}

func TestProvisional(t *testing.T) {
	for _, c := range []struct {
		rd   float64
		want bool
	}{{350, true}, {110.01, true}, {110, false}, {60, false}} {
		if got := (Rating{R: 1500, RD: c.rd}).Provisional(); got != c.want {
			t.Errorf("RD %g: provisional %v", c.rd, got)
		}
	}
	// A new player's rating stops being provisional after some games
	// against settled players, not after one.
	p := New()
	opp := Rating{R: 1500, RD: 50, Vol: 0.06}
	p, _ = UpdateTwoPlayer(p, opp, 1)
	if !p.Provisional() {
		t.Errorf("settled after one game: RD %.1f", p.RD)
	}
	n := 1
	for ; p.Provisional() && n < 50; n++ {
		p, _ = UpdateTwoPlayer(p, opp, float64(n%2))
	}
	if n < 5 || n > 20 {
		t.Errorf("provisional for %d games", n)
	}
}
