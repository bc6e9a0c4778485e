package server

import (
	"context"
	"fmt"

	"wyrm/server/computer"
	"wyrm/server/fairplay"
	"wyrm/server/moderation"
)

// startFairPlay opens the fair play figures and starts the node's
// analysis of rated games, when the server has accounts and an engine
// that scores positions (not the random player of tests).
func (srv *Server) startFairPlay(cfg Config) error {
	if cfg.Accounts == nil {
		return nil
	}
	e, ok := srv.hall.Engine().(fairplay.Engine)
	inner := srv.hall.Engine()
	if s, isScheduled := inner.(*computer.Scheduled); isScheduled {
		inner = s.Engine()
	}
	if _, scores := inner.(computer.Scorer); !ok || !scores {
		return nil
	}
	st, err := fairplay.Open(context.Background(), cfg.Store)
	if err != nil {
		return fmt.Errorf("fair play: %w", err)
	}
	srv.fairplay = st
	a := fairplay.New(fairplay.Config{Engine: e, Store: st, Log: srv.log})
	srv.analyser = a
	srv.life.Go(func() { a.Run(srv.life.Context()) })
	return nil
}

// analyse queues a rated game for the fair play analysis (play's hook).
func (srv *Server) analyse(j fairplay.Job) bool {
	if srv.analyser == nil {
		return false
	}
	return srv.analyser.Enqueue(j)
}

// flags are the accounts fair play flags, for the moderators' queue.
func (srv *Server) flags(ctx context.Context, n int) ([]moderation.Flag, error) {
	if srv.fairplay == nil {
		return nil, nil
	}
	fs, err := srv.fairplay.Flags(ctx, n, func(ctx context.Context, id int64) (string, string, bool) {
		u, err := srv.accounts.UserByID(ctx, id)
		return u.Name, u.Mark, err == nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]moderation.Flag, len(fs))
	for i, f := range fs {
		out[i] = moderation.Flag{Name: f.Name, Game: f.Game, Speed: f.Speed, Rating: f.Rating, Games: f.Games,
			Match: f.Match(), Norm: f.Norm, Loss: f.Loss(), MoveMs: f.MoveMs()}
	}
	return out, nil
}
