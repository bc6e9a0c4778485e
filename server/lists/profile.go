package lists

import (
	"wyrm/rating"
	"wyrm/server/account"
)

// The profile's history and recent games are written in the API's
// camelCase, not as the accounts' Go values.

// PointJSON is one rated game on a profile's rating history.
type PointJSON struct {
	GameID string `json:"gameId"`
	At     int64  `json:"at"` // ms since the epoch
	// Rating and RD are the rating after the game.
	Rating float64 `json:"rating"`
	RD     float64 `json:"rd"`
}

// GlickoJSON is a full rating: the value, its deviation and volatility.
type GlickoJSON struct {
	Rating float64 `json:"rating"`
	RD     float64 `json:"rd"`
	Vol    float64 `json:"vol"`
}

// ChangeJSON is one seat of a profile's recent game; Before and After only
// in a rated game.
type ChangeJSON struct {
	Seat   int         `json:"seat"`
	UserID int64       `json:"userId,omitempty"` // 0 (left out) for a guest or a computer
	Place  int         `json:"place"`
	Before *GlickoJSON `json:"before,omitempty"`
	After  *GlickoJSON `json:"after,omitempty"`
}

// ProfileGameJSON is one of a profile's recent finished games.
type ProfileGameJSON struct {
	ID      string       `json:"id"`
	Game    string       `json:"game"`
	Speed   string       `json:"speed"`
	Rated   bool         `json:"rated"`
	At      int64        `json:"at"`
	Players []ChangeJSON `json:"players"`
}

// pointsJSON writes a rating history.
func pointsJSON(pts []account.Point) []PointJSON {
	out := make([]PointJSON, len(pts))
	for i, p := range pts {
		out[i] = PointJSON{GameID: p.GameID, At: p.At.UnixMilli(), Rating: p.R, RD: p.RD}
	}
	return out
}

// glicko writes a rating.
func glicko(r rating.Rating) *GlickoJSON { return &GlickoJSON{Rating: r.R, RD: r.RD, Vol: r.Vol} }

// profileGamesJSON writes a profile's recent games.
func profileGamesJSON(games []account.Played) []ProfileGameJSON {
	out := make([]ProfileGameJSON, len(games))
	for i, g := range games {
		pg := ProfileGameJSON{ID: g.GameID, Game: g.Game, Speed: string(g.Speed), Rated: g.Rated, At: g.At.UnixMilli(),
			Players: make([]ChangeJSON, len(g.Changes))}
		for j, c := range g.Changes {
			pg.Players[j] = ChangeJSON{Seat: c.Seat, UserID: c.UserID, Place: c.Place}
			if g.Rated {
				pg.Players[j].Before, pg.Players[j].After = glicko(c.Before), glicko(c.After)
			}
		}
		out[i] = pg
	}
	return out
}
