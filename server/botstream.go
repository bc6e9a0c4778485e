package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"time"

	"wyrm/game"
	"wyrm/rating"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/table"
)

// botWatcher is a bot's game stream open on a game: the session wakes it
// on every change (it reads the state itself, so changes that come quickly
// are sent as one, the latest).
type botWatcher struct {
	wake chan struct{}
}

// notifyBots wakes the game's bot streams. Caller holds s.mu.
func (s *session) notifyBots() {
	for b := range s.bots {
		select {
		case b.wake <- struct{}{}:
		default: // already woken; it reads the latest state
		}
	}
}

// botPlayerJSON is a seat's player in a bot's game.
type botPlayerJSON struct {
	Name string `json:"name,omitempty"` // "" for a guest
	Bot  bool   `json:"bot,omitempty"`
}

// botGameJSON is the first message of a bot's game stream: the game as it
// is and what does not change.
type botGameJSON struct {
	Type    string            `json:"type"` // "gameFull"
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Options game.Options      `json:"options"`
	Rated   bool              `json:"rated"`
	Speed   rating.Speed      `json:"speed"`
	Clock   table.TimeControl `json:"clock"`
	Seat    int               `json:"seat"` // the bot's
	Seats   []string          `json:"seats"`
	Players []botPlayerJSON   `json:"players"`
	// Start is the position play began from, in the game's position
	// notation; StartPos says it is the game's own start for Options, so
	// that "position startpos" names it to an engine.
	Start    string       `json:"start"`
	StartPos bool         `json:"startpos"`
	State    botStateJSON `json:"state"`
}

// botStateJSON is a game's state as a bot reads it, sent on every change.
type botStateJSON struct {
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

// botState builds the state of s. Caller holds s.mu.
func (s *session) botState() botStateJSON {
	t := s.t
	now := s.srv.now().UnixMilli()
	st := botStateJSON{Type: "gameState", Moves: make([]string, len(t.Plies)), Clocks: make([]int64, t.Seats()),
		Running: t.Clock.Running, ToMove: int(t.ToMove()), Status: "started"}
	for i, p := range t.Plies {
		st.Moves[i] = p.Text
	}
	if t.Clock.Timed() {
		for i := range st.Clocks {
			st.Clocks[i] = t.Clock.Remaining[i].Milliseconds()
			if t.Clock.Running && i == st.ToMove {
				st.Clocks[i] = max(t.Clock.Left(i, time.UnixMilli(now)), 0).Milliseconds()
			}
		}
	}
	o := t.Outcome()
	switch {
	case o.Over:
		st.Status, st.Reason, st.Running = "over", string(o.Reason), false
		for i := range t.Seats() {
			st.Results = append(st.Results, o.Results[i].String())
		}
	case t.Setup != nil:
		st.Status = "setup"
	}
	if st.ToMove == int(game.NoPlayer) {
		st.ToMove = -1
	}
	return st
}

// botKeepAlive is how often an idle game stream sends an empty line, so
// that proxies keep it open and a vanished bot is noticed.
var botKeepAlive = 15 * time.Second

// handleBotGameStream serves GET /api/bot/game/{id}/stream to a bot that
// plays the game: NDJSON, first gameFull, then a gameState on each change,
// until the game is over (the last state says how) or the game moves to
// another node (the bot connects again). An open stream is the bot's
// presence at the table, as a player's open page is.
func (srv *Server) handleBotGameStream(w http.ResponseWriter, r *http.Request) {
	s, bot, ok := srv.botSession(w, r)
	if !ok {
		return
	}
	key := httpkit.ClientOf(r)
	if !srv.limits.Conns.Acquire(key) {
		httpkit.WriteError(w, srv.limits.TooMany(httpkit.LimConns, 10*time.Second, "too many connections from your address (at most %d)", srv.limits.Conns.Max))
		return
	}
	defer srv.limits.Conns.Release(key)
	bw := &botWatcher{wake: make(chan struct{}, 1)}
	s.mu.Lock()
	seats := seatsOf(s.t, bot.ID)
	switch {
	case len(seats) == 0:
		s.mu.Unlock()
		httpkit.WriteError(w, apierr.New(apierr.Forbidden, "you do not play in this game"))
		return
	case s.moved:
		s.mu.Unlock()
		httpkit.WriteError(w, httpkit.Retry(apierr.New(apierr.Unavailable, "this game moved to another server; try again"), time.Second))
		return
	}
	if s.bots == nil {
		s.bots = map[*botWatcher]struct{}{}
	}
	s.bots[bw] = struct{}{}
	s.arrive(seats)
	s.broadcast() // the others see the bot arrive
	s.armLifeTimer()
	t := s.t
	full := botGameJSON{Type: "gameFull", ID: s.id, Game: t.Def.Game, Options: t.Def.Options, Rated: t.Def.Rated, Clock: t.Def.Clock,
		Speed: rating.SpeedOf(t.Def.Clock.Initial, t.Def.Clock.Increment, t.Def.Clock.Days),
		Seat:  seats[0], Start: t.Start, StartPos: t.Def.Start == "", State: s.botState()}
	for i := range t.Seats() {
		full.Seats = append(full.Seats, t.SeatName(i))
	}
	users := append([]int64(nil), t.Users...)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.bots, bw)
		s.depart(seats)
		s.broadcast()
		s.armLifeTimer()
		s.mu.Unlock()
	}()
	for _, u := range users {
		p := botPlayerJSON{}
		if u != 0 {
			if acc, err := srv.accounts.UserByID(r.Context(), u); err == nil {
				p = botPlayerJSON{Name: acc.Name, Bot: acc.Bot}
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
		return
	}
	last := line(full.State)
	keep := time.NewTicker(botKeepAlive)
	defer keep.Stop()
	ctx := r.Context()
	for {
		select {
		case <-ctx.Done():
			return
		case <-srv.ctx.Done():
			return
		case <-keep.C:
			if !write([]byte("\n")) {
				return
			}
			continue
		case <-bw.wake:
		}
		s.mu.Lock()
		st, moved := s.botState(), s.moved
		s.mu.Unlock()
		if moved {
			return // the bot connects again and reaches the game's new node
		}
		b := line(st)
		if bytes.Equal(b, last) {
			continue
		}
		// A state differs from the last one only by clocks when nothing
		// else changed; those are sent too (a resumed clock, say).
		if !write(b) || st.Status == "over" {
			return
		}
		last = b
	}
}
