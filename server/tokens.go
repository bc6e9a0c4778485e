package server

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"

	"wyrm/server/table"
)

// The definition types of a game, as clients send them when creating one.
type (
	// Seat is one seat of a game definition.
	Seat = table.Seat
	// Def is what is stored when a game is created.
	Def = table.Def
)

// Seat kinds.
const (
	SeatLocal    = table.SeatLocal
	SeatInvite   = table.SeatInvite
	SeatOpen     = table.SeatOpen
	SeatComputer = table.SeatComputer
)

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
