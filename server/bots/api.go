package bots

import (
	"context"
	"net/http"
	"strings"
	"unicode"

	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// Games is the play server's side of the bot API.
type Games interface {
	// Move plays move, in the game's move notation, for user's seat to
	// move in game id.
	Move(id string, user int64, move string) error
	// Resign resigns user's seat still in game id.
	Resign(id string, user int64) error
	// Join seats user's game stream at game id: the bot is at the table
	// until the Seat's Leave.
	Join(id string, user int64) (Seat, error)
	// Setup submits choice, in the game's setup notation, for user's
	// seat that must choose now in game id.
	Setup(id string, user int64, choice string) error
	// Suggest is the game's own valid choice for user's seat that must
	// choose now.
	Suggest(id string, user int64) (string, error)
	// Draw offers or accepts a draw for user's seats still in (yes), or
	// declines the offers open.
	Draw(id string, user int64, yes bool) error
	// Takeback asks for or agrees to a takeback for user's seat (yes),
	// or refuses the one asked for.
	Takeback(id string, user int64, yes bool) error
	// Chat says text in room ("players" or "spectators") of game id as
	// user, named name, from client (the address's key, for limits).
	Chat(ctx context.Context, id string, user int64, name, client, room, text string) error
}

// Seat is a bot's place at a game while its game stream is open.
type Seat interface {
	// Full is the game as it was when the stream opened; its Players are
	// left for the API to fill.
	Full() GameFull
	// Users are the accounts of the game's seats (0 for a guest).
	Users() []int64
	// Changed is woken on every change of the game.
	Changed() <-chan struct{}
	// State is the game's state now, and whether the game has moved to
	// another node (the stream then ends, and the bot connects again).
	State() (State, bool)
	// Leave takes the bot away from the table.
	Leave()
}

// Users finds the accounts of a game's players, to name and rate them.
type Users interface {
	UserByID(ctx context.Context, id int64) (account.User, error)
	Ratings(ctx context.Context, id int64) ([]account.PoolRating, error)
}

// API serves the bot API's game endpoints.
type API struct {
	Games  Games
	Users  Users
	Limits *httpkit.Limiters
	// Done ends every stream when the server closes.
	Done <-chan struct{}
}

// Routes adds the bot API's game endpoints.
func (a *API) Routes(mux *httpkit.Mux) {
	mux.HandleErr("GET /api/bot/game/{id}/stream", a.stream)
	mux.HandleErr("POST /api/bot/game/{id}/move/{move...}", a.move)
	mux.HandleErr("POST /api/bot/game/{id}/resign", a.resign)
	mux.HandleErr("POST /api/bot/game/{id}/setup", a.setup)
	mux.HandleErr("GET /api/bot/game/{id}/setup/suggest", a.suggest)
	mux.HandleErr("POST /api/bot/game/{id}/draw/{answer}", a.draw)
	mux.HandleErr("POST /api/bot/game/{id}/takeback/{answer}", a.takeback)
	mux.HandleErr("POST /api/bot/game/{id}/chat", a.chat)
}

// MaxMove bounds a move sent to the bot API, in bytes: far above any
// game's longest move string.
const MaxMove = 64

// errNotBot refuses the bot API to an account that is not a bot.
var errNotBot = apierr.New(apierr.Forbidden, "only bot accounts may use the bot API; make this account a bot first (POST /api/account/bot)")

// botOf is the bot account of a request, or why it has none.
func botOf(r *http.Request) (httpkit.User, error) {
	u, ok := httpkit.UserOf(r)
	if !ok {
		return httpkit.User{}, httpkit.ErrNotSignedIn
	}
	if !u.Bot {
		return httpkit.User{}, errNotBot
	}
	return u, nil
}

// CheckMove refuses a move string that no game writes: empty, too long,
// or with spaces or control characters. The game's own parser judges the
// rest.
func CheckMove(mv string) error {
	switch {
	case mv == "":
		return apierr.New(apierr.BadRequest, "name a move: POST /api/bot/game/{id}/move/{move}")
	case len(mv) > MaxMove:
		return apierr.New(apierr.BadRequest, "a move is at most %d bytes", MaxMove)
	case strings.IndexFunc(mv, func(c rune) bool { return c > unicode.MaxASCII || !unicode.IsPrint(c) || c == ' ' }) >= 0:
		return apierr.New(apierr.BadRequest, "a move is printable ASCII without spaces, in the game's move notation (as its UCI engine writes it)")
	}
	return nil
}

// move plays a move for the bot's seat to move, in the game's move
// notation (the one its UCI engine speaks).
func (a *API) move(w http.ResponseWriter, r *http.Request) error {
	mv := r.PathValue("move")
	if err := CheckMove(mv); err != nil {
		return err
	}
	bot, err := botOf(r)
	if err != nil {
		return err
	}
	if err := a.Games.Move(r.PathValue("id"), bot.ID, mv); err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// resign resigns the bot's seat.
func (a *API) resign(w http.ResponseWriter, r *http.Request) error {
	bot, err := botOf(r)
	if err != nil {
		return err
	}
	if err := a.Games.Resign(r.PathValue("id"), bot.ID); err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}
