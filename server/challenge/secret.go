package challenge

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// newSecret returns a fresh secret and its hash: a stream's secret and
// its id, or a seat's token and the hash its seat is bound to (the
// SHA-256 that table.Seat.TokenHash names).
func newSecret() (secret, hash string) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	secret = hex.EncodeToString(b[:])
	return secret, hashSecret(secret)
}

// hashSecret is the hash by which a secret is stored and compared.
func hashSecret(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// newChallengeID returns a short random challenge id, as short as a
// game's.
func newChallengeID() string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}
