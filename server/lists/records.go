package lists

import (
	"net/http"

	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// RecordJSON is a head-to-head record in one game, or over all.
type RecordJSON struct {
	Game  string `json:"game,omitempty"`
	Won   int    `json:"won"`
	Lost  int    `json:"lost"`
	Drawn int    `json:"drawn"`
	Rated int    `json:"rated"`
	Games int    `json:"games"`
}

// headToHead answers one player's record against another, per game and
// over all.
func (a *API) headToHead(w http.ResponseWriter, r *http.Request) error {
	if err := a.AllowRead(r); err != nil {
		return err
	}
	var users [2]account.User
	for i, key := range []string{"name", "other"} {
		u, err := a.Accounts.UserByName(r.Context(), r.PathValue(key))
		if err != nil {
			return apierr.New(apierr.NotFound, "no player is named %q", r.PathValue(key))
		}
		users[i] = u
	}
	recs, err := a.Accounts.HeadToHead(r.Context(), users[0].ID, users[1].ID)
	if err != nil {
		return err
	}
	out := []RecordJSON{}
	var total RecordJSON
	for _, rec := range recs {
		out = append(out, RecordJSON{Game: rec.Game, Won: rec.Won, Lost: rec.Lost, Drawn: rec.Drawn, Rated: rec.RatedGames, Games: rec.Games})
		total.Won, total.Lost, total.Drawn = total.Won+rec.Won, total.Lost+rec.Lost, total.Drawn+rec.Drawn
		total.Rated, total.Games = total.Rated+rec.RatedGames, total.Games+rec.Games
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"player": users[0].Name, "opponent": users[1].Name, "games": out, "total": total})
	return nil
}
