package challenge

import (
	"context"
	"time"

	"wyrm/game"
	"wyrm/rating"
	"wyrm/server/table"
)

// Player is a seat's player as a game's start and the account's games in
// progress name it.
type Player struct {
	Seat int    `json:"seat"`
	Name string `json:"name,omitempty"` // "" for a guest or a computer
	// Rating is the account's rating in the game's pool of its speed
	// (absent for a guest); Provisional while it is uncertain.
	Rating      int  `json:"rating,omitempty"`
	Provisional bool `json:"provisional,omitempty"`
	Bot         bool `json:"bot,omitempty"`
	// Title is "BOT" for a bot, as lichess marks one.
	Title string `json:"title,omitempty"`
}

// GameFacts are what a player's event stream is told of a game that
// starts: enough for a bot to set its engine up before it opens the
// game's stream. The games give them (Games.Facts) on the node that made
// the game; they travel in the Started event to every node.
type GameFacts struct {
	Game    string            `json:"game"`
	Options game.Options      `json:"options"`
	Rated   bool              `json:"rated"`
	Speed   rating.Speed      `json:"speed"`
	Clock   table.TimeControl `json:"clock"`
	// SeatNames are the game's names of the seats; Players the seats'
	// players, in seat order.
	SeatNames []string `json:"seatNames"`
	Players   []Player `json:"players"`
	// Start is the position play begins from, in the game's position
	// notation ("" while setup stages come first); StartPos says it is the
	// game's own start under Options.
	Start    string `json:"start"`
	StartPos bool   `json:"startpos"`
	ToMove   int    `json:"toMove"` // -1 when no seat is to move (setup)
}

// Finish is a game's end, which the games tell the hub (Hub.Finished) so
// that its players' event streams hear of it.
type Finish struct {
	ID   string `json:"id"`
	Game string `json:"game"`
	// Users are the seats' accounts, 0 for a seat without one.
	Users []int64 `json:"users"`
	// Reason is why it ended; Results each seat's result (win, loss,
	// draw, eliminated); Placings each seat's place, 1 first; Winner the
	// seat that won, nil when none did.
	Reason   string   `json:"reason"`
	Results  []string `json:"results,omitempty"`
	Placings []int    `json:"placings,omitempty"`
	Winner   *int     `json:"winner,omitempty"`
	// Plies is how many moves were made; NoShow, in an aborted game, the
	// seat that aborted it or never made its first move (nil otherwise),
	// whom a tournament scores as the loser.
	Plies  int  `json:"plies,omitempty"`
	NoShow *int `json:"noShow,omitempty"`
}

// Finished tells every node's streams of the players of a game that ended.
// The games call it on the game's owner, out of the game's lock; a player's
// stream may be on another node, so it travels as a store event.
func (h *Hub) Finished(f Finish) {
	ev := Event{Kind: Finished, Finish: &f}
	for _, u := range f.Users {
		if u != 0 {
			ev.Users = append(ev.Users, u)
		}
	}
	if len(ev.Users) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	if err := h.st.Publish(ctx, ev); err != nil {
		h.log.Warn("telling of a game finished", "game", f.ID, "err", err)
	}
}

// startMessage is the gameStart event for the stream of the player in seat.
// It keeps the first fields (id, seat, challenge) and adds the game's facts
// in the lichess Bot API's shape where it has one (gameId, color, fen,
// opponent, isMyTurn).
func startMessage(id string, seat int, challengeID string, f *GameFacts) map[string]any {
	g := map[string]any{"id": id, "seat": seat, "challenge": challengeID}
	if f == nil {
		return map[string]any{"type": "gameStart", "game": g}
	}
	g["gameId"], g["game"], g["options"], g["rated"], g["speed"], g["clock"] = id, f.Game, f.Options, f.Rated, f.Speed, f.Clock
	g["start"], g["fen"], g["startpos"], g["isMyTurn"] = f.Start, f.Start, f.StartPos, f.ToMove == seat
	g["seatNames"] = f.SeatNames
	if seat < len(f.SeatNames) {
		g["seatName"] = f.SeatNames[seat]
	}
	if len(f.SeatNames) == 2 { // as a challenge's "color" names them
		g["color"] = []string{"white", "black"}[seat]
	}
	opps := []Player{}
	for _, p := range f.Players {
		if p.Seat != seat {
			opps = append(opps, p)
		}
	}
	g["opponents"] = opps
	if len(opps) == 1 {
		g["opponent"] = map[string]any{"username": opps[0].Name, "rating": opps[0].Rating,
			"provisional": opps[0].Provisional, "bot": opps[0].Bot, "seat": opps[0].Seat}
	}
	return map[string]any{"type": "gameStart", "game": g}
}

// finishMessage is the gameFinish event for the stream of user (0: a guest's
// stream, which holds no seat by account).
func finishMessage(f *Finish, user int64) map[string]any {
	g := map[string]any{"id": f.ID, "gameId": f.ID, "game": f.Game, "status": "over", "reason": f.Reason,
		"results": f.Results, "placings": f.Placings}
	if f.Winner != nil {
		g["winner"] = *f.Winner
	}
	seats := []int{}
	for i, u := range f.Users {
		if u != 0 && u == user {
			seats = append(seats, i)
		}
	}
	if len(seats) > 0 {
		g["seat"], g["seats"] = seats[0], seats
	}
	return map[string]any{"type": "gameFinish", "game": g}
}
