package play

import (
	"wyrm/game"
	"wyrm/games"
)

// realGames are the real games by name, for tests that play them.
func realGames() map[string]game.Game {
	m := map[string]game.Game{}
	for _, g := range games.All() {
		m[g.Info().Name] = g
	}
	return m
}
