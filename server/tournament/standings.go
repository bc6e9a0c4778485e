package tournament

import (
	"cmp"
	"slices"
)

// standings ranks a tournament's players: a Swiss by score and its
// tie-breaks, an arena by score, then the rating they joined with. Each
// line names the game the player is in, if any.
func standings(t Tournament, ps []Player, gs []Game) []Standing {
	var out []Standing
	if t.Kind == Swiss {
		out = swissStandings(ps, gs)
	} else {
		sorted := append([]Player(nil), ps...)
		slices.SortStableFunc(sorted, func(a, b Player) int {
			return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.UserID, b.UserID))
		})
		for i, p := range sorted {
			rank := i + 1
			if i > 0 && p.Score == sorted[i-1].Score {
				rank = out[i-1].Rank
			}
			out = append(out, Standing{Rank: rank, Player: p})
		}
	}
	if out == nil {
		out = []Standing{}
	}
	playing := map[int64]string{}
	for _, g := range gs {
		if g.Status != gameOver {
			for _, u := range g.Users {
				playing[u] = g.ID
			}
		}
	}
	for i := range out {
		out[i].Playing = playing[out[i].UserID]
	}
	return out
}

// sortByRating orders players by rating, highest first, then by account.
func sortByRating(ps []Player) {
	slices.SortStableFunc(ps, func(a, b Player) int {
		return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.UserID, b.UserID))
	})
}
