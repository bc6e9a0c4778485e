package dragonchess

import "wyrm/game"

// Game is Gygax's Dragonchess for the registry.
var Game game.Game = dragonchessGame{}

type dragonchessGame struct{}

// Info names the game.
func (dragonchessGame) Info() game.Info {
	return game.Info{Name: "dragonchess", Title: "Dragonchess"}
}

// Options offers the rulebook's optional variants as a set.
func (dragonchessGame) Options() []game.Option {
	return []game.Option{{
		Name:         "variants",
		Label:        "Optional rules",
		Description:  "the rulebook's optional rules to play with",
		Kind:         game.Set,
		Default:      "",
		Choices:      VariantNames(),
		ChoiceLabels: variantTitles(),
		ChoiceHelp:   variantHelp(),
	}}
}

// Normalize checks options a player chose.
func (g dragonchessGame) Normalize(opts game.Options) (game.Options, error) {
	opts, err := game.Normalize(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	if _, err := rulesFromOptions(g, opts); err != nil {
		return nil, err
	}
	return opts, nil
}

// SeatNames are Gold and Scarlet whatever the options.
func (g dragonchessGame) SeatNames(opts game.Options) ([]string, error) {
	if _, err := rulesFromOptions(g, opts); err != nil {
		return nil, err
	}
	return []string{"Gold", "Scarlet"}, nil
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
