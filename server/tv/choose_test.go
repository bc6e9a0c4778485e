package tv

import (
	"testing"

	"wyrm/server/lobby"
	"wyrm/server/table"
)

// seat describes a seat of a test game: "a1600" an account rated 1600,
// "p1500" an account with a provisional 1500, "b1700" a bot's account,
// "g" a guest, "c" the built-in computer, "-" nobody yet.
type seat string

// game builds a game in progress of the toy family from its seats.
func game(id string, started int64, seats ...seat) *lobby.Entry {
	e := &lobby.Entry{ID: id, Game: "toy", List: lobby.Playing, Stage: "play", Started: started, Winner: -1}
	for i, s := range seats {
		v := lobby.Seat{Kind: table.SeatOpen, Taken: true}
		user := int64(0)
		switch s[0] {
		case 'a', 'p', 'b':
			user = int64(100 + i)
			v.Rating = atoi(string(s[1:]))
			v.Provisional, v.Bot = s[0] == 'p', s[0] == 'b'
		case 'c':
			v.Kind, v.Level = table.SeatComputer, 3
		case '-':
			v.Taken = false
		}
		e.Seats = append(e.Seats, v)
		e.Users = append(e.Users, user)
	}
	return e
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

func TestBestRanksGames(t *testing.T) {
	cases := []struct {
		name  string
		games []*lobby.Entry
		want  string // "" for none
	}{
		{"nothing", nil, ""},
		{"one game", []*lobby.Entry{game("a", 1, "a1500", "a1500")}, "a"},
		{"the higher mean rating", []*lobby.Entry{game("low", 2, "a1400", "a1600"), game("high", 1, "a1700", "a1400")}, "high"},
		{"provisional ratings count as they are", []*lobby.Entry{game("settled", 1, "a1600", "a1600"), game("new", 1, "p1650", "p1600")}, "new"},
		{"guests rank below accounts", []*lobby.Entry{game("guest", 2, "a2400", "g"), game("accounts", 1, "a1200", "a1200")}, "accounts"},
		{"guests' games by their accounts' ratings", []*lobby.Entry{game("g1", 1, "a1300", "g"), game("g2", 1, "g", "a1800"), game("gg", 3, "g", "g")}, "g2"},
		{"a bot's game only when nothing else", []*lobby.Entry{game("bot", 3, "a2000", "b2500"), game("guests", 1, "g", "g")}, "guests"},
		{"the computer like a bot", []*lobby.Entry{game("computer", 3, "a2000", "c"), game("people", 1, "a1000", "a1000")}, "people"},
		{"machines' games when nothing else", []*lobby.Entry{game("computer", 3, "a1500", "c"), game("bot", 1, "a1600", "b1800")}, "bot"},
		{"computer against computer", []*lobby.Entry{game("cc", 3, "c", "c")}, "cc"},
		{"ties by the most recent start", []*lobby.Entry{game("older", 10, "a1500", "a1500"), game("newer", 20, "a1500", "a1500"), game("oldest", 5, "a1500", "a1500")}, "newer"},
		{"ties of start by id", []*lobby.Entry{game("x", 10, "a1500", "a1500"), game("y", 10, "a1500", "a1500")}, "y"},
		{"four seats, their mean", []*lobby.Entry{game("four", 1, "a1600", "a1600", "a1600", "a1000"), game("two", 1, "a1500", "a1500")}, "two"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Best(c.games)
			switch {
			case c.want == "" && got != nil:
				t.Fatalf("chose %s from nothing", got.ID)
			case c.want != "" && (got == nil || got.ID != c.want):
				t.Fatalf("chose %v, want %s", got, c.want)
			}
			// The order does not depend on the order of the list.
			rev := make([]*lobby.Entry, len(c.games))
			for i, e := range c.games {
				rev[len(rev)-1-i] = e
			}
			if got2 := Best(rev); got != got2 {
				t.Fatalf("reversed, chose %v", got2)
			}
		})
	}
}

func TestInProgress(t *testing.T) {
	over := game("over", 1, "a1500", "a1500")
	over.List, over.Stage, over.Result = lobby.Finished, "over", "resignation"
	aborted := game("aborted", 1, "a1500", "a1500")
	aborted.List, aborted.Aborted = lobby.Finished, true
	setup := game("setup", 1, "a1500", "a1500")
	setup.Stage = "draft"
	cases := []struct {
		e    *lobby.Entry
		want bool
	}{
		{game("playing", 1, "a1500", "g"), true},
		{game("waiting", 1, "a1500", "-"), false},
		{over, false},
		{aborted, false},
		{setup, true},
		{game("unread", 1, "a0", "a1500"), true},
		{&lobby.Entry{ID: "open", List: lobby.Open, Seats: []lobby.Seat{{Taken: true}, {}}}, false},
	}
	for _, c := range cases {
		if got := InProgress(c.e); got != c.want {
			t.Errorf("%s: in progress %v, want %v", c.e.ID, got, c.want)
		}
	}
}
