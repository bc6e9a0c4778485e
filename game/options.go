package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// OptionKind says what values an Option takes. It travels as its name
// ("bool", "choice", "int", "text", "set", "perseat") so that clients build their forms
// from the schema alone.
type OptionKind int8

const (
	// Bool options take "true" or "false".
	Bool OptionKind = iota
	// Choice options take one of Choices.
	Choice
	// Int options take a decimal number within [Min, Max].
	Int
	// Text options take free text of at most MaxTextOption bytes.
	Text
	// Set options take any number of distinct Choices, comma-separated.
	Set
	// PerSeat options take one of Choices for each seat, comma-separated in
	// seat order, all different; the game checks that there is one a seat.
	PerSeat
)

var kindNames = [...]string{"bool", "choice", "int", "text", "set", "perseat"}

func (k OptionKind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("OptionKind(%d)", int8(k))
}

// MarshalText writes the kind's name.
func (k OptionKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *OptionKind) UnmarshalText(b []byte) error {
	i := slices.Index(kindNames[:], string(b))
	if i < 0 {
		return fmt.Errorf("unknown option kind %q", b)
	}
	*k = OptionKind(i)
	return nil
}

// MaxTextOption bounds a Text option's value.
const MaxTextOption = 200

// Option is one setting a player may choose before a game.
type Option struct {
	Name        string     `json:"name"`
	Label       string     `json:"label,omitempty"` // shown in forms; Name when empty
	Description string     `json:"description,omitempty"`
	Kind        OptionKind `json:"kind"`
	Default     string     `json:"default,omitempty"`
	Choices     []string   `json:"choices,omitempty"` // for Choice and Set
	// ChoiceLabels are the words a person reads for each of Choices, in
	// the same order; a missing or empty one is the choice itself. The
	// choices stay what options, positions and records carry.
	ChoiceLabels []string `json:"choiceLabels,omitempty"`
	// ChoiceHelp explains each of Choices in a sentence, in the same
	// order; a missing or empty one has no explanation.
	ChoiceHelp []string `json:"choiceHelp,omitempty"`
	Min        int      `json:"min,omitempty"` // for Int
	Max        int      `json:"max,omitempty"`
	// Internal options are set by the game itself (Normalize fills them),
	// never by a player: they are left out of forms and refused from
	// clients.
	Internal bool `json:"-"`
	// File names, for local tools only (the command line, UCI), the
	// Internal option that carries a file's content when a local user
	// names a file instead of one of Choices. A server never reads it.
	File string `json:"-"`
}

// ChoiceLabel is the words a person reads for choice c of o.
func (o Option) ChoiceLabel(c string) string {
	if i := slices.Index(o.Choices, c); i >= 0 && i < len(o.ChoiceLabels) && o.ChoiceLabels[i] != "" {
		return o.ChoiceLabels[i]
	}
	return c
}

// Describe is value v of o as a person reads it: "Title: value", with
// choices by their labels ("Factions: Infernal, Human").
func (o Option) Describe(v string) string {
	title := o.Label
	if title == "" {
		title = o.Name
	}
	switch o.Kind {
	case Choice:
		v = o.ChoiceLabel(v)
	case Set, PerSeat:
		parts := strings.Split(v, ",")
		for i, p := range parts {
			parts[i] = o.ChoiceLabel(strings.TrimSpace(p))
		}
		v = strings.Join(parts, ", ")
	}
	return title + ": " + v
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

// Validate checks opts against specs: unknown names and bad values are
// errors. Internal options are accepted: Validate is for the game's own
// reading of options it has normalized.
func Validate(specs []Option, opts Options) error {
	_, err := canonical(specs, opts, true)
	return err
}

// Normalize checks options a player chose against specs and writes each
// value in canonical form ("2", not "+2" or "02"; a set in the order of its
// choices); Internal options are refused. Games use it in their own
// Normalize.
func Normalize(specs []Option, opts Options) (Options, error) {
	return canonical(specs, opts, false)
}

func canonical(specs []Option, opts Options, internal bool) (Options, error) {
	out := Options{}
	for name, v := range opts {
		i := slices.IndexFunc(specs, func(s Option) bool { return s.Name == name })
		if i < 0 || (specs[i].Internal && !internal) {
			return nil, fmt.Errorf("unknown option %q", name)
		}
		s := specs[i]
		switch s.Kind {
		case Bool:
			b, err := strconv.ParseBool(v)
			if err != nil {
				return nil, fmt.Errorf("option %s: %q is not true or false", name, v)
			}
			v = strconv.FormatBool(b)
		case Choice:
			// A value the game carries in its File option (a map not
			// built in) is the game's to check.
			carried := internal && s.File != "" && opts[s.File] != ""
			if !carried && !slices.Contains(s.Choices, v) {
				return nil, fmt.Errorf("option %s: %q is not one of %s", name, clip(v), strings.Join(s.Choices, ", "))
			}
		case Int:
			n, err := strconv.Atoi(v)
			if err != nil || n < s.Min || n > s.Max {
				return nil, fmt.Errorf("option %s: %q is not a number from %d to %d", name, clip(v), s.Min, s.Max)
			}
			v = strconv.Itoa(n)
		case Set:
			var picked []string
			if v != "" {
				for _, c := range strings.Split(v, ",") {
					c = strings.TrimSpace(c)
					if !slices.Contains(s.Choices, c) {
						return nil, fmt.Errorf("option %s: %q is not one of %s", name, clip(c), strings.Join(s.Choices, ", "))
					}
					if slices.Contains(picked, c) {
						return nil, fmt.Errorf("option %s: %q is given twice", name, c)
					}
					picked = append(picked, c)
				}
			}
			var ordered []string
			for _, c := range s.Choices {
				if slices.Contains(picked, c) {
					ordered = append(ordered, c)
				}
			}
			v = strings.Join(ordered, ",")
		case PerSeat:
			var picked []string
			for _, c := range strings.Split(v, ",") {
				c = strings.ToLower(strings.TrimSpace(c))
				if c == "" {
					return nil, fmt.Errorf("option %s: choose one for every seat, or none", name)
				}
				if !slices.Contains(s.Choices, c) {
					return nil, fmt.Errorf("option %s: %q is not one of %s", name, clip(c), strings.Join(s.Choices, ", "))
				}
				if slices.Contains(picked, c) {
					return nil, fmt.Errorf("option %s: %s is chosen twice; they must differ", name, c)
				}
				picked = append(picked, c)
			}
			v = strings.Join(picked, ",")
		case Text:
			if !s.Internal {
				v = strings.TrimSpace(v)
				if len(v) > MaxTextOption || strings.IndexFunc(v, unicode.IsControl) >= 0 {
					return nil, fmt.Errorf("option %s: at most %d characters of plain text", name, MaxTextOption)
				}
			}
		default:
			return nil, fmt.Errorf("option %s: unknown kind %v", name, s.Kind)
		}
		out[name] = v
	}
	return out, nil
}

// clip shortens a value quoted back in an error message.
func clip(v string) string {
	if len(v) > 40 {
		return v[:40] + "…"
	}
	return v
}
