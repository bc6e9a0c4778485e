// Package games lists every game wyrm knows. It is the one place that imports
// all game packages, so that the commands, the engine protocol and the
// server can look a game up by name.
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

// All returns every game, in a fixed order.
func All() []game.Game {
	return []game.Game{
		dragon.Game,
		dragonchess.Game,
		dungeon.Game{},
	}
}

// Names returns the names of all games.
func Names() []string {
	var names []string
	for _, g := range All() {
		names = append(names, g.Name())
	}
	sort.Strings(names)
	return names
}

// Lookup finds a game by name.
func Lookup(name string) (game.Game, error) {
	for _, g := range All() {
		if g.Name() == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(Names(), ", "))
}
