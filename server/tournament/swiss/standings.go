package swiss

import (
	"cmp"
	"slices"
)

// Game is a finished game (or bye) for tie-breaks.
type Game struct {
	Round        int
	White, Black string // Black == "" for a bye to White
	WhiteScore   int    // White's result in half points: 2, 1 or 0
}

// Standing is a player's place after the games given.
type Standing struct {
	ID              string
	Score           int // half points
	Buchholz        int // half points: the sum of the opponents' scores
	SonnebornBerger int // quarter points: beaten opponents' scores in full, drawn ones' halved
	Rank            int // 1-based; shared ranks where score and both tie-breaks tie
}

// record is one player's rounds, indexed by round number.
type record struct {
	opp    []string // "" where the round was unplayed
	points []int    // half points scored in the round
	played []bool
}

// Standings ranks ids by score, then Buchholz, then Sonneborn-Berger (then rating order as given in ids).
// Rounds run from 1 to the highest Round in games; a player with no game in
// a round scored nothing in it. See the package doc for unplayed rounds.
func Standings(ids []string, games []Game) []Standing {
	n := 0
	for _, g := range games {
		n = max(n, g.Round)
	}
	recs := map[string]*record{}
	rec := func(id string) *record {
		r := recs[id]
		if r == nil {
			r = &record{opp: make([]string, n+1), points: make([]int, n+1), played: make([]bool, n+1)}
			recs[id] = r
		}
		return r
	}
	for _, id := range ids {
		rec(id)
	}
	for _, g := range games {
		if g.Round < 1 {
			continue
		}
		w := rec(g.White)
		w.points[g.Round] = g.WhiteScore
		if g.Black == "" {
			continue
		}
		b := rec(g.Black)
		b.points[g.Round] = 2 - g.WhiteScore
		w.opp[g.Round], b.opp[g.Round] = g.Black, g.White
		w.played[g.Round], b.played[g.Round] = true, true
	}
	// adjusted is a score as an opponent's: unplayed rounds count as draws.
	adjusted := func(r *record) int {
		s := 0
		for k := 1; k <= n; k++ {
			if r.played[k] {
				s += r.points[k]
			} else {
				s++
			}
		}
		return s
	}
	out := make([]Standing, 0, len(ids))
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		r := recs[id]
		st := Standing{ID: id}
		for k := 1; k <= n; k++ {
			var opp int
			if r.played[k] {
				opp = adjusted(recs[r.opp[k]])
			} else {
				// The virtual opponent: the player's score before the
				// round, the other side of the result, then draws.
				opp = st.Score + (2 - r.points[k]) + (n - k)
			}
			st.Buchholz += opp
			st.SonnebornBerger += r.points[k] * opp
			st.Score += r.points[k]
		}
		out = append(out, st)
	}
	key := func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(b.Buchholz, a.Buchholz),
			cmp.Compare(b.SonnebornBerger, a.SonnebornBerger))
	}
	slices.SortStableFunc(out, key)
	for i := range out {
		if i > 0 && key(out[i-1], out[i]) == 0 {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}
