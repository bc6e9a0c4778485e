package server

import (
	"context"

	"wyrm/game"
	"wyrm/server/bots"
	"wyrm/server/challenge"
	"wyrm/server/secret"
	"wyrm/server/table"
)

// challengeHost is the server's games as challenges need them
// (challenge.Games): every line that reaches into the sessions and the
// lobby on the challenges' behalf is in this file.
type challengeHost struct{ srv *Server }

// Game finds a game the server hosts by name.
func (h challengeHost) Game(name string) (game.Game, bool) {
	g, ok := h.srv.games[name]
	return g, ok
}

// Normalize checks a game's options as creating a game does.
func (h challengeHost) Normalize(name string, opts game.Options) (game.Game, game.Options, error) {
	return h.srv.normalize(name, opts)
}

// BotCheck refuses a game that begins with setup stages, which the bot API
// does not play.
func (h challengeHost) BotCheck(g game.Game, opts game.Options) error {
	if bots.StartsWithSetup(g, opts) {
		return bots.ErrSetup(g.Info().Title)
	}
	return nil
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

// openChallenges opens the challenges' hub in the server's database and
// gives the lobby its news of seeks and who is online; nothing without
// accounts (challenges are made by players, rated ones need accounts, and
// the accounts' database is theirs too).
func (srv *Server) openChallenges() error {
	if srv.accounts == nil {
		return nil
	}
	h, err := challenge.OpenHub(challenge.HubConfig{DB: srv.store, Games: challengeHost{srv}, Accounts: srv.accounts,
		Limits: srv.limits, Log: srv.log, Now: srv.now, Node: srv.node, MinClock: srv.minClock,
		Life: srv.life})
	if err != nil {
		return err
	}
	srv.hub = h
	srv.lobby.SetNews(h.WatchLobby)
	return nil
}

// closeChallenges ends this node's streams and their challenges. Close
// calls it once the server's goroutines have ended.
func (srv *Server) closeChallenges() {
	if srv.hub != nil {
		srv.hub.Close()
	}
}
