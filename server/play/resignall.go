package play

import (
	"context"

	"wyrm/server/table"
)

// ResignAccount resigns every seat user holds in the unfinished games this
// node runs, and returns how many seats resigned: a moderator closed the
// account, and its opponents should not wait for it. Games another node
// of a cluster runs are resigned by that node's sweep (ResignClosed).
func (srv *Hall) ResignAccount(user int64) int {
	n := 0
	for _, e := range srv.lobby.Playing(user) {
		s := srv.session(e.ID)
		if s == nil {
			continue
		}
		s.mu.Lock()
		for _, i := range seatsOf(s.t, user) {
			if !s.t.Outcome().Over && s.t.In(i) && s.commit(i, table.ActResign, "") == nil {
				n++
			}
		}
		s.mu.Unlock()
	}
	return n
}

// ResignClosed resigns the seats of closed accounts in the unfinished
// games this node runs: an account closed on another node of a cluster
// (or before a restart) has its seats here resigned by the node's next
// sweep. closed tells which of the accounts are closed. It returns how
// many seats resigned.
func (srv *Hall) ResignClosed(ctx context.Context, closed func(ctx context.Context, ids []int64) ([]int64, error)) (int, error) {
	srv.mu.Lock()
	sessions := make([]*session, 0, len(srv.sessions))
	for _, s := range srv.sessions {
		sessions = append(sessions, s)
	}
	srv.mu.Unlock()
	seen := map[int64]bool{}
	var ids []int64
	for _, s := range sessions {
		s.mu.Lock()
		if !s.t.Outcome().Over {
			for _, u := range s.t.Users {
				if u != 0 && !seen[u] {
					seen[u] = true
					ids = append(ids, u)
				}
			}
		}
		s.mu.Unlock()
	}
	if len(ids) == 0 {
		return 0, nil
	}
	gone, err := closed(ctx, ids)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, u := range gone {
		n += srv.ResignAccount(u)
	}
	return n, nil
}
