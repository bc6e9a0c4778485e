package rating

import (
	"math"
	"time"
)

// Rating is a player's rating in one pool (a game and a speed class).
type Rating struct {
	// R is the rating itself; a new player has 1500.
	R float64
	// RD is the rating deviation: how unsure R is (one standard
	// deviation, in rating points).
	RD float64
	// Vol is the Glicko-2 volatility: how much the player's strength is
	// expected to drift in one rating period.
	Vol float64
}

// New is the rating of a player who has not played in a pool.
func New() Rating { return Rating{R: 1500, RD: 350, Vol: 0.06} }

// ProvisionalRD is the deviation above which a rating is provisional: after
// a handful of games against settled players it falls below, and it climbs
// back above after months without a game. Lichess uses the same threshold.
const ProvisionalRD = 110

// Provisional reports whether r is still too unsure to show or compare as
// settled (the site marks it with a question mark and may keep it off
// leaderboards).
func (r Rating) Provisional() bool { return r.RD > ProvisionalRD }

// Scale converts between rating points and Glicko-2's internal units: 400
// over ln 10, about 173.7178, so that 400 points is a factor of ten in
// odds as in Elo.
const Scale = 400 / math.Ln10

// Config holds the parameters of both systems. A zero field takes its
// value from Default.
type Config struct {
	// Tau is Glicko-2's system constant: how far one surprising result may
	// move the volatility. Glickman suggests 0.3 to 1.2.
	Tau float64
	// Tolerance is where the volatility iteration stops: when its bracket
	// is narrower than this (in the log of the squared volatility).
	Tolerance float64
	// MaxRD bounds the deviation from above: a player who has been away
	// for years is as unknown as a new one, never more.
	MaxRD float64
	// MinRD bounds the deviation from below, so that a rating can always
	// still move.
	MinRD float64
	// MaxVol bounds the volatility, so that a run of upsets cannot make a
	// rating swing without limit.
	MaxVol float64
	// Period is the time without games that counts as one rating period
	// when a deviation grows between games (see Age).
	Period time.Duration
	// Beta is the Weng-Lin performance deviation: the spread of one
	// player's play in one game, in rating points.
	Beta float64
	// Kappa is the Weng-Lin floor on how far one game may shrink a
	// variance (as a factor), so that it stays positive.
	Kappa float64
}

// Default is the configuration wyrm uses. Beta is Scale over the square
// root of two: then two settled players 400 points apart expect the same
// score in Weng-Lin as in Glicko-2 and Elo.
var Default = Config{
	Tau:       0.5,
	Tolerance: 1e-6,
	MaxRD:     350,
	MinRD:     45,
	MaxVol:    0.1,
	Period:    4 * 24 * time.Hour,
	Beta:      Scale / math.Sqrt2,
	Kappa:     1e-4,
}

// withDefaults fills c's zero fields from Default.
func (c Config) withDefaults() Config {
	d := Default
	pick := func(v *float64, def float64) {
		if *v == 0 {
			*v = def
		}
	}
	pick(&c.Tau, d.Tau)
	pick(&c.Tolerance, d.Tolerance)
	pick(&c.MaxRD, d.MaxRD)
	pick(&c.MinRD, d.MinRD)
	pick(&c.MaxVol, d.MaxVol)
	pick(&c.Beta, d.Beta)
	pick(&c.Kappa, d.Kappa)
	if c.Period == 0 {
		c.Period = d.Period
	}
	return c
}

// bound keeps r's deviation and volatility within c's limits.
func (c Config) bound(r Rating) Rating {
	r.RD = min(max(r.RD, c.MinRD), c.MaxRD)
	r.Vol = min(r.Vol, c.MaxVol)
	return r
}

// vol returns r's volatility, or a new player's when r has none (a rating
// built by hand), since Glicko-2 takes its logarithm.
func vol(r Rating) float64 {
	if r.Vol > 0 {
		return r.Vol
	}
	return New().Vol
}

// Age returns r after periods rating periods without a game (fractions
// count): its deviation grows by the volatility once a period, as in
// Glicko-2 for a player who did not compete, up to MaxRD. Rating and
// volatility stay.
func (c Config) Age(r Rating, periods float64) Rating {
	c = c.withDefaults()
	if periods <= 0 {
		return r
	}
	s := vol(r) * Scale
	r.RD = math.Sqrt(r.RD*r.RD + periods*s*s)
	return c.bound(r)
}

// RatingPeriod is c's Period, or Default's when c sets none: the time
// without games over which a deviation grows by one volatility (Idle).
func (c Config) RatingPeriod() time.Duration { return c.withDefaults().Period }

// Idle returns r after d without a game: Age over d in rating periods.
func (c Config) Idle(r Rating, d time.Duration) Rating {
	c = c.withDefaults()
	return c.Age(r, float64(d)/float64(c.Period))
}
