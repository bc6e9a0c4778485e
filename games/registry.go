// Package games lists every game wyrm knows. It is the one place that imports
// all game packages, so that the commands, the engine protocol and the
// server can look a game up by name. A new game is its package plus one line
// in All.
package games

import (
	"fmt"
	"sort"
	"strings"

	"wyrm/game"
	"wyrm/games/dragon"
	"wyrm/games/dragonchess"
	"wyrm/games/dungeon"
)

// All returns every game, in a fixed order, with the built-in data only.
func All() []game.Game {
	return []game.Game{
		dragon.Game,
		dragonchess.Game,
		dungeon.Game{},
	}
}

// Data is what an operator installs beyond the built-in data: the texts of
// Dungeon Chess maps.
type Data struct {
	Maps []string
}

// WithData returns every game, with the installed data added where it
// belongs; a map that does not parse is an error naming it.
func WithData(d Data) ([]game.Game, error) {
	var maps []*dungeon.Map
	for i, text := range d.Maps {
		m, err := dungeon.ParseMap(text)
		if err != nil {
			return nil, fmt.Errorf("installed map %d: %w", i+1, err)
		}
		maps = append(maps, m)
	}
	dg, err := dungeon.New(maps...)
	if err != nil {
		return nil, err
	}
	all := All()
	for i, g := range all {
		if g.Info().Name == dg.Info().Name {
			all[i] = dg
		}
	}
	return all, nil
}

// Names returns the names of all games.
func Names() []string {
	var names []string
	for _, g := range All() {
		names = append(names, g.Info().Name)
	}
	sort.Strings(names)
	return names
}

// Lookup finds a game by name.
func Lookup(name string) (game.Game, error) {
	for _, g := range All() {
		if g.Info().Name == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(Names(), ", "))
}
