package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id's costs. A stored hash keeps the parameters it was
// made with, so changing them later only changes new hashes, and each old
// one is upgraded when its owner next signs in.
type Params struct {
	// Time is the number of passes over the memory.
	Time uint32
	// MemoryKiB is the memory used, in KiB.
	MemoryKiB uint32
	// Threads is the parallelism (lanes).
	Threads uint8
	// SaltLen and KeyLen are the salt's and the hash's length in bytes.
	SaltLen, KeyLen uint32
}

// DefaultParams take about 100 ms on one core of a small server: two
// passes over 64 MiB, one lane. Memory is what makes guessing costly on
// graphics cards; one lane keeps a sign-in from taking every core.
var DefaultParams = Params{Time: 2, MemoryKiB: 64 * 1024, Threads: 1, SaltLen: 16, KeyLen: 32}

// b64 is the encoding of PHC strings: standard alphabet, no padding.
var b64 = base64.RawStdEncoding

// hashPassword returns password's argon2id hash with a fresh salt, in the
// PHC string format: $argon2id$v=19$m=...,t=...,p=...$salt$hash.
func hashPassword(password string, p Params) string {
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.MemoryKiB, p.Threads, p.KeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.MemoryKiB, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// errBadHash is a stored hash that is not an argon2id PHC string this
// package can read.
var errBadHash = errors.New("account: stored password hash is not argon2id")

// parseHash reads a PHC string into its parameters, salt and hash.
func parseHash(phc string) (Params, []byte, []byte, error) {
	var p Params
	parts := strings.Split(phc, "$")
	// "", "argon2id", "v=19", "m=..,t=..,p=..", salt, hash
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, errBadHash
	}
	if parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return p, nil, nil, errBadHash
	}
	var threads uint32
	// Reading and writing back must give the same text: no signs, spaces
	// or trailing characters slip through.
	_, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Time, &threads)
	if err != nil || parts[3] != fmt.Sprintf("m=%d,t=%d,p=%d", p.MemoryKiB, p.Time, threads) ||
		threads == 0 || threads > 255 || p.Time == 0 || p.MemoryKiB == 0 {
		return p, nil, nil, errBadHash
	}
	p.Threads = uint8(threads)
	salt, err1 := b64.DecodeString(parts[4])
	key, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(salt) == 0 || len(key) == 0 {
		return p, nil, nil, errBadHash
	}
	p.SaltLen, p.KeyLen = uint32(len(salt)), uint32(len(key))
	return p, salt, key, nil
}

// checkPassword reports whether password matches the stored hash phc, in
// time that does not depend on where they differ, and whether the hash
// should be remade because want's parameters differ from its own.
func checkPassword(password, phc string, want Params) (ok, stale bool, err error) {
	p, salt, key, err := parseHash(phc)
	if err != nil {
		return false, false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.MemoryKiB, p.Threads, p.KeyLen)
	ok = subtle.ConstantTimeCompare(got, key) == 1
	return ok, p != want, nil
}
