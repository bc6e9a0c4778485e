package server

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"wyrm/game"
	"wyrm/rating"
	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// The bounds of the players' lists.
const (
	// gamesPageDefault is a page of a player's games when the client
	// names no size; pageMax bounds it.
	gamesPageDefault = 20
	// leaderboardPageMax is the most players of one leaderboard page, and
	// its size when the client names none.
	leaderboardPageMax = 50
	// leaderboardDepth is how far down a leaderboard goes: its top 500.
	leaderboardDepth = 500
)

// allowRead takes one of the client's database reads (profiles, lists,
// leaderboards), answering 429 when they are spent.
func (srv *Server) allowRead(w http.ResponseWriter, r *http.Request) bool {
	if ok, retry := srv.limits.Reads.Allow(httpkit.ClientOf(r), srv.now()); !ok {
		httpkit.WriteError(w, srv.limits.TooMany(httpkit.LimReads, retry, "too many profile and list requests from your address; try again in %v", retry.Round(time.Second)))
		return false
	}
	return true
}

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
	if !ok || err != nil || at < 0 || strconv.FormatInt(at, 10) != ms || id == "" || gameOf("/ws/"+id) != id {
		return account.GameCursor{}, bad
	}
	return account.GameCursor{AtMs: at, GameID: id}, nil
}

// seatJSON is one seat of a game in a player's list; ratings only in a
// rated game.
type listSeatJSON struct {
	Seat   int      `json:"seat"`
	Name   string   `json:"name,omitempty"` // "" for a guest or a computer
	Place  int      `json:"place"`
	Before *float64 `json:"before,omitempty"`
	After  *float64 `json:"after,omitempty"`
}

// playedJSON is one game in a player's list.
type playedJSON struct {
	ID      string         `json:"id"`
	Game    string         `json:"game"`
	Speed   string         `json:"speed"`
	Rated   bool           `json:"rated"`
	At      int64          `json:"at"`
	Seat    int            `json:"seat"`
	Result  string         `json:"result"`
	Players []listSeatJSON `json:"players"`
}

// handlePlayerGames answers a page of a player's finished games, newest
// first, with the filters of parseGamesRequest.
func (srv *Server) handlePlayerGames(w http.ResponseWriter, r *http.Request) {
	if !srv.allowRead(w, r) {
		return
	}
	req, err := parseGamesRequest(r.URL.Query(), srv.games)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	u, err := srv.accounts.UserByName(r.Context(), r.PathValue("name"))
	if err != nil {
		httpkit.WriteError(w, apierr.New(apierr.NotFound, "no such player"))
		return
	}
	if req.opponent != "" {
		o, err := srv.accounts.UserByName(r.Context(), req.opponent)
		if err != nil {
			httpkit.WriteError(w, apierr.New(apierr.NotFound, "no player is named %q", req.opponent))
			return
		}
		req.filter.Opponent = o.ID
	}
	page, next, err := srv.accounts.PlayerGames(r.Context(), u.ID, req.filter, req.cursor, req.limit)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	out := []playedJSON{}
	for _, g := range page {
		pj := playedJSON{ID: g.GameID, Game: g.Game, Speed: string(g.Speed), Rated: g.Rated, At: g.At.UnixMilli(),
			Seat: g.Seat, Result: string(g.Outcome), Players: []listSeatJSON{}}
		for _, s := range g.Seats {
			sj := listSeatJSON{Seat: s.Seat, Name: s.Name, Place: s.Place}
			if g.Rated {
				sj.Before, sj.After = &s.Before.R, &s.After.R
			}
			pj.Players = append(pj.Players, sj)
		}
		out = append(out, pj)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"name": u.Name, "games": out, "next": gameCursorText(next)})
}

// recordJSON is a head-to-head record in one game, or over all.
type recordJSON struct {
	Game  string `json:"game,omitempty"`
	Won   int    `json:"won"`
	Lost  int    `json:"lost"`
	Drawn int    `json:"drawn"`
	Rated int    `json:"rated"`
	Games int    `json:"games"`
}

// handleHeadToHead answers one player's record against another, per game
// and over all.
func (srv *Server) handleHeadToHead(w http.ResponseWriter, r *http.Request) {
	if !srv.allowRead(w, r) {
		return
	}
	var users [2]account.User
	for i, key := range []string{"name", "other"} {
		u, err := srv.accounts.UserByName(r.Context(), r.PathValue(key))
		if err != nil {
			httpkit.WriteError(w, apierr.New(apierr.NotFound, "no player is named %q", r.PathValue(key)))
			return
		}
		users[i] = u
	}
	recs, err := srv.accounts.HeadToHead(r.Context(), users[0].ID, users[1].ID)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	out := []recordJSON{}
	var total recordJSON
	for _, rec := range recs {
		out = append(out, recordJSON{Game: rec.Game, Won: rec.Won, Lost: rec.Lost, Drawn: rec.Drawn, Rated: rec.RatedGames, Games: rec.Games})
		total.Won, total.Lost, total.Drawn = total.Won+rec.Won, total.Lost+rec.Lost, total.Drawn+rec.Drawn
		total.Rated, total.Games = total.Rated+rec.RatedGames, total.Games+rec.Games
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"player": users[0].Name, "opponent": users[1].Name, "games": out, "total": total})
}

// leaderboardRequest is a request for a page of a pool's leaderboard.
type leaderboardRequest struct {
	game         string
	speed        rating.Speed
	page, limit  int
	offset, take int // the ranks to read: from offset+1, take of them
}

// parseLeaderboardRequest reads the query of GET /api/leaderboard: game
// and speed (both required), page (from 1) and limit (1 to
// leaderboardPageMax); the page must start within leaderboardDepth.
func parseLeaderboardRequest(q url.Values, games map[string]game.Game) (leaderboardRequest, error) {
	req := leaderboardRequest{game: q.Get("game"), speed: rating.Speed(q.Get("speed")), page: 1, limit: leaderboardPageMax}
	if _, ok := games[req.game]; !ok {
		return req, apierr.New(apierr.BadRequest, "name a game: unknown game %q", req.game)
	}
	if !req.speed.Valid() {
		return req, apierr.New(apierr.BadRequest, "name a speed: one of %s", speedNames())
	}
	for _, p := range []struct {
		key      string
		to       *int
		max      int
		complain string
	}{{"page", &req.page, leaderboardDepth, "page must be 1 or more"}, {"limit", &req.limit, leaderboardPageMax, "limit must be 1 to " + strconv.Itoa(leaderboardPageMax)}} {
		if v := q.Get(p.key); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > p.max {
				return req, apierr.New(apierr.BadRequest, "%s", p.complain)
			}
			*p.to = n
		}
	}
	req.offset = (req.page - 1) * req.limit
	if req.offset >= leaderboardDepth {
		return req, apierr.New(apierr.BadRequest, "a leaderboard shows its top %d; page %d starts below them", leaderboardDepth, req.page)
	}
	req.take = min(req.limit, leaderboardDepth-req.offset)
	return req, nil
}

// speedNames lists the speed classes for an error message.
func speedNames() string {
	var s []string
	for _, sp := range rating.Speeds {
		s = append(s, string(sp))
	}
	return strings.Join(s, ", ")
}

// leaderJSON is one line of a leaderboard.
type leaderJSON struct {
	Rank   int     `json:"rank"`
	Name   string  `json:"name"`
	Rating float64 `json:"rating"`
	RD     float64 `json:"rd"`
	Games  int     `json:"games"`
	Last   int64   `json:"last"`
}

// handleLeaderboard answers a page of one pool's leaderboard (see
// docs/ratings.md for who is on it).
func (srv *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	if !srv.allowRead(w, r) {
		return
	}
	req, err := parseLeaderboardRequest(r.URL.Query(), srv.games)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	page, more, err := srv.accounts.Leaderboard(r.Context(), req.game, req.speed, req.offset, req.take)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	out := []leaderJSON{}
	for _, l := range page {
		out = append(out, leaderJSON{Rank: l.Rank, Name: l.Name, Rating: l.Rating.R, RD: l.Rating.RD, Games: l.Games, Last: l.Last.UnixMilli()})
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"game": req.game, "speed": req.speed, "page": req.page, "limit": req.limit,
		"players": out, "more": more && req.offset+req.take < leaderboardDepth, "speeds": rating.Speeds, "depth": leaderboardDepth})
}
