package rating

import "time"

// Speed is a speed class: ratings are kept per game and per speed, since
// a player's strength at one minute a game says little about their
// strength at one move a day.
type Speed string

// The speed classes, fastest first.
const (
	Bullet         Speed = "bullet"
	Blitz          Speed = "blitz"
	Rapid          Speed = "rapid"
	Classical      Speed = "classical"
	Correspondence Speed = "correspondence"
)

// Speeds lists every speed class, fastest first.
var Speeds = []Speed{Bullet, Blitz, Rapid, Classical, Correspondence}

// Valid reports whether s is one of Speeds.
func (s Speed) Valid() bool {
	for _, v := range Speeds {
		if s == v {
			return true
		}
	}
	return false
}

// SpeedOf returns the speed class of a time control: initial time per
// player and increment per move, or daysPerMove for a correspondence clock.
// A clocked game is classed by its estimated length per player, the initial
// time plus forty increments (forty moves being a typical game): under 3
// minutes bullet, under 8 blitz, under 25 rapid, else classical.
//
// A game without clocks counts as correspondence: nothing hurries its
// players, as in a correspondence game, and a pool of its own would be
// thin.
func SpeedOf(initial, increment time.Duration, daysPerMove int) Speed {
	if daysPerMove > 0 || (initial <= 0 && increment <= 0) {
		return Correspondence
	}
	switch est := initial + 40*increment; {
	case est < 3*time.Minute:
		return Bullet
	case est < 8*time.Minute:
		return Blitz
	case est < 25*time.Minute:
		return Rapid
	}
	return Classical
}
