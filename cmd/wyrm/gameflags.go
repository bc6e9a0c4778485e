package main

import (
	"flag"
	"fmt"
	"strings"

	"wyrm/game"
	"wyrm/games"
	"wyrm/internal/localfile"
)

// gameFlags are the flags every command that works on one position shares:
// which game, which position, and the game's options.
type gameFlags struct {
	name, pos, variants string
	opts                optionFlags
}

// addGameFlags declares -game, -pos (alias -fen), -opt and -variants on fs.
func addGameFlags(fs *flag.FlagSet) *gameFlags {
	g := &gameFlags{}
	fs.StringVar(&g.name, "game", "dragon", "game: "+strings.Join(games.Names(), ", "))
	fs.StringVar(&g.pos, "pos", "", "position string (default: the start position)")
	fs.StringVar(&g.pos, "fen", "", "alias of -pos")
	fs.Var(&g.opts, "opt", "game option name=value (repeatable)")
	fs.StringVar(&g.variants, "variants", "", "comma-separated rule variants (Dragonchess)")
	return g
}

// options returns the chosen game options, -variants included.
func (g *gameFlags) options() game.Options {
	o := game.Options{}
	for k, v := range g.opts {
		o[k] = v
	}
	if g.variants != "" {
		o["variants"] = g.variants
	}
	return o
}

// position looks the game up and reads -pos, or starts a game without it.
func (g *gameFlags) position() (game.Game, game.Position, error) {
	gm, err := games.Lookup(g.name)
	if err != nil {
		return nil, nil, err
	}
	opts, err := localfile.Options(gm.Options(), g.options())
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", gm.Info().Name, err)
	}
	p, err := startOrParse(gm, g.pos, opts)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", gm.Info().Name, err)
	}
	return gm, p, nil
}

// startOrParse reads pos, or starts a game when pos is empty.
func startOrParse(g game.Game, pos string, o game.Options) (game.Position, error) {
	if pos == "" {
		return g.Start(o)
	}
	return g.Parse(pos, o)
}
