package swiss

import "fmt"

// event is a tournament as the tests play it: who is in, and every game
// so far, from which History gives the players before each round.
type event struct {
	entries []Entry
	games   []Game
}

// newEvent makes n players p1..pn rated in that order, highest first.
func newEvent(n int) *event {
	ev := &event{}
	for i := range n {
		ev.entries = append(ev.entries, Entry{ID: fmt.Sprintf("p%d", i+1), Rating: 2400 - 10*i})
	}
	return ev
}

// record adds round `round`'s games, scoring whiteScores in board order
// (White's half points), and the bye as a full point.
func (ev *event) record(round int, r Round, whiteScores []int) {
	for k, g := range r.Pairs {
		ev.games = append(ev.games, Game{Round: round, White: g.White, Black: g.Black, WhiteScore: whiteScores[k]})
	}
	if r.Bye != "" {
		ev.games = append(ev.games, Game{Round: round, White: r.Bye, WhiteScore: 2})
	}
}

// higherWins gives each game of r to the higher-rated player.
func (ev *event) higherWins(r Round) []int {
	rating := map[string]int{}
	for _, e := range ev.entries {
		rating[e.ID] = e.Rating
	}
	out := make([]int, len(r.Pairs))
	for k, g := range r.Pairs {
		if rating[g.White] > rating[g.Black] {
			out[k] = 2
		}
	}
	return out
}

// field makes n players p1..pn rated in that order with nothing played.
func field(n int) []Player { return History(newEvent(n).entries, nil, 0) }
