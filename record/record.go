package record

import "wyrm/game"

// Record is one game as written to and read from PGN.
type Record struct {
	// Event, Site, Date and Round are the roster's first four tags. Date is
	// "YYYY.MM.DD"; empty ones are written as PGN's unknown ("?",
	// "????.??.??").
	Event, Site, Date, Round string
	// Players names each seat, in seat order; its length is the number of
	// seats (two when empty).
	Players []string
	// Results holds each seat's result, in seat order. For two seats only
	// win/loss, loss/win, draw/draw and ongoing/ongoing can be written.
	Results []game.Result
	// Termination says in PGN's words how the game ended.
	Termination Termination
	// Reason is wyrm's own word for the end ("checkmate", "move limit"),
	// kept in a tag of its own.
	Reason string
	// Game is wyrm's name of the game ("dragon").
	Game string
	// Variant is the name other programs give the game, written as the
	// Variant tag; empty when they have none.
	Variant string
	// Options are the game options the game was started with.
	Options game.Options
	// Start is the position string play began from, written as FEN; empty
	// means the game's start for Options.
	Start string
	// Moves are the moves in the record's notation (see game.Notation).
	Moves []string
	// Movers, when set, names the seat that played each move. It only
	// numbers the movetext; without it seats are taken to move in turn
	// from seat 0. Read leaves it empty.
	Movers []game.Player
	// Left lists seats that left the game while the others played on.
	Left []Leave
	// Tags are further tags, written after the ones above in this order.
	// Read puts every tag it does not know here.
	Tags []Tag
}

// Tag is one extra tag pair.
type Tag struct {
	Name, Value string
}

// Leave is a seat leaving the game (resigning, losing on time) after Ply
// moves, while the others play on.
type Leave struct {
	Ply  int
	Seat game.Player
}

// Termination is a value of PGN's Termination tag.
type Termination string

// The Termination values wyrm writes.
const (
	// Normal is an end by the rules, resignation or agreement.
	Normal Termination = "normal"
	// TimeForfeit is a loss on time.
	TimeForfeit Termination = "time forfeit"
	// Adjudication is a result given by a third party (an evaluation).
	Adjudication Termination = "adjudication"
	// Abandoned is a game a player stopped taking part in (an engine
	// that failed).
	Abandoned Termination = "abandoned"
	// RulesInfraction is a loss for breaking the rules (an illegal move).
	RulesInfraction Termination = "rules infraction"
	// Unterminated is a game stopped before its end, or still in play.
	Unterminated Termination = "unterminated"
)

// Seats is the number of seats: len(Players), or two when it is empty.
func (r *Record) Seats() int {
	if len(r.Players) == 0 {
		return 2
	}
	return len(r.Players)
}

// Tag returns the value of an extra tag, or "" when there is none.
func (r *Record) Tag(name string) string {
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}
