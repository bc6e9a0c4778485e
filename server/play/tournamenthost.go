package play

import (
	"context"
	"database/sql"
	"errors"

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
	_, err := h.srv.add(ctx, id, def, nil)
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

// Tournaments is the hall as tournaments see it (tournament.Games).
func (srv *Hall) Tournaments() tournament.Games { return tournamentHost{challengeHost{srv}} }
