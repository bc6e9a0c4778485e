package arena_test

import (
	"fmt"

	"wyrm/server/tournament/arena"
)

// Five players wait at a two-seat arena: ann and bob have just played
// each other, so they are split up, and the lowest in the order waits.
func ExampleTables() {
	waiting := []arena.Waiting{
		{ID: "ann", Rating: 2000, Score: 4, Recent: []string{"bob"}},
		{ID: "bob", Rating: 1900, Score: 4, Recent: []string{"ann"}, Colours: -1},
		{ID: "cy", Rating: 2100, Score: 2, Colours: 1},
		{ID: "di", Rating: 1800, Score: 2},
		{ID: "ed", Rating: 1500},
	}
	fmt.Println(arena.Tables(waiting, 2))
	// Output: [[ann cy] [bob di]]
}

// A player wins twice, then a berserk win on a streak, then a draw.
func ExampleTotal() {
	results := []arena.Result{
		{Place: 1}, {Place: 1},
		{Place: 1, Berserk: true, Moves: 25},
		{Place: 1, Tied: 2},
	}
	fmt.Println(arena.Total(results, 2))
	// Output: 11
}
