package bots

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"net/http"
	"time"

	"wyrm/game"
	"wyrm/rating"
	"wyrm/server/httpkit"
	"wyrm/server/table"
)

// Player is a seat's player in a bot's game.
type Player struct {
	Name string `json:"name,omitempty"` // "" for a guest
	Bot  bool   `json:"bot,omitempty"`
	// Title is "BOT" for a bot, as lichess marks one.
	Title string `json:"title,omitempty"`
	// Rating is the player's rating in the game's pool of its speed
	// (absent for a guest); Provisional while it is uncertain.
	Rating      int  `json:"rating,omitempty"`
	Provisional bool `json:"provisional,omitempty"`
}

// GameFull is the first message of a bot's game stream: the game as it is
// and what does not change.
type GameFull struct {
	Type    string            `json:"type"` // "gameFull"
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Options game.Options      `json:"options"`
	Rated   bool              `json:"rated"`
	Speed   rating.Speed      `json:"speed"`
	Clock   table.TimeControl `json:"clock"`
	Seat    int               `json:"seat"` // the bot's
	Seats   []string          `json:"seats"`
	Players []Player          `json:"players"`
	// White and Black are Players[0] and Players[1] in a two-seat game,
	// as lichess names them.
	White *Player `json:"white,omitempty"`
	Black *Player `json:"black,omitempty"`
	// Start is the position play began from, in the game's position
	// notation; StartPos says it is the game's own start for Options, so
	// that "position startpos" names it to an engine.
	Start    string `json:"start"`
	StartPos bool   `json:"startpos"`
	State    State  `json:"state"`
}

// State is a game's state as a bot reads it, sent on every change.
type State struct {
	Type string `json:"type"` // "gameState"
	// Moves are every move played, in the game's move notation.
	Moves []string `json:"moves"`
	// Clocks are each seat's time left in ms (0 for an untimed game), as
	// of now; Running says the clock of ToMove is counting down.
	Clocks  []int64 `json:"clocks"`
	Running bool    `json:"running"`
	ToMove  int     `json:"toMove"` // -1 when nobody is to move
	// Wtime and Btime are Clocks[0] and Clocks[1], and Winc and Binc the
	// increment, in a two-seat game, as lichess writes them.
	Wtime *int64 `json:"wtime,omitempty"`
	Btime *int64 `json:"btime,omitempty"`
	Winc  *int64 `json:"winc,omitempty"`
	Binc  *int64 `json:"binc,omitempty"`
	// Status is "started", "setup" or "over".
	Status  string   `json:"status"`
	Results []string `json:"results,omitempty"` // per seat, once over: win, loss, draw
	Reason  string   `json:"reason,omitempty"`
	// Winner is the seat that won, once over (absent in a draw or when
	// several seats share the result); Placings are each seat's place,
	// 1 for first, seats that tie sharing one.
	Winner   *int  `json:"winner,omitempty"`
	Placings []int `json:"placings,omitempty"`
	// DrawOffers are the seats offering a draw now; Takeback is the
	// takeback asked for, if any.
	DrawOffers []int     `json:"drawOffers"`
	Takeback   *Takeback `json:"takeback,omitempty"`
	// Setup is the setup stage while Status is "setup".
	Setup *Setup `json:"setup,omitempty"`
	// Legal are the moves the bot may play now, in the game's move
	// notation, sent only while one of its seats is to move: a bot without
	// an engine of the game's rules needs them, and others' turns would
	// only make the states longer.
	Legal []string `json:"legal,omitempty"`
}

// Takeback is a request to take back moves: the seat asking, the seats
// that agree so far (the asker among them) and how many moves it undoes.
type Takeback struct {
	Seat   int   `json:"seat"`
	Agreed []int `json:"agreed"`
	Plies  int   `json:"plies"`
}

// Setup is a game's setup stage as a bot's seat sees it.
type Setup struct {
	// Stage is the game's name for the stage ("draft", "deploy").
	Stage string `json:"stage"`
	// ToChoose are the seats that must choose now; Mine says the bot's
	// seat is among them.
	ToChoose []int `json:"toChoose"`
	Mine     bool  `json:"mine"`
	// Help is the game's help for the bot's seat, as the web page gets it.
	Help game.SetupHelp `json:"help"`
	// Position is the position as set up so far, as the bot's seat may
	// see it, in the game's position notation; "" (left out) when the
	// game cannot write one yet.
	Position string `json:"position,omitempty"`
}

// KeepAlive is how often an idle game stream sends an empty line, so that
// proxies keep it open and a vanished bot is noticed. A variable so that
// tests can shorten it.
var KeepAlive = 15 * time.Second

// stream serves GET /api/bot/game/{id}/stream to a bot that plays the
// game: NDJSON, first gameFull, then a gameState on each change, until
// the game is over (the last state says how) or the game moves to another
// node (the bot connects again). An open stream is the bot's presence at
// the table, as a player's open page is.
func (a *API) stream(w http.ResponseWriter, r *http.Request) error {
	bot, err := botOf(r)
	if err != nil {
		return err
	}
	key := httpkit.ClientOf(r)
	if !a.Limits.Conns.Acquire(key) {
		return a.Limits.TooMany(httpkit.LimConns, 10*time.Second, "too many connections from your address (at most %d)", a.Limits.Conns.Max)
	}
	defer a.Limits.Conns.Release(key)
	seat, err := a.Games.Join(r.PathValue("id"), bot.ID)
	if err != nil {
		return err
	}
	defer seat.Leave()
	full := seat.Full()
	for _, u := range seat.Users() {
		full.Players = append(full.Players, a.player(r.Context(), u, full.Game, full.Speed))
	}
	if len(full.Players) == 2 {
		full.White, full.Black = &full.Players[0], &full.Players[1]
	}
	put := httpkit.StreamWriter(w, "application/x-ndjson")
	write := func(b []byte) bool { return put(string(b)) }
	line := func(v any) []byte {
		b, _ := json.Marshal(v)
		return append(b, '\n')
	}
	if !write(line(full)) || full.State.Status == "over" {
		return nil
	}
	last := line(full.State)
	keep := time.NewTicker(KeepAlive)
	defer keep.Stop()
	ctx := r.Context()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-a.Done:
			return nil
		case <-keep.C:
			if !write([]byte("\n")) {
				return nil
			}
			continue
		case <-seat.Changed():
		}
		st, moved := seat.State()
		if moved {
			return nil // the bot connects again and reaches the game's new node
		}
		b := line(st)
		if bytes.Equal(b, last) {
			continue
		}
		// A state differs from the last one only by clocks when nothing
		// else changed; those are sent too (a resumed clock, say).
		if !write(b) || st.Status == "over" {
			return nil
		}
		last = b
	}
}

// player names and rates the account user (0: a guest) in the pool of
// gameName and speed; a player new to the pool has a new player's rating.
func (a *API) player(ctx context.Context, user int64, gameName string, speed rating.Speed) Player {
	if user == 0 {
		return Player{}
	}
	acc, err := a.Users.UserByID(ctx, user)
	if err != nil {
		return Player{}
	}
	p := Player{Name: acc.Name, Bot: acc.Bot}
	if acc.Bot {
		p.Title = "BOT"
	}
	r := rating.New()
	if pools, err := a.Users.Ratings(ctx, user); err == nil {
		for _, pool := range pools {
			if pool.Game == gameName && pool.Speed == speed {
				r = pool.Rating
			}
		}
	}
	p.Rating, p.Provisional = int(math.Round(r.R)), r.Provisional()
	return p
}
