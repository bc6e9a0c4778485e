package server

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"wyrm/game"
)

// Seat kinds.
const (
	// SeatLocal is played from the creating browser (hotseat).
	SeatLocal = "local"
	// SeatInvite is kept for a person who joins by link or from the lobby.
	SeatInvite = "invite"
	// SeatComputer is played by the engine on the server.
	SeatComputer = "computer"
)

// Seat is one seat of a game definition.
type Seat struct {
	Kind  string `json:"kind"`
	Level int    `json:"level,omitempty"`
	// TokenHash is the SHA-256 of the secret token of a local seat; invited
	// seats get theirs through a "join" action.
	TokenHash string `json:"tokenHash,omitempty"`
}

// Clock is a time control; zero InitialMs means no clocks.
type Clock struct {
	InitialMs   int64 `json:"initialMs"`
	IncrementMs int64 `json:"incrementMs"`
}

// Def is what is stored when a game is created: enough to replay it.
type Def struct {
	Game      string       `json:"game"`
	Options   game.Options `json:"options"`
	Seats     []Seat       `json:"seats"`
	Clock     Clock        `json:"clock"`
	RematchOf string       `json:"rematchOf,omitempty"`
}

// maxLevel is the strongest computer level.
const maxLevel = 8

func (d *Def) check(g game.Game, players int) error {
	if len(d.Seats) != players {
		return fmt.Errorf("this game has %d seats, got %d", players, len(d.Seats))
	}
	for i, s := range d.Seats {
		switch s.Kind {
		case SeatLocal, SeatInvite:
		case SeatComputer:
			if s.Level < 1 || s.Level > maxLevel {
				return fmt.Errorf("seat %d: computer level must be 1 to %d", i+1, maxLevel)
			}
		default:
			return fmt.Errorf("seat %d: unknown kind %q (local, invite or computer)", i+1, s.Kind)
		}
	}
	c := d.Clock
	if c.InitialMs < 0 || c.IncrementMs < 0 || c.InitialMs > 24*3600*1000 || c.IncrementMs > 3600*1000 ||
		(c.InitialMs == 0 && c.IncrementMs != 0) {
		return fmt.Errorf("bad time control")
	}
	return nil
}

// newToken returns a fresh secret and its hash.
func newToken() (token, hash string) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	token = hex.EncodeToString(b[:])
	return token, hashToken(token)
}

func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

// newID returns a short random game id.
func newID() string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}
