// Package glicko2 rates players by Glickman's Glicko-2 system: a rating,
// its deviation (RD) and a volatility, updated from the results of a
// rating period. The puzzle ratings use it with one attempt a period, as
// lichess does, each attempt rating the player against the puzzle and the
// puzzle against the player.
package glicko2

import "math"

// scale converts between the Glicko and the Glicko-2 scales.
const scale = 173.7178

// The defaults of an unrated player, from the paper.
const (
	DefaultRating     = 1500.0
	DefaultRD         = 350.0
	DefaultVolatility = 0.06
)

// Rating is a player's rating on the Glicko scale.
type Rating struct {
	Rating     float64 `json:"rating"`
	RD         float64 `json:"rd"`
	Volatility float64 `json:"volatility"`
}

// New is an unrated player's rating.
func New() Rating { return Rating{DefaultRating, DefaultRD, DefaultVolatility} }

// Result is one game of a period: the opponent's rating before it and the
// score, 1 a win, 0 a loss, 0.5 a draw.
type Result struct {
	Opponent Rating
	Score    float64
}

// System holds the constants: Tau bounds the change of the volatility
// (0.3 to 1.2 in the paper); MinRD and MaxRD bound the deviation after an
// update, so that a player who plays much still moves (lichess keeps a
// floor) and nobody is less known than a newcomer.
type System struct {
	Tau, MinRD, MaxRD float64
}

// Paper is the system of Glickman's worked example, without bounds.
var Paper = System{Tau: 0.5, MaxRD: math.Inf(1)}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expect(mu, muJ, phiJ float64) float64 { return 1 / (1 + math.Exp(-g(phiJ)*(mu-muJ))) }

// Update rates r after a period with the results (steps 2 to 8 of the
// paper). With no results only the deviation grows, as the paper says.
func (s System) Update(r Rating, results []Result) Rating {
	mu, phi, sigma := (r.Rating-DefaultRating)/scale, r.RD/scale, r.Volatility
	if len(results) == 0 {
		phi = math.Sqrt(phi*phi + sigma*sigma)
		return s.bound(Rating{r.Rating, phi * scale, sigma})
	}
	var vInv, sum float64
	for _, res := range results {
		muJ, phiJ := (res.Opponent.Rating-DefaultRating)/scale, res.Opponent.RD/scale
		e := expect(mu, muJ, phiJ)
		gj := g(phiJ)
		vInv += gj * gj * e * (1 - e)
		sum += gj * (res.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigma = s.volatility(phi, v, delta, sigma)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	return s.bound(Rating{mu*scale + DefaultRating, phi * scale, sigma})
}

// volatility is step 5: the Illinois algorithm finding the new volatility.
func (s System) volatility(phi, v, delta, sigma float64) float64 {
	const eps = 0.000001
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(s.Tau*s.Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*s.Tau) < 0 {
			k++
		}
		B = a - k*s.Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > eps && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

func (s System) bound(r Rating) Rating {
	r.RD = min(max(r.RD, s.MinRD), s.MaxRD)
	return r
}
