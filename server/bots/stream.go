package bots

import (
	"bytes"
	"encoding/json"
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
	// Status is "started", "setup" or "over".
	Status  string   `json:"status"`
	Results []string `json:"results,omitempty"` // per seat, once over: win, loss, draw
	Reason  string   `json:"reason,omitempty"`
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
		p := Player{}
		if u != 0 {
			if acc, err := a.Users.UserByID(r.Context(), u); err == nil {
				p = Player{Name: acc.Name, Bot: acc.Bot}
			}
		}
		full.Players = append(full.Players, p)
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
