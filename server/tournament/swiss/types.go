package swiss

// Colour is the colour a player had in one round.
type Colour int8

const (
	None Colour = iota // no game that round: a bye or an absence
	White
	Black
)

// String names the colour.
func (c Colour) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "none"
}

// opposite is the other colour; None stays None.
func (c Colour) opposite() Colour {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return None
}

// Player is an entrant as the pairing sees them before a round.
type Player struct {
	ID        string
	Rating    int      // orders the initial ranking; ties by ID
	Score     int      // in half points: win 2, draw 1, loss 0, pairing-allocated bye 2
	Colours   []Colour // one per round played so far (None for a bye or absence)
	Opponents []string // everyone met so far
	Byes      int      // pairing-allocated byes had
	// Floats has one entry per round played so far, like Colours; nil
	// when unknown, and then the float criteria are not applied.
	Floats []Float
}

// Float is how a player was paired in one round against their own score
// (C.04.3 A.4): against a lower score, or scoring without playing, is a
// downfloat; against a higher score an upfloat.
type Float int8

const (
	Level Float = iota // paired within their score, or no game
	Down               // met a lower score, or scored without playing
	Up                 // met a higher score
)

// Pair is one game of a round.
type Pair struct{ White, Black string }

// Round is a round's pairings: the games, and who has the bye ("" when none).
type Round struct {
	Pairs []Pair
	Bye   string
}

// Options are the choices a tournament makes once for all its rounds.
type Options struct {
	// InitialColour is the colour of the top seed in round 1 (and of every
	// odd pairing number in a pair where neither player has a colour
	// preference); None means White.
	InitialColour Colour
	// RelaxColours lets a round that cannot otherwise be paired break the
	// colour limits (a colour difference beyond 2, the same colour three
	// times running), for as few players as the criteria manage. Repeat
	// games and second byes are never allowed.
	RelaxColours bool
}
