package account

import (
	"strings"

	"wyrm/server/apierr"
)

// The limits of user names and passwords. A password is counted in bytes:
// the upper bound only keeps hashing cheap; any byte is allowed.
const (
	MinNameLen     = 3
	MaxNameLen     = 20
	MinPasswordLen = 8
	MaxPasswordLen = 256
)

// checkName returns name's key, the form that is unique (names are
// compared without case), or an Invalid error saying what is wrong.
func checkName(name string) (string, error) {
	if len(name) < MinNameLen || len(name) > MaxNameLen {
		return "", apierr.New(apierr.Invalid, "a user name has %d to %d characters", MinNameLen, MaxNameLen)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return "", apierr.New(apierr.Invalid, "a user name has only letters A to Z, digits, _ and -")
		}
	}
	return strings.ToLower(name), nil
}

// checkPasswordLen refuses a password too short or too long.
func checkPasswordLen(password string) error {
	if len(password) < MinPasswordLen || len(password) > MaxPasswordLen {
		return apierr.New(apierr.Invalid, "a password has %d to %d bytes", MinPasswordLen, MaxPasswordLen)
	}
	return nil
}
