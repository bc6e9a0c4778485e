package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// OptionKind says what values an Option takes.
type OptionKind int8

const (
	// Bool options take "true" or "false".
	Bool OptionKind = iota
	// Choice options take one of Choices.
	Choice
	// Int options take a decimal number within [Min, Max].
	Int
	// Text options take free text (for example a user's map file).
	Text
)

// Option is one setting a player may choose before a game.
type Option struct {
	Name        string
	Description string
	Kind        OptionKind
	Default     string
	Choices     []string // for Choice, and for Bool-set style multi-selects
	Min, Max    int      // for Int
}

// Options holds chosen option values by name. A missing name means the
// option's default.
type Options map[string]string

// Get returns the value of name or def when unset.
func (o Options) Get(name, def string) string {
	if v, ok := o[name]; ok {
		return v
	}
	return def
}

// Bool returns the boolean value of name (false when unset or malformed).
func (o Options) Bool(name string) bool {
	b, _ := strconv.ParseBool(o[name])
	return b
}

// Validate checks opts against specs: unknown names and bad values are errors.
func Validate(specs []Option, opts Options) error {
	for name, v := range opts {
		i := slices.IndexFunc(specs, func(s Option) bool { return s.Name == name })
		if i < 0 {
			return fmt.Errorf("unknown option %q", name)
		}
		s := specs[i]
		switch s.Kind {
		case Bool:
			if _, err := strconv.ParseBool(v); err != nil {
				return fmt.Errorf("option %s: %q is not true or false", name, v)
			}
		case Choice:
			if !slices.Contains(s.Choices, v) {
				return fmt.Errorf("option %s: %q is not one of %s", name, v, strings.Join(s.Choices, ", "))
			}
		case Int:
			n, err := strconv.Atoi(v)
			if err != nil || n < s.Min || n > s.Max {
				return fmt.Errorf("option %s: %q is not a number from %d to %d", name, v, s.Min, s.Max)
			}
		}
	}
	return nil
}
