package tv

import (
	"wyrm/server/lobby"
	"wyrm/server/table"
)

// Tiers of games, best first: a game is featured from the best tier that
// has one, then by its players' ratings.
const (
	// tierAccounts: every seat is a person's account.
	tierAccounts = iota
	// tierGuests: people, some of them playing as guests.
	tierGuests
	// tierMachines: a bot's account or the built-in computer holds a seat;
	// featured only when no people's game of the family is in progress.
	tierMachines
)

// InProgress reports whether e is a game being played: every seat taken
// and no result yet (a setup stage counts).
func InProgress(e *lobby.Entry) bool {
	if e.List != lobby.Playing || e.Aborted || len(e.Seats) == 0 {
		return false
	}
	for _, s := range e.Seats {
		if !s.Taken {
			return false
		}
	}
	return true
}

// known reports whether the ratings of e's accounts have been read: a
// game's players are looked up a moment after it is made (their entry
// comes again then), and it is no candidate until they are.
func known(e *lobby.Entry) bool {
	for i, s := range e.Seats {
		if hasAccount(e, i) && s.Rating == 0 {
			return false
		}
	}
	return true
}

// tierOf places e among the tiers.
func tierOf(e *lobby.Entry) int {
	tier := tierAccounts
	for i, s := range e.Seats {
		switch {
		case s.Kind == table.SeatComputer || s.Bot:
			return tierMachines
		case !hasAccount(e, i):
			tier = tierGuests
		}
	}
	return tier
}

// hasAccount reports whether seat i of e is held by an account.
func hasAccount(e *lobby.Entry, i int) bool {
	return i < len(e.Users) && e.Users[i] != 0
}

// strength is the mean rating of e's seats held by accounts (as they are,
// provisional or not), 0 when none is.
func strength(e *lobby.Entry) float64 {
	sum, n := 0, 0
	for i, s := range e.Seats {
		if hasAccount(e, i) {
			sum += s.Rating
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(sum) / float64(n)
}

// Better reports whether a ranks above b for featuring: the better tier,
// then the higher mean rating, then the more recent start (then the id,
// so that every node orders the same games the same way).
func Better(a, b *lobby.Entry) bool {
	if ta, tb := tierOf(a), tierOf(b); ta != tb {
		return ta < tb
	}
	if sa, sb := strength(a), strength(b); sa != sb {
		return sa > sb
	}
	if a.Started != b.Started {
		return a.Started > b.Started
	}
	return a.ID > b.ID
}

// Best is the entry of games that ranks first, nil when games is empty.
func Best(games []*lobby.Entry) *lobby.Entry {
	var best *lobby.Entry
	for _, e := range games {
		if best == nil || Better(e, best) {
			best = e
		}
	}
	return best
}

// sameRank reports whether a and b (two entries of one game) rank alike.
func sameRank(a, b *lobby.Entry) bool {
	return tierOf(a) == tierOf(b) && strength(a) == strength(b) && a.Started == b.Started
}
