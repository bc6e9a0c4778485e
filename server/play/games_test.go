package play

import (
	"testing"

	"wyrm/game"
	"wyrm/games"
)

// realGame is the real game named name, for tests that play it.
func realGame(tb testing.TB, name string) game.Game {
	tb.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}
