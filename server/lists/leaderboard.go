package lists

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"wyrm/game"
	"wyrm/rating"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

const (
	// leaderboardPageMax is the most players of one leaderboard page, and
	// its size when the client names none.
	leaderboardPageMax = 50
	// leaderboardDepth is how far down a leaderboard goes: its top 500.
	leaderboardDepth = 500
)

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

// LeaderJSON is one line of a leaderboard.
type LeaderJSON struct {
	Rank   int     `json:"rank"`
	Name   string  `json:"name"`
	Rating float64 `json:"rating"`
	RD     float64 `json:"rd"`
	Games  int     `json:"games"`
	Last   int64   `json:"last"`
}

// leaderboard answers a page of one pool's leaderboard (see
// docs/ratings.md for who is on it).
func (a *API) leaderboard(w http.ResponseWriter, r *http.Request) error {
	if err := a.AllowRead(r); err != nil {
		return err
	}
	req, err := parseLeaderboardRequest(r.URL.Query(), a.Games)
	if err != nil {
		return err
	}
	page, more, err := a.Accounts.Leaderboard(r.Context(), req.game, req.speed, req.offset, req.take)
	if err != nil {
		return err
	}
	out := []LeaderJSON{}
	for _, l := range page {
		out = append(out, LeaderJSON{Rank: l.Rank, Name: l.Name, Rating: l.Rating.R, RD: l.Rating.RD, Games: l.Games, Last: l.Last.UnixMilli()})
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"game": req.game, "speed": req.speed, "page": req.page, "limit": req.limit,
		"players": out, "more": more && req.offset+req.take < leaderboardDepth, "speeds": rating.Speeds, "depth": leaderboardDepth})
	return nil
}
