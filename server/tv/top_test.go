package tv

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"wyrm/server/lobby"
)

// randomEntry is a version of game id: in progress or over, with accounts,
// guests or the computer, ratings that may change between versions.
func randomEntry(r *rand.Rand, id string) lobby.Entry {
	kinds := []seat{"a1500", "a1700", "a1600", "p1500", "g", "c", "b1800", "-"}
	e := game(id, int64(r.IntN(5)), kinds[r.IntN(len(kinds))], kinds[r.IntN(len(kinds))])
	if r.IntN(6) == 0 {
		e.List = lobby.Finished
	}
	e.Plies = r.IntN(100)
	return *e
}

// TestKeptTopIsTheBest: the best game kept as entries arrive is the one
// ranking all the games in progress would give, after every entry.
func TestKeptTopIsTheBest(t *testing.T) {
	for seed := range uint64(50) {
		r := rand.New(rand.NewPCG(seed, 1))
		c := newChannel("toy", "Toy")
		for step := range 400 {
			c.note(randomEntry(r, fmt.Sprint("g", r.IntN(12))))
			want := Best(slices.Collect(maps.Values(c.live)))
			if got := c.best(); got != want {
				t.Fatalf("seed %d step %d: kept %v, ranking all gives %v", seed, step, got, want)
			}
		}
	}
}

// BenchmarkNoteAmongManyGames: a move's entry when thousands of games are
// in progress, which every node hears for every move.
func BenchmarkNoteAmongManyGames(b *testing.B) {
	c := newChannel("toy", "Toy")
	for i := range 10000 {
		c.note(*game(fmt.Sprint("g", i), int64(i), "a1500", "g"))
	}
	e, now := *game("g42", 42, "a1500", "g"), time.Unix(0, 0)
	b.ResetTimer()
	for i := range b.N {
		e.Plies = i
		c.note(e)
		c.step(now, 0)
	}
}
