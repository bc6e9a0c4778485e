package play

import (
	"net/http"

	"wyrm/server/challenge"
	"wyrm/server/httpkit"
	"wyrm/server/lobby"
	"wyrm/server/table"
)

// nowPlaying is one game in progress as its account's list shows it, in the
// shape of lichess's GET /api/account/playing where it fits (gameId, color,
// isMyTurn, opponent), so that a bot's bridge restarted mid-game finds its
// games again and opens their streams.
type nowPlaying struct {
	GameID  string            `json:"gameId"`
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	// Seat is the account's first seat, Seats all it holds; Color names a
	// two-seat game's Seat as a challenge's "color" does.
	Seat     int                `json:"seat"`
	Seats    []int              `json:"seats"`
	SeatName string             `json:"seatName"`
	Color    string             `json:"color,omitempty"`
	Opponent *challenge.Player  `json:"opponent,omitempty"`
	Players  []challenge.Player `json:"opponents"`
	// IsMyTurn says one of the account's seats must move or choose now.
	IsMyTurn bool   `json:"isMyTurn"`
	Stage    string `json:"stage"`
	Plies    int    `json:"plies"`
	Created  int64  `json:"created"`
}

// playing answers GET /api/account/playing (token or session): the
// account's unfinished games, newest first, read from this node's lobby,
// which knows every node's games.
func (a gamesAPI) playing(w http.ResponseWriter, r *http.Request) error {
	u, ok := httpkit.UserOf(r)
	if !ok || u.ID == 0 {
		return httpkit.ErrNotSignedIn
	}
	out := []nowPlaying{}
	for _, e := range a.srv.lobby.Playing(u.ID) {
		out = append(out, nowPlayingOf(e, u.ID))
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"nowPlaying": out})
	return nil
}

// nowPlayingOf is entry e as account user's list shows it.
func nowPlayingOf(e lobby.Entry, user int64) nowPlaying {
	p := nowPlaying{GameID: e.ID, Game: e.Game, Options: e.Options, Seat: -1, Seats: []int{}, Players: []challenge.Player{},
		Stage: e.Stage, Plies: e.Plies, Created: e.Created}
	if p.Options == nil {
		p.Options = map[string]string{}
	}
	for i, seat := range e.Seats {
		if i < len(e.Users) && e.Users[i] == user {
			p.Seats = append(p.Seats, i)
			p.IsMyTurn = p.IsMyTurn || seat.Waiting
			continue
		}
		opp := challenge.Player{Seat: i, Rating: seat.Rating, Provisional: seat.Provisional, Bot: seat.Bot}
		if i < len(e.Users) && e.Users[i] != 0 || seat.Kind == table.SeatComputer {
			opp.Name = seat.Name // a guest's seat shows no account's name
		}
		if opp.Bot {
			opp.Title = "BOT"
		}
		p.Players = append(p.Players, opp)
	}
	if len(p.Seats) > 0 {
		p.Seat = p.Seats[0]
		if p.Seat < len(e.Names) {
			p.SeatName = e.Names[p.Seat]
		}
	}
	if len(e.Seats) == 2 && p.Seat >= 0 {
		p.Color = []string{"white", "black"}[p.Seat]
	}
	if len(p.Players) == 1 {
		p.Opponent = &p.Players[0]
	}
	return p
}
