package swiss

// Strengths of a colour preference (C.04.3 A.6), weakest first.
const (
	noPref = iota
	mild
	strong
	absolute
)

// setColours derives the colour difference and preference from the
// colour history.
func (e *entrant) setColours(hist []Colour) {
	e.hist = hist
	var played []Colour
	for _, c := range hist {
		switch c {
		case White:
			e.diff++
			played = append(played, c)
		case Black:
			e.diff--
			played = append(played, c)
		}
	}
	if n := len(played); n > 0 {
		e.last = played[n-1]
		e.twice = n > 1 && played[n-2] == e.last
	}
	switch {
	case e.diff < -1:
		e.pref, e.str = White, absolute
	case e.diff > 1:
		e.pref, e.str = Black, absolute
	case e.twice:
		e.pref, e.str = e.last.opposite(), absolute
	case e.diff == -1:
		e.pref, e.str = White, strong
	case e.diff == 1:
		e.pref, e.str = Black, strong
	case e.last != None:
		e.pref, e.str = e.last.opposite(), mild
	}
	e.absPre = e.str == absolute
}

// colourClash reports whether two players may not meet for colour reasons:
// both have the same absolute preference, and neither is a topscorer in the
// last round (e.top is only ever set then).
func colourClash(a, b *entrant) bool {
	return a.absPre && b.absPre && a.pref == b.pref && !a.top && !b.top
}

// aWhite reports whether a, the higher ranked of the two, gets White
// (C.04.3 E.1 to E.5).
func aWhite(a, b *entrant, initial Colour) bool {
	switch {
	case a.pref == None && b.pref == None:
		// E.5: by the higher-ranked player's pairing number.
		if a.tpn%2 == 1 {
			return initial == White
		}
		return initial != White
	case a.pref == None:
		return b.pref == Black
	case b.pref == None || a.pref != b.pref:
		return a.pref == White // E.1: both get what they want
	}
	// E.2: the stronger preference wins; between two absolute ones, the
	// wider colour difference.
	if a.str != b.str {
		if a.str > b.str {
			return a.pref == White
		}
		return b.pref != White
	}
	if a.str == absolute && abs(a.diff) != abs(b.diff) {
		if abs(a.diff) > abs(b.diff) {
			return a.pref == White
		}
		return b.pref != White
	}
	// E.3: alternate from the latest round in which they differed.
	for i, j := len(a.hist)-1, len(b.hist)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		ca, cb := a.hist[i], b.hist[j]
		if ca != None && cb != None && ca != cb {
			return ca == Black
		}
	}
	return a.pref == White // E.4: the higher-ranked player's preference
}

// colourCost is what giving e the colour got costs by the colour criteria:
// a topscorer pushed past the limits, a preference denied, a strong or
// absolute preference denied.
func colourCost(e *entrant, got Colour) (limits, denied, strongDenied int) {
	d := e.diff + 1
	if got == Black {
		d = e.diff - 1
	}
	if abs(d) > 2 || (e.twice && e.last == got) {
		limits = 1
	}
	if e.pref != None && got != e.pref {
		denied = 1
		if e.str >= strong {
			strongDenied = 1
		}
	}
	return
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
