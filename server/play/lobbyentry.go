package play

import (
	"wyrm/server/lobby"
	"wyrm/server/table"
)

// entry builds s's lobby entry. Caller holds s.mu.
func (s *session) entry() lobby.Entry {
	t := s.t
	info := s.g.Info()
	e := lobby.Entry{ID: s.id, Game: info.Name, Title: info.Title, Created: s.created, Stage: t.Stage(),
		Plies: len(t.Plies), Open: []int{}, Seats: s.seats(t.Waiting()), Winner: -1, Version: len(t.Log),
		Users: append([]int64(nil), t.Users...), Options: t.Def.Options, Started: s.created, Spectators: s.spectators}
	if len(t.Plies) > 0 {
		e.Started = t.Plies[0].AtMs
	}
	for i := range t.Seats() {
		e.Names = append(e.Names, t.SeatName(i))
	}
	// Only open challenges invite strangers; a private invitation's seat
	// is for the holder of its link.
	for i, seat := range t.Def.Seats {
		if (seat.Kind == table.SeatOpen || (seat.Kind == table.SeatInvite && seat.InviteHash == "")) && t.Tokens[i] == "" {
			e.Open = append(e.Open, i)
		}
	}
	o := t.Outcome()
	switch {
	case o.Over:
		e.List, e.Result, e.Winner, e.Aborted = lobby.Finished, string(o.Reason), int(o.Winner()), aborted(o)
	case len(e.Open) > 0:
		e.List = lobby.Open
	default:
		e.List, e.IdleSince = lobby.Playing, s.idleSince()
	}
	return e
}

// idleSince is when the last player left an untimed game against the
// computer that no player holds now (ms), 0 when the game is not such a
// game or someone is at it: the lobby stops listing it once it has been
// idle a while. Caller holds s.mu.
func (s *session) idleSince() int64 {
	t := s.t
	if c := t.Def.Clock; c.Initial > 0 || c.Days > 0 {
		return 0 // a clock ends an abandoned game by itself
	}
	var since int64
	computer := false
	for i, seat := range t.Def.Seats {
		switch {
		case seat.Kind == table.SeatComputer:
			computer = true
		case s.present(i):
			return 0
		default:
			since = max(since, s.pres.goneSince[i])
		}
	}
	if !computer {
		return 0
	}
	return since
}

// relist updates the lobby's entry when who is at the table changed
// whether the game counts as idle. Caller holds s.mu.
func (s *session) relist() {
	if s.t.Outcome().Over || s.off() {
		return
	}
	if s.idleSince() != s.listedIdle {
		s.updateLobby()
	}
}

// updateLobby records s's entry in the lobby and, in a cluster, publishes
// it to the other nodes' lobbies (clusterhost.go). Caller holds s.mu.
func (s *session) updateLobby() {
	e := s.entry()
	s.listedIdle = e.IdleSince
	s.srv.publish(s, e)
	s.srv.lobby.Set(e)
}
