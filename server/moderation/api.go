package moderation

import (
	"context"
	"net/http"
	"time"

	"wyrm/server/account"
	"wyrm/server/chat"
	"wyrm/server/httpkit"
)

// Seats resigns a closed account's seats in the games under way.
type Seats interface {
	ResignAccount(user int64) int
}

// API serves the moderators' routes.
type API struct {
	Accounts *account.Accounts
	// Chat keeps the reports and the messages around them; nil: no chat.
	Chat *chat.Store
	// Seats resigns a closed account's games; Kick ends the open
	// connections of credentials just deleted (account.Watcher.Kick). Either
	// may be nil.
	Seats Seats
	Kick  func()
	// Queue lists the accounts fair play flagged; nil lists none.
	Queue func(ctx context.Context, n int) ([]Flag, error)
	// Limits are the server's; Now their clock.
	Limits *httpkit.Limiters
	Now    func() time.Time
}

// Routes registers the moderators' routes on mux, and a 404 for every
// other path under /api/mod/, which is what everyone else gets from the
// routes too.
func (a *API) Routes(mux *httpkit.Mux) {
	mux.HandleFunc("GET /api/mod/", http.NotFound)
	mux.HandleFunc("POST /api/mod/", http.NotFound)
	mux.HandleErr("GET /api/mod/reports", a.only(a.reports))
	mux.HandleErr("GET /api/mod/log", a.only(a.log))
	mux.HandleErr("GET /api/mod/accounts/{name}", a.only(a.account))
	mux.HandleErr("POST /api/mod/accounts/{name}/mute", a.only(a.mute))
	mux.HandleErr("POST /api/mod/accounts/{name}/close", a.only(a.close))
	mux.HandleErr("POST /api/mod/accounts/{name}/mark", a.only(a.mark))
}

// only lets moderators through, signed in with their password (not an
// API token), and answers everyone else a 404 like any other path under
// /api/mod/ that nothing serves. A moderator's request takes one of the
// client's reads, as a profile does.
func (a *API) only(h httpkit.Func) httpkit.Func {
	return func(w http.ResponseWriter, r *http.Request) error {
		u, ok := httpkit.UserOf(r)
		if !ok || u.Bearer {
			http.NotFound(w, r)
			return nil
		}
		on, err := a.Accounts.IsModerator(r.Context(), u.ID)
		if err != nil {
			return err
		}
		if !on {
			http.NotFound(w, r)
			return nil
		}
		// Limited only past the check, so that a refusal never tells
		// anyone else the route is there.
		if err := account.AllowRead(a.Limits, r, a.Now()); err != nil {
			return err
		}
		return h(w, r)
	}
}
