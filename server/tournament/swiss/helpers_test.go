package swiss

import "fmt"

// field makes n players p1..pn rated in that order, highest first.
func field(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: fmt.Sprintf("p%d", i+1), Rating: 2400 - 10*i}
	}
	return ps
}

// apply records a round in ps: colours, opponents, byes and scores, the
// games scoring whiteScores in order (White's half points).
func apply(ps []Player, r Round, whiteScores []int) {
	at := map[string]int{}
	for i := range ps {
		at[ps[i].ID] = i
		ps[i].Colours = append(ps[i].Colours, None)
	}
	last := len(ps[0].Colours) - 1
	for k, g := range r.Pairs {
		w, b := &ps[at[g.White]], &ps[at[g.Black]]
		w.Colours[last], b.Colours[last] = White, Black
		w.Opponents = append(w.Opponents, b.ID)
		b.Opponents = append(b.Opponents, w.ID)
		w.Score += whiteScores[k]
		b.Score += 2 - whiteScores[k]
	}
	if r.Bye != "" {
		ps[at[r.Bye]].Score += 2
		ps[at[r.Bye]].Byes++
	}
}

// higherWins gives each game of r to the higher-rated player.
func higherWins(ps []Player, r Round) []int {
	rating := map[string]int{}
	for _, p := range ps {
		rating[p.ID] = p.Rating
	}
	out := make([]int, len(r.Pairs))
	for k, g := range r.Pairs {
		if rating[g.White] > rating[g.Black] {
			out[k] = 2
		}
	}
	return out
}
