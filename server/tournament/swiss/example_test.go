package swiss_test

import (
	"fmt"

	"wyrm/server/tournament/swiss"
)

// A tournament keeps only its entries and games: History turns them into
// the players PairRound needs, and Standings ranks them. Here every game
// is drawn; in round 2 bob and cy both want White and bob has met di, so
// bob takes the bye rather than deny a colour.
func Example() {
	entries := []swiss.Entry{{ID: "ann", Rating: 2100}, {ID: "bob", Rating: 2000},
		{ID: "cy", Rating: 1900}, {ID: "di", Rating: 1800}, {ID: "ed", Rating: 1700}}
	var games []swiss.Game
	for round := 1; round <= 2; round++ {
		r, err := swiss.PairRound(swiss.History(entries, games, round-1), round, 3)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("round", round, r.Pairs, "bye", r.Bye)
		for _, p := range r.Pairs {
			games = append(games, swiss.Game{Round: round, White: p.White, Black: p.Black, WhiteScore: 1})
		}
		games = append(games, swiss.Game{Round: round, White: r.Bye, WhiteScore: 2})
	}
	for _, s := range swiss.Standings([]string{"ann", "bob", "cy", "di", "ed"}, games) {
		fmt.Println(s.Rank, s.ID, s.Score)
	}
	// Output:
	// round 1 [{ann cy} {di bob}] bye ed
	// round 2 [{ed ann} {cy di}] bye bob
	// 1 bob 3
	// 1 ed 3
	// 3 ann 2
	// 3 cy 2
	// 3 di 2
}
