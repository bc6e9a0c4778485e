package table

import (
	"time"

	"wyrm/game"
)

// Seat kinds.
const (
	// SeatLocal is played from the creating browser (hotseat).
	SeatLocal = "local"
	// SeatInvite is kept for a person who joins by a private link: the
	// link carries a secret, stored hashed, and the game is not listed.
	SeatInvite = "invite"
	// SeatOpen is an open challenge: listed in the lobby, anyone may take it.
	SeatOpen = "open"
	// SeatComputer is played by the engine on the server.
	SeatComputer = "computer"
)

// MaxLevel is the strongest computer level.
const MaxLevel = 8

// Seat is one seat of a game definition.
type Seat struct {
	Kind  string `json:"kind"`
	Level int    `json:"level,omitempty"`
	// TokenHash is the SHA-256 of the secret token of a local seat; invited
	// seats get theirs through a join action.
	TokenHash string `json:"tokenHash,omitempty"`
	// InviteHash is the SHA-256 of the secret of an invite seat's link.
	// (Games stored before invitations had secrets have none: their seats
	// are taken as open.)
	InviteHash string `json:"inviteHash,omitempty"`
	// UserID is the account that holds the seat from the start (the
	// creator's local seats, when signed in); 0 for none.
	UserID int64 `json:"userId,omitempty"`
}

// Joinable reports whether a person may take the seat by joining.
func (s Seat) Joinable() bool { return s.Kind == SeatInvite || s.Kind == SeatOpen }

// Def is what is stored when a game is created: enough to replay it. Its
// options are the game's normalized ones, so replay needs nothing else.
type Def struct {
	Game      string       `json:"game"`
	Options   game.Options `json:"options"`
	Seats     []Seat       `json:"seats"`
	Clock     TimeControl  `json:"clock"`
	RematchOf string       `json:"rematchOf,omitempty"`
	// Rated games change their players' ratings.
	Rated bool `json:"rated,omitempty"`
	// Start is the position play begins from, in the game's notation;
	// empty means the game's own start (and setup, if it has one).
	Start string `json:"start,omitempty"`
	// Berserk marks, seat by seat, the players of a tournament game who
	// play with half the time and no increment (nil: none).
	Berserk []bool `json:"berserk,omitempty"`
	// FirstMoveMs, when set, is how long (in milliseconds) the game waits
	// for a seat's first move before it is aborted, in place of the
	// server's own wait: a tournament's no-show time.
	FirstMoveMs int64 `json:"firstMoveMs,omitempty"`
}

// Check reports whether d fits a game of players seats.
func (d *Def) Check(players int) error {
	if len(d.Seats) != players {
		return errorf(Invalid, "this game has %d seats, got %d", players, len(d.Seats))
	}
	for i, s := range d.Seats {
		switch s.Kind {
		case SeatLocal, SeatInvite, SeatOpen:
		case SeatComputer:
			if s.Level < 1 || s.Level > MaxLevel {
				return errorf(Invalid, "seat %d: computer level must be 1 to %d", i+1, MaxLevel)
			}
		default:
			return errorf(Invalid, "seat %d: unknown kind %q (local, invite, open or computer)", i+1, s.Kind)
		}
	}
	if len(d.Berserk) != 0 && len(d.Berserk) != len(d.Seats) {
		return errorf(Invalid, "berserk marks %d seats of %d", len(d.Berserk), len(d.Seats))
	}
	if d.FirstMoveMs < 0 || d.FirstMoveMs > (24*time.Hour).Milliseconds() {
		return errorf(Invalid, "the wait for a first move is at most a day")
	}
	c := d.Clock
	if c.Initial < 0 || c.Increment < 0 || c.Initial > 24*time.Hour || c.Increment > time.Hour ||
		(c.Initial == 0 && c.Increment != 0) {
		return errorf(Invalid, "bad time control")
	}
	if c.Days < 0 || c.Days > MaxDays || (c.Days > 0 && (c.Initial != 0 || c.Increment != 0)) {
		return errorf(Invalid, "a correspondence game has 1 to %d days a move and no other clock", MaxDays)
	}
	return nil
}
