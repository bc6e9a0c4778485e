package game

import "fmt"

// MaxPlayers is the largest number of seats any wyrm game has.
const MaxPlayers = 4

// Player is a seat index in turn order, starting at 0.
type Player int8

// NoPlayer marks the absence of a player (for example, nobody to move in a
// finished game).
const NoPlayer Player = -1

// Move is one whole action in a game's own compact encoding. A move may have
// several steps (a capture followed by a retreat, a drop, a hex); it is still
// one Move. Only the game that produced a Move can interpret it. The zero
// value is NoMove and is never a legal move.
type Move uint32

// NoMove is the zero Move.
const NoMove Move = 0

// Result is how the game ended for one player.
type Result int8

const (
	// Ongoing means the player is still in a game that has not ended.
	Ongoing Result = iota
	// Win means the player won.
	Win
	// Loss means the player lost a game that has ended.
	Loss
	// Draw means the game ended drawn for the player.
	Draw
	// Eliminated means the player is out while others may still play on.
	Eliminated
)

var resultNames = [...]string{"ongoing", "win", "loss", "draw", "eliminated"}

func (r Result) String() string {
	if r >= 0 && int(r) < len(resultNames) {
		return resultNames[r]
	}
	return fmt.Sprintf("Result(%d)", int8(r))
}

// Outcome describes whether a position is finished and what each seat got.
type Outcome struct {
	// Over is true when no further move may be played.
	Over bool
	// Results holds one entry per seat; entries past the number of seats are
	// Ongoing and meaningless.
	Results [MaxPlayers]Result
	// Reason names what ended the game or eliminated a player, in words
	// ("checkmate", "stalemate", "threefold repetition", "king captured").
	Reason EndReason
}

// Winner returns the single winning seat, or NoPlayer when there is none.
func (o Outcome) Winner() Player {
	for i, r := range o.Results {
		if r == Win {
			return Player(i)
		}
	}
	return NoPlayer
}

// Decided returns an Outcome in which winner wins and the other of n seats lose.
func Decided(n int, winner Player, reason EndReason) Outcome {
	o := Outcome{Over: true, Reason: reason}
	for i := 0; i < n; i++ {
		o.Results[i] = Loss
	}
	o.Results[winner] = Win
	return o
}

// Drawn returns an Outcome in which all n seats draw.
func Drawn(n int, reason EndReason) Outcome {
	o := Outcome{Over: true, Reason: reason}
	for i := 0; i < n; i++ {
		o.Results[i] = Draw
	}
	return o
}
