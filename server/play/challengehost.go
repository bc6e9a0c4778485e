package play

import (
	"context"

	"wyrm/game"
	"wyrm/server/challenge"
	"wyrm/server/secret"
	"wyrm/server/table"
)

// challengeHost is the server's games as challenges need them
// (challenge.Games): every line that reaches into the sessions and the
// lobby on the challenges' behalf is in this file.
type challengeHost struct{ srv *Hall }

// Game finds a game the server hosts by name.
func (h challengeHost) Game(name string) (game.Game, bool) {
	g, ok := h.srv.games[name]
	return g, ok
}

// Normalize checks a game's options as creating a game does.
func (h challengeHost) Normalize(name string, opts game.Options) (game.Game, game.Options, error) {
	return h.srv.normalize(name, opts)
}

// Start stores and starts a challenge's game as any other, holding none of
// a creator's limits.
func (h challengeHost) Start(ctx context.Context, def table.Def) (string, error) {
	id := secret.ID()
	if _, err := h.srv.add(ctx, id, def, nil); err != nil {
		return "", err
	}
	return id, nil
}

// Challenges is the hall as the challenges see it (challenge.Games).
func (srv *Hall) Challenges() challenge.Games { return challengeHost{srv} }
