package moderation

import (
	"net/http"
	"time"

	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// The bounds of a mute.
const (
	MinMute = time.Minute
	MaxMute = 365 * 24 * time.Hour
)

// standingJSON is an account as moderators see it.
type standingJSON struct {
	Name       string `json:"name"`
	Created    int64  `json:"created"`
	Bot        bool   `json:"bot"`
	Moderator  bool   `json:"moderator"`
	MutedUntil int64  `json:"mutedUntil,omitempty"`
	Closed     int64  `json:"closed,omitempty"`
	ClosedBy   string `json:"closedBy,omitempty"`
	Mark       string `json:"mark,omitempty"`
}

func (a *API) standing(r *http.Request) (account.User, standingJSON, error) {
	u, st, err := a.Accounts.UserAnyByName(r.Context(), r.PathValue("name"))
	if err != nil {
		return u, standingJSON{}, err
	}
	j := standingJSON{Name: u.Name, Created: u.Created.UnixMilli(), Bot: u.Bot, Moderator: st.Moderator, ClosedBy: st.ClosedBy, Mark: st.Mark}
	if st.MutedUntil.After(a.Now()) {
		j.MutedUntil = st.MutedUntil.UnixMilli()
	}
	if !st.Closed.IsZero() {
		j.Closed = st.Closed.UnixMilli()
	}
	return u, j, nil
}

// account answers an account's standing, closed accounts too.
func (a *API) account(w http.ResponseWriter, r *http.Request) error {
	_, j, err := a.standing(r)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, j)
	return nil
}

// actor is the moderator of r with the reason given.
func actor(r *http.Request, reason string) account.Actor {
	u, _ := httpkit.UserOf(r)
	return account.Actor{Moderator: u.Name, Reason: reason}
}

// answer writes the account's standing after an action, with extra
// fields.
func (a *API) answer(w http.ResponseWriter, r *http.Request, extra map[string]any) error {
	_, j, err := a.standing(r)
	if err != nil {
		return err
	}
	extra["account"] = j
	httpkit.WriteJSON(w, http.StatusOK, extra)
	return nil
}

// mute answers POST .../mute ({"minutes", "reason"}): the account's chat
// is muted for that long (0 lifts a mute).
func (a *API) mute(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Minutes int64  `json:"minutes"`
		Reason  string `json:"reason"`
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	d := time.Duration(req.Minutes) * time.Minute
	if req.Minutes != 0 && (d < MinMute || d > MaxMute) {
		return apierr.New(apierr.Invalid, "a mute lasts from 1 minute to %d days (0 lifts it)", int(MaxMute.Hours()/24))
	}
	u, j, err := a.standing(r)
	if err != nil {
		return err
	}
	if j.Closed != 0 {
		return account.ErrClosed
	}
	if err := a.Accounts.Mute(r.Context(), u, a.Now().Add(d), actor(r, req.Reason)); err != nil {
		return err
	}
	return a.answer(w, r, map[string]any{})
}

// close answers POST .../close ({"reason"}): the account is closed, its
// connections end and its seats in games under way resign.
func (a *API) close(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Reason string `json:"reason"`
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	u, _, err := a.standing(r)
	if err != nil {
		return err
	}
	if me, _ := httpkit.UserOf(r); me.ID == u.ID {
		return apierr.New(apierr.Conflict, "a moderator does not close their own account here")
	}
	if err := a.Accounts.CloseAccount(r.Context(), u, actor(r, req.Reason)); err != nil {
		return err
	}
	if a.Kick != nil {
		a.Kick()
	}
	resigned := 0
	if a.Seats != nil {
		resigned = a.Seats.ResignAccount(u.ID)
	}
	return a.answer(w, r, map[string]any{"resigned": resigned})
}

// mark answers POST .../mark ({"mark", "reason"}): "cheat" or "booster"
// marks the account and refunds its rated opponents (account.Mark); ""
// takes the mark away.
func (a *API) mark(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Mark   string `json:"mark"`
		Reason string `json:"reason"`
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	u, _, err := a.standing(r)
	if err != nil {
		return err
	}
	refunds, err := a.Accounts.Mark(r.Context(), u, req.Mark, actor(r, req.Reason))
	if err != nil {
		return err
	}
	total := 0.0
	for _, f := range refunds {
		total += f.Points
	}
	return a.answer(w, r, map[string]any{"refunds": len(refunds), "points": total})
}

// logJSON is one entry of the moderators' log.
type logJSON struct {
	At        int64  `json:"at"`
	Moderator string `json:"moderator"`
	Action    string `json:"action"`
	Target    string `json:"target"`
	Reason    string `json:"reason"`
	Detail    string `json:"detail,omitempty"`
}

// LogLen is how many of the latest entries the log page shows.
const LogLen = 200

// log answers the latest entries of the moderators' log.
func (a *API) log(w http.ResponseWriter, r *http.Request) error {
	entries, err := a.Accounts.ModLog(r.Context(), LogLen)
	if err != nil {
		return err
	}
	out := make([]logJSON, len(entries))
	for i, e := range entries {
		out[i] = logJSON{At: e.At.UnixMilli(), Moderator: e.Moderator, Action: e.Action, Target: e.Target, Reason: e.Reason, Detail: e.Detail}
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"log": out})
	return nil
}
