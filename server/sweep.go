package server

import (
	"time"

	"wyrm/server/account"
)

// ClosedSweepEvery is how often a node looks for closed accounts among
// the players of its games, at least: an account closed on another node
// of a cluster loses its seats here within it.
const ClosedSweepEvery = 5 * time.Second

// sweepClosed resigns, every ClosedSweepEvery (or every, when shorter),
// the seats that closed accounts hold in this node's games, until the
// server stops.
func (srv *Server) sweepClosed(a *account.Accounts, every time.Duration) {
	if every <= 0 || every > ClosedSweepEvery {
		every = ClosedSweepEvery
	}
	t := time.NewTicker(every)
	defer t.Stop()
	ctx := srv.life.Context()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if n, err := srv.hall.ResignClosed(ctx, a.ClosedAmong); err != nil {
			srv.log.Warn("closed accounts' seats", "err", err)
		} else if n > 0 {
			srv.log.Info("closed accounts' seats resigned", "seats", n)
		}
	}
}
