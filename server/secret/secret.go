// Package secret makes the server's secrets and ids: seat tokens,
// invitation links, event-stream secrets (stored only as their hashes) and
// the short random ids of games and challenges. One place, so that a
// secret made by one feature is checked the same way by another (a seat's
// token made with a challenge is proved on the game's websocket).
package secret

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// New returns a fresh secret and the hash by which it is stored.
func New() (secret, hash string) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	secret = hex.EncodeToString(b[:])
	return secret, Hash(secret)
}

// Hash is the hash by which a secret is stored and compared (SHA-256, in
// hex).
func Hash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// ID returns a short random id (12 hex digits), for a game or a challenge.
func ID() string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}

// IsID reports whether s can name a game or a challenge in an address: 1
// to 64 letters, digits, '-' or '_'. The ids ID makes are of this form,
// and so were those of older builds and of tests; anything else is refused
// before it reaches a store or another node.
func IsID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
