package server

import (
	"net/http"
	"slices"
	"strings"
	"unicode"

	"wyrm/game"
	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/table"
)

// The bot API, in the spirit of lichess's: a bot account follows its
// challenges and games starting on its event stream (/api/stream/events),
// accepts and declines challenges through the challenge endpoints, and
// plays each game through the endpoints here: a stream of the game's
// states, a move, a resignation. Only bot accounts may use them; a bot
// usually sends an API token (apiauth.go). docs/bots.md describes it all.

// botRoutes serves the bot API's game endpoints.
func (srv *Server) botRoutes(mux *httpkit.Mux) {
	mux.HandleFunc("GET /api/bot/game/{id}/stream", srv.handleBotGameStream)
	mux.HandleFunc("POST /api/bot/game/{id}/move/{move...}", srv.handleBotMove)
	mux.HandleFunc("POST /api/bot/game/{id}/resign", srv.handleBotResign)
}

// maxBotMove bounds a move sent to the bot API, in bytes: far above any
// game's longest move string.
const maxBotMove = 64

// errNotBot refuses the bot API to an account that is not a bot.
var errNotBot = apierr.New(apierr.Forbidden, "only bot accounts may use the bot API; make this account a bot first (POST /api/account/bot)")

// botOf is the bot account of a request, or why it has none.
func botOf(r *http.Request) (httpkit.User, error) {
	u, ok := httpkit.UserOf(r)
	if !ok {
		return httpkit.User{}, account.ErrNotSignedIn
	}
	if !u.Bot {
		return httpkit.User{}, errNotBot
	}
	return u, nil
}

// seatsOf lists the seats user holds in t.
func seatsOf(t *table.Table, user int64) []int {
	var seats []int
	for i, u := range t.Users {
		if u == user {
			seats = append(seats, i)
		}
	}
	return seats
}

// botSession is the game of a bot API request with the seats its bot
// holds there; the answer is written when it fails.
func (srv *Server) botSession(w http.ResponseWriter, r *http.Request) (*session, httpkit.User, bool) {
	bot, err := botOf(r)
	if err != nil {
		httpkit.WriteError(w, err)
		return nil, bot, false
	}
	s := srv.session(r.PathValue("id"))
	if s == nil {
		httpkit.WriteError(w, errNoGame)
		return nil, bot, false
	}
	return s, bot, true
}

// checkBotMove refuses a move string that no game writes: empty, too long,
// or with spaces or control characters. The game's own parser judges the
// rest.
func checkBotMove(mv string) error {
	switch {
	case mv == "":
		return apierr.New(apierr.BadRequest, "name a move: POST /api/bot/game/{id}/move/{move}")
	case len(mv) > maxBotMove:
		return apierr.New(apierr.BadRequest, "a move is at most %d bytes", maxBotMove)
	case strings.IndexFunc(mv, func(c rune) bool { return c > unicode.MaxASCII || !unicode.IsPrint(c) || c == ' ' }) >= 0:
		return apierr.New(apierr.BadRequest, "a move is printable ASCII without spaces, in the game's move notation (as its UCI engine writes it)")
	}
	return nil
}

// handleBotMove plays a move for the bot's seat to move, in the game's
// move notation (the one its UCI engine speaks).
func (srv *Server) handleBotMove(w http.ResponseWriter, r *http.Request) {
	mv := r.PathValue("move")
	if err := checkBotMove(mv); err != nil {
		httpkit.WriteError(w, err)
		return
	}
	s, bot, ok := srv.botSession(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	err := s.botMove(bot.ID, mv)
	s.mu.Unlock()
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// botMove commits user's move. Caller holds s.mu.
func (s *session) botMove(user int64, mv string) error {
	seats := seatsOf(s.t, user)
	switch {
	case len(seats) == 0:
		return apierr.New(apierr.Forbidden, "you do not play in this game")
	case s.t.Outcome().Over:
		return apierr.New(apierr.Conflict, "the game is over")
	case s.t.Setup != nil:
		return apierr.New(apierr.Conflict, "the game is in its setup, which the bot API does not play")
	}
	tm := s.t.ToMove()
	if tm == game.NoPlayer || !slices.Contains(seats, int(tm)) {
		return apierr.New(apierr.NotYourTurn, "it is not your turn")
	}
	return s.commit(int(tm), table.ActMove, mv)
}

// handleBotResign resigns the bot's seat.
func (srv *Server) handleBotResign(w http.ResponseWriter, r *http.Request) {
	s, bot, ok := srv.botSession(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	err := s.botResign(bot.ID)
	s.mu.Unlock()
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// botResign resigns user's seat still in the game. Caller holds s.mu.
func (s *session) botResign(user int64) error {
	seats := seatsOf(s.t, user)
	if len(seats) == 0 {
		return apierr.New(apierr.Forbidden, "you do not play in this game")
	}
	for _, i := range seats {
		if s.t.In(i) {
			return s.commit(i, table.ActResign, "")
		}
	}
	return apierr.New(apierr.Conflict, "the game is over")
}

// startsWithSetup reports whether a game with opts begins with setup
// stages (a draft, a deployment), which the bot API does not play.
func startsWithSetup(g game.Game, opts game.Options) bool {
	sg, ok := g.(game.SetupGame)
	if !ok {
		return false
	}
	st, err := sg.NewSetup(opts)
	return err == nil && st.Stage() != ""
}

// errBotSetup refuses a game with setup stages to a bot.
func errBotSetup(title string) error {
	return apierr.New(apierr.Invalid, "bots play games that begin with the first move; %s with these options begins with setup stages (a draft or deployment), which the bot API does not play", title)
}
