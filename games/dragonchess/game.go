package dragonchess

import "wyrm/game"

// Game is Gygax's Dragonchess for the registry.
var Game game.Game = dragonchessGame{}

type dragonchessGame struct{}

func (dragonchessGame) Name() string  { return "dragonchess" }
func (dragonchessGame) Title() string { return "Dragonchess" }

// Options offers the rulebook's optional variants as one comma-separated
// list.
func (dragonchessGame) Options() []game.Option {
	return []game.Option{{
		Name: "variants",
		Description: "comma-separated optional rules: summon-elemental, harnessed-dragon-1, harnessed-dragon-2, " +
			"synchronized, en-passant-sylph-1, en-passant-sylph-2, reversing-dwarf, above-ground-dwarf, troll",
		Kind:    game.Text,
		Default: "",
		Choices: VariantNames(),
	}}
}

func rulesFromOptions(g game.Game, opts game.Options) (*rules, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return nil, err
	}
	v, err := parseVariants(opts.Get("variants", ""))
	if err != nil {
		return nil, err
	}
	return rulesFor(v), nil
}

// Start returns the initial position (the Synchronized variant moves the
// Sylphs above the Dwarves).
func (g dragonchessGame) Start(opts game.Options) (game.Position, error) {
	r, err := rulesFromOptions(g, opts)
	if err != nil {
		return nil, err
	}
	return asPosition(parsePosition(r.start, r))
}

// Parse reads a position string under the chosen variants.
func (g dragonchessGame) Parse(s string, opts game.Options) (game.Position, error) {
	r, err := rulesFromOptions(g, opts)
	if err != nil {
		return nil, err
	}
	return asPosition(parsePosition(s, r))
}

// asPosition keeps a failed parse from returning a non-nil interface that
// holds a nil pointer.
func asPosition(p *Position, err error) (game.Position, error) {
	if err != nil {
		return nil, err
	}
	return p, nil
}
