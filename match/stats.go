package match

import "math"

// Tally counts one player's results.
type Tally struct {
	Wins, Draws, Losses int
}

// Games is the number of games counted.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Points is wins plus half the draws.
func (t Tally) Points() float64 { return float64(t.Wins) + float64(t.Draws)/2 }

// Score is the points per game (0.5 with no games).
func (t Tally) Score() float64 {
	if t.Games() == 0 {
		return 0.5
	}
	return t.Points() / float64(t.Games())
}

// EloFromScore is the rating difference expected to give score s.
func EloFromScore(s float64) float64 {
	s = math.Min(math.Max(s, 1e-6), 1-1e-6)
	return -400 * math.Log10(1/s-1)
}

// ScoreFromElo is the expected score for a rating difference d.
func ScoreFromElo(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }

// variance is the per-game variance of the result (1, 0.5, 0).
func (t Tally) variance() float64 {
	n := float64(t.Games())
	if n == 0 {
		return 0
	}
	s := t.Score()
	w, d, l := float64(t.Wins)/n, float64(t.Draws)/n, float64(t.Losses)/n
	return w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + l*s*s
}

// Elo returns the rating difference and the half-width of its 95%
// confidence interval (normal approximation over the trinomial results).
// The error is +Inf when it cannot be estimated.
func (t Tally) Elo() (diff, err95 float64) {
	n := float64(t.Games())
	if n == 0 {
		return 0, math.Inf(1)
	}
	s := t.Score()
	diff = EloFromScore(s)
	sd := math.Sqrt(t.variance() / n)
	lo, hi := s-1.959964*sd, s+1.959964*sd
	if lo <= 0 || hi >= 1 {
		return diff, math.Inf(1)
	}
	return diff, (EloFromScore(hi) - EloFromScore(lo)) / 2
}

// SPRT is a sequential probability ratio test of H0 "the Elo difference is
// Elo0" against H1 "it is Elo1", with error rates Alpha and Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Bounds are the log-likelihood ratios at which H0 (lower) or H1 (upper)
// is accepted.
func (p SPRT) Bounds() (lower, upper float64) {
	return math.Log(p.Beta / (1 - p.Alpha)), math.Log((1 - p.Beta) / p.Alpha)
}

// LLR is the log-likelihood ratio of the results under the normal
// approximation (the generalised SPRT used by chess engine testers).
func (p SPRT) LLR(t Tally) float64 {
	n := float64(t.Games())
	v := t.variance()
	if n == 0 || v == 0 {
		return 0
	}
	s0, s1 := ScoreFromElo(p.Elo0), ScoreFromElo(p.Elo1)
	s := t.Score()
	return n * (s1 - s0) * (2*s - s0 - s1) / (2 * v)
}

// Verdict is "H1" or "H0" once the test has decided, "" before.
func (p SPRT) Verdict(t Tally) string {
	lo, hi := p.Bounds()
	switch llr := p.LLR(t); {
	case llr >= hi:
		return "H1"
	case llr <= lo:
		return "H0"
	}
	return ""
}
