package lists

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"wyrm/game"
	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/secret"
)

// gamesPageDefault is a page of a player's games when the client names no
// size; pageMax bounds it.
const gamesPageDefault = 20

// gamesRequest is a request for a page of a player's games.
type gamesRequest struct {
	filter   account.GameFilter // all but the opponent, named in opponent
	opponent string
	cursor   account.GameCursor
	limit    int
}

// parseGamesRequest reads the query of GET /api/players/{name}/games:
// game (a game's name), result (win, loss or draw), rated (true or false),
// opponent (a user name), cursor (from the previous page's next) and limit
// (1 to pageMax).
func parseGamesRequest(q url.Values, games map[string]game.Game) (gamesRequest, error) {
	req := gamesRequest{limit: gamesPageDefault}
	if g := q.Get("game"); g != "" {
		if _, ok := games[g]; !ok {
			return req, apierr.New(apierr.BadRequest, "unknown game %q", g)
		}
		req.filter.Game = g
	}
	switch o := account.Outcome(q.Get("result")); o {
	case "", account.Won, account.Lost, account.Drew:
		req.filter.Outcome = o
	default:
		return req, apierr.New(apierr.BadRequest, "result is win, loss or draw")
	}
	switch q.Get("rated") {
	case "":
	case "true":
		req.filter.Rated = new(true)
	case "false":
		req.filter.Rated = new(false)
	default:
		return req, apierr.New(apierr.BadRequest, "rated is true (rated games) or false (casual games)")
	}
	req.opponent = q.Get("opponent")
	if len(req.opponent) > account.MaxNameLen {
		return req, apierr.New(apierr.BadRequest, "a user name has at most %d characters", account.MaxNameLen)
	}
	if c := q.Get("cursor"); c != "" {
		cur, err := parseGameCursor(c)
		if err != nil {
			return req, err
		}
		req.cursor = cur
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > pageMax {
			return req, apierr.New(apierr.BadRequest, "limit must be 1 to %d", pageMax)
		}
		req.limit = n
	}
	return req, nil
}

// gameCursorText is a cursor as the client holds it: the end time in
// milliseconds and the game id, "1712345678901.3fa9c0e1d2b4".
func gameCursorText(c account.GameCursor) string {
	if c == (account.GameCursor{}) {
		return ""
	}
	return strconv.FormatInt(c.AtMs, 10) + "." + c.GameID
}

// parseGameCursor reads gameCursorText.
func parseGameCursor(s string) (account.GameCursor, error) {
	bad := apierr.New(apierr.BadRequest, "malformed cursor; use the next of the previous page")
	ms, id, ok := strings.Cut(s, ".")
	at, err := strconv.ParseInt(ms, 10, 64)
	// One spelling of each cursor: the number as gameCursorText writes it.
	if !ok || err != nil || at < 0 || strconv.FormatInt(at, 10) != ms || !secret.IsID(id) {
		return account.GameCursor{}, bad
	}
	return account.GameCursor{AtMs: at, GameID: id}, nil
}

// SeatJSON is one seat of a game in a player's list; ratings only in a
// rated game.
type SeatJSON struct {
	Seat int    `json:"seat"`
	Name string `json:"name,omitempty"` // "" for a guest or a computer
	// Deleted marks a closed account, named "deleted account": no profile.
	Deleted bool     `json:"deleted,omitempty"`
	Place   int      `json:"place"`
	Before  *float64 `json:"before,omitempty"`
	After   *float64 `json:"after,omitempty"`
}

// PlayedJSON is one game in a player's list.
type PlayedJSON struct {
	ID      string     `json:"id"`
	Game    string     `json:"game"`
	Speed   string     `json:"speed"`
	Rated   bool       `json:"rated"`
	At      int64      `json:"at"`
	Seat    int        `json:"seat"`
	Result  string     `json:"result"`
	Players []SeatJSON `json:"players"`
}

// playerGames answers a page of a player's finished games, newest first,
// with the filters of parseGamesRequest.
func (a *API) playerGames(w http.ResponseWriter, r *http.Request) error {
	if err := a.AllowRead(r); err != nil {
		return err
	}
	req, err := parseGamesRequest(r.URL.Query(), a.Games)
	if err != nil {
		return err
	}
	u, err := a.Accounts.UserByName(r.Context(), r.PathValue("name"))
	if err != nil {
		return apierr.New(apierr.NotFound, "no such player")
	}
	if req.opponent != "" {
		o, err := a.Accounts.UserByName(r.Context(), req.opponent)
		if err != nil {
			return apierr.New(apierr.NotFound, "no player is named %q", req.opponent)
		}
		req.filter.Opponent = o.ID
	}
	page, next, err := a.Accounts.PlayerGames(r.Context(), u.ID, req.filter, req.cursor, req.limit)
	if err != nil {
		return err
	}
	out := []PlayedJSON{}
	for _, g := range page {
		pj := PlayedJSON{ID: g.GameID, Game: g.Game, Speed: string(g.Speed), Rated: g.Rated, At: g.At.UnixMilli(),
			Seat: g.Seat, Result: string(g.Outcome), Players: []SeatJSON{}}
		for _, s := range g.Seats {
			sj := SeatJSON{Seat: s.Seat, Name: s.Name, Deleted: s.Closed, Place: s.Place}
			if g.Rated {
				sj.Before, sj.After = &s.Before.R, &s.After.R
			}
			pj.Players = append(pj.Players, sj)
		}
		out = append(out, pj)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"name": u.Name, "games": out, "next": gameCursorText(next)})
	return nil
}
