package swiss

// Entry is a player still in the tournament, as History needs them.
type Entry struct {
	ID     string
	Rating int
}

// History builds the players' state before the next round from the games
// of the first `played` rounds (later ones are ignored), for PairRound.
// A Game whose Black is "" is a round without an opponent: with
// WhiteScore 2 it counts as the pairing-allocated bye (C.04.1 also bars a
// second bye after a full point scored without playing); with less it is a
// requested bye or an absence and does not. Every player gets one colour
// and one float per round, None and Level where they did not play.
func History(entries []Entry, games []Game, played int) []Player {
	at := make(map[string]int, len(entries))
	ps := make([]Player, len(entries))
	for i, e := range entries {
		at[e.ID] = i
		ps[i] = Player{ID: e.ID, Rating: e.Rating,
			Colours: make([]Colour, played), Floats: make([]Float, played)}
	}
	// Scores are needed before each round for the floats, including of
	// opponents who have since withdrawn.
	byRound := make([][]Game, played+1)
	for _, g := range games {
		if g.Round >= 1 && g.Round <= played {
			byRound[g.Round] = append(byRound[g.Round], g)
		}
	}
	score := map[string]int{}
	for r := 1; r <= played; r++ {
		before := func(id string) int { return score[id] }
		next := map[string]int{}
		for _, g := range byRound[r] {
			w, wok := at[g.White]
			next[g.White] += g.WhiteScore
			if g.Black == "" {
				if wok {
					if g.WhiteScore == 2 {
						ps[w].Byes++
					}
					if g.WhiteScore > 0 {
						// Scoring without playing more than a loss is a
						// downfloat (C.04.3 A.4).
						ps[w].Floats[r-1] = Down
					}
				}
				continue
			}
			b, bok := at[g.Black]
			next[g.Black] += 2 - g.WhiteScore
			fw, fb := Level, Level
			switch sw, sb := before(g.White), before(g.Black); {
			case sw > sb:
				fw, fb = Down, Up
			case sw < sb:
				fw, fb = Up, Down
			}
			if wok {
				ps[w].Colours[r-1], ps[w].Floats[r-1] = White, fw
				ps[w].Opponents = append(ps[w].Opponents, g.Black)
			}
			if bok {
				ps[b].Colours[r-1], ps[b].Floats[r-1] = Black, fb
				ps[b].Opponents = append(ps[b].Opponents, g.White)
			}
		}
		for id, s := range next {
			score[id] += s
		}
	}
	for i := range ps {
		ps[i].Score = score[ps[i].ID]
	}
	return ps
}
