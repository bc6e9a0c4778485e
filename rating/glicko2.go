package rating

import "math"

// Result is one game of a rating period as Glicko-2 sees it: the
// opponent's rating before the period and the score (1 a win, 0.5 a draw,
// 0 a loss).
type Result struct {
	Opponent Rating
	Score    float64
}

// maxIterations bounds the volatility iteration; it converges in a few
// dozen steps, so this is only a guard against a bad configuration.
const maxIterations = 1000

// Update returns p's rating after one rating period with results, following
// the steps of Glickman's "Example of the Glicko-2 system". With no results
// the deviation grows for one idle period. The result is bounded by c.
func (c Config) Update(p Rating, results []Result) Rating {
	c = c.withDefaults()
	if len(results) == 0 {
		return c.Age(p, 1)
	}
	mu, phi := (p.R-1500)/Scale, p.RD/Scale
	v, sum, ok := variance(mu, results)
	if !ok {
		return c.Age(p, 1)
	}
	sigma := c.volatility(phi, vol(p), v, v*sum)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return c.bound(Rating{R: 1500 + Scale*muNew, RD: Scale * phiNew, Vol: sigma})
}

// UpdateTwoPlayer returns both players' ratings after one game between
// them, each computed from the other's rating before it; scoreA is a's
// score (1, 0.5 or 0). Each game is its own rating period.
func (c Config) UpdateTwoPlayer(a, b Rating, scoreA float64) (Rating, Rating) {
	return c.Update(a, []Result{{Opponent: b, Score: scoreA}}),
		c.Update(b, []Result{{Opponent: a, Score: 1 - scoreA}})
}

// UpdateTwoPlayer is Default.UpdateTwoPlayer.
func UpdateTwoPlayer(a, b Rating, scoreA float64) (Rating, Rating) {
	return Default.UpdateTwoPlayer(a, b, scoreA)
}

// g is Glicko-2's weight of an opponent with deviation phi: an opponent
// known less well says less.
func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// expected is the score a player at mu expects against one at muj whose
// weight is gj.
func expected(mu, muj, gj float64) float64 { return 1 / (1 + math.Exp(-gj*(mu-muj))) }

// variance returns the estimated variance v of the player's rating from the
// period's results alone (step 3) and the sum of weighted surprises
// whose v-fold is the improvement Delta (step 4). ok is false when the
// results carry no information (every expectation exactly 0 or 1).
func variance(mu float64, results []Result) (v, sum float64, ok bool) {
	var inv float64
	for _, r := range results {
		muj, phij := (r.Opponent.R-1500)/Scale, r.Opponent.RD/Scale
		gj := g(phij)
		e := expected(mu, muj, gj)
		inv += gj * gj * e * (1 - e)
		sum += gj * (r.Score - e)
	}
	if inv == 0 {
		return 0, 0, false
	}
	return 1 / inv, sum, true
}

// volatility finds the new volatility (step 5): the root of f by the
// Illinois variant of regula falsi, stopping when the bracket is narrower
// than c.Tolerance.
func (c Config) volatility(phi, sigma, v, delta float64) float64 {
	a := math.Log(sigma * sigma)
	f := volatilityFunc(phi, sigma, v, delta, c.Tau)
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*c.Tau) < 0 {
			k++
		}
		B = a - k*c.Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > c.Tolerance && i < maxIterations; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			// Halving the stale end's value is what keeps regula falsi
			// from creeping at one side (the Illinois step).
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// volatilityFunc is step 5's f, whose root x gives the new volatility as
// exp(x/2).
func volatilityFunc(phi, sigma, v, delta, tau float64) func(float64) float64 {
	a := math.Log(sigma * sigma)
	return func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
}
