package server

import (
	"wyrm/game"
	"wyrm/games"
)

func realGames() map[string]game.Game {
	m := map[string]game.Game{}
	for _, g := range games.All() {
		m[g.Info().Name] = g
	}
	return m
}
