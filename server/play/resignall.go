package play

import "wyrm/server/table"

// ResignAccount resigns every seat user holds in the unfinished games this
// node runs, and returns how many seats resigned: a moderator closed the
// account, and its opponents should not wait for it. Games another node
// of a cluster runs are that node's (docs/security.md, "Moderation").
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
