package play

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"wyrm/server/challenge"
	"wyrm/server/table"
	"wyrm/server/tournament"
)

// tournamentHost is the server's games as tournaments need them
// (tournament.Games): a challenge's host, and games started under ids the
// tournament chose, so that a director that fails between storing a
// pairing and starting its game starts the same game again, never two.
type tournamentHost struct{ challengeHost }

// StartAs stores and starts def as game id.
func (h tournamentHost) StartAs(ctx context.Context, id string, def table.Def) error {
	_, err := h.srv.add(ctx, id, def, nil, "")
	return err
}

// Exists reports whether game id is stored, on any node.
func (h tournamentHost) Exists(ctx context.Context, id string) (bool, error) {
	var one int
	err := h.srv.store.QueryRowContext(ctx, "SELECT 1 FROM games WHERE id = ?", id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// Outcome reads how game id ended from the store, whichever node holds
// it: what the finish hook told, for a director to recover an end whose
// telling was lost with a node. over is false while the game goes on.
func (h tournamentHost) Outcome(ctx context.Context, id string) (challenge.Finish, bool, error) {
	var raw string
	if err := h.srv.store.QueryRowContext(ctx, "SELECT def FROM games WHERE id = ?", id).Scan(&raw); err != nil {
		return challenge.Finish{}, false, err
	}
	var def table.Def
	if err := json.Unmarshal([]byte(raw), &def); err != nil {
		return challenge.Finish{}, false, err
	}
	g, ok := h.srv.games[def.Game]
	if !ok {
		return challenge.Finish{}, false, errNoGame
	}
	log, err := h.srv.store.Actions(ctx, id)
	if err != nil {
		return challenge.Finish{}, false, err
	}
	t, err := table.Replay(g, def, tableLog(log))
	if err != nil {
		return challenge.Finish{}, false, err
	}
	f, over := finishOf(id, g, t)
	return f, over, nil
}

// Tournaments is the hall as tournaments see it (tournament.Games).
func (srv *Hall) Tournaments() tournament.Games { return tournamentHost{challengeHost{srv}} }
