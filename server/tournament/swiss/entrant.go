package swiss

// entrant is a player prepared for pairing: ranked, numbered, and with the
// colour and float facts the criteria need computed once.
type entrant struct {
	id     string
	score  int
	tpn    int      // pairing number, 1-based
	hist   []Colour // the colours of all rounds, None where unplayed
	diff   int      // whites minus blacks over played games
	last   Colour   // latest played colour, None if none
	twice  bool     // the two latest played games had the same colour
	pref   Colour   // preferred colour, None for no preference
	str    int      // strength of pref
	absPre bool     // pref is absolute
	byeOK  bool     // may still get the pairing-allocated bye
	top    bool     // a topscorer when pairing the last round
	down   [2]bool  // downfloated last round, two rounds ago
	up     [2]bool  // upfloated last round, two rounds ago
}

// setFloats notes the floats of the last two rounds.
func (e *entrant) setFloats(fs []Float) {
	for k := range 2 {
		if i := len(fs) - 1 - k; i >= 0 {
			e.down[k], e.up[k] = fs[i] == Down, fs[i] == Up
		}
	}
}

// floatCost is the cost of a downfloat (given e.down) or an upfloat (given
// e.up) this round: the same float as last round, as two rounds ago.
func floatCost(repeat [2]bool, last, before int) cost {
	var c cost
	if repeat[0] {
		c[last] = 1
	}
	if repeat[1] {
		c[before] = 1
	}
	return c
}
