package account

import (
	"net/http"

	"wyrm/server/httpkit"
)

// settingsJSON are the account's settings, as the account page reads and
// changes them.
type settingsJSON struct {
	// RefuseStrangers refuses challenges from accounts the player has
	// never played (strangers.go).
	RefuseStrangers *bool `json:"refuseStrangers"`
}

// settings answers POST /api/account/settings ({"refuseStrangers": bool}):
// the fields sent are kept, and the settings answered. A program with the
// account's API token may change them too (a bot may refuse strangers);
// the rate is that of token changes.
func (a *API) settings(w http.ResponseWriter, r *http.Request) error {
	u, ok := httpkit.UserOf(r)
	if !ok {
		return ErrNotSignedIn
	}
	if err := a.allowTokens(r, u.ID); err != nil {
		return err
	}
	var req settingsJSON
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	if req.RefuseStrangers != nil {
		if err := a.Accounts.SetRefuseStrangers(r.Context(), u.ID, *req.RefuseStrangers); err != nil {
			return err
		}
	}
	on, err := a.Accounts.RefusesStrangers(r.Context(), u.ID)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, settingsJSON{RefuseStrangers: &on})
	return nil
}
