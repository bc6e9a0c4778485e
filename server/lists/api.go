// Package lists is the players' public pages read from the accounts'
// database: a profile (ratings, their history, recent games), a page of a
// player's finished games with filters, the head-to-head record of two
// players, and a leaderboard per game and speed. Every request takes one
// of the client's reads (account.AllowRead).
package lists

import (
	"net/http"
	"time"

	"wyrm/game"
	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// API serves the players' lists.
type API struct {
	// Accounts keeps the accounts the lists are read from.
	Accounts *account.Accounts
	// Games are the server's games by name, to check a filter's game.
	Games map[string]game.Game
	// Limits are the server's limits, shared with its other features.
	Limits *httpkit.Limiters
	// Now is the clock of the limits.
	Now func() time.Time
}

// Routes registers the lists' routes on mux.
func (a *API) Routes(mux *httpkit.Mux) {
	mux.HandleErr("GET /api/players/{name}", a.player)
	mux.HandleErr("GET /api/players/{name}/games", a.playerGames)
	mux.HandleErr("GET /api/players/{name}/vs/{other}", a.headToHead)
	mux.HandleErr("GET /api/leaderboard", a.leaderboard)
}

// AllowRead takes one of the client's database reads (profiles, lists,
// leaderboards), refusing with a TooMany error when they are spent.
// Features outside this package that read the accounts for a client call
// it too, so that they share one budget.
func (a *API) AllowRead(r *http.Request) error {
	return account.AllowRead(a.Limits, r, a.Now())
}

// pageMax bounds a page of a player's games, the same as the lobby's
// pages.
const pageMax = 50

// RatingJSON is one rating pool of a profile.
type RatingJSON struct {
	Game        string  `json:"game"`
	Speed       string  `json:"speed"`
	Rating      float64 `json:"rating"`
	RD          float64 `json:"rd"`
	Provisional bool    `json:"provisional"`
	Games       int     `json:"games"`
}

// player answers a player's profile: ratings, rating history per pool and
// recent games.
func (a *API) player(w http.ResponseWriter, r *http.Request) error {
	if err := a.AllowRead(r); err != nil {
		return err
	}
	u, err := a.Accounts.UserByName(r.Context(), r.PathValue("name"))
	if err != nil {
		return apierr.New(apierr.NotFound, "no such player")
	}
	pools, err := a.Accounts.Ratings(r.Context(), u.ID)
	if err != nil {
		return err
	}
	out := map[string]any{"name": u.Name, "created": u.Created.UnixMilli(), "bot": u.Bot}
	if u.Mark != "" { // a moderator's finding (server/moderation)
		out["mark"] = u.Mark
	}
	ratings := []RatingJSON{}
	history := map[string]any{}
	for _, p := range pools {
		ratings = append(ratings, RatingJSON{Game: p.Game, Speed: string(p.Speed), Rating: p.Rating.R, RD: p.Rating.RD,
			Provisional: p.Rating.Provisional(), Games: p.Games})
		if pts, err := a.Accounts.History(r.Context(), u.ID, p.Game, p.Speed); err == nil {
			history[p.Game+"/"+string(p.Speed)] = pointsJSON(pts)
		}
	}
	out["ratings"], out["history"] = ratings, history
	// Results are stamped by the wall clock, so they are read up to it
	// (Now may be a test's fake clock).
	games, err := a.Accounts.Games(r.Context(), u.ID, time.Now(), pageMax)
	if err != nil {
		return err
	}
	out["games"] = profileGamesJSON(games)
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}
