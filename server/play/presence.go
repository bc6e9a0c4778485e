package play

import (
	"time"

	"wyrm/game"
	"wyrm/server/apierr"
	"wyrm/server/table"
)

// Timeouts of a game's life, each settable in Config.
const (
	// DefaultClaimAfter is how long every opponent must have been gone
	// before a player may claim the game.
	DefaultClaimAfter = 60 * time.Second
	// DefaultAbsentAfter is how long a player of a three- or four-player
	// game may be gone on their turn before they are resigned, so that the
	// table plays on.
	DefaultAbsentAfter = 2 * time.Minute
	// DefaultFirstMoveTimeout is how long a game waits for a seat's first
	// move (or setup) before it is aborted: a game nobody started does not
	// stay "in progress" forever.
	DefaultFirstMoveTimeout = time.Hour
)

// presence is who is at the table: per seat, how many connections hold it
// and since when nobody has. Guarded by the session's mu.
type presence struct {
	conns     []int
	goneSince []int64 // ms; when the last connection holding the seat closed, or the game began
}

func newPresence(seats int, since int64) presence {
	p := presence{conns: make([]int, seats), goneSince: make([]int64, seats)}
	for i := range p.goneSince {
		p.goneSince[i] = since
	}
	return p
}

// present reports whether seat i is held by a connection, or is a
// computer (always at the table).
func (s *session) present(i int) bool {
	return s.t.Def.Seats[i].Kind == table.SeatComputer || s.pres.conns[i] > 0
}

// goneFor is how long seat i has been away at now (0 when present).
func (s *session) goneFor(i int, now int64) time.Duration {
	if s.present(i) {
		return 0
	}
	return time.Duration(now-s.pres.goneSince[i]) * time.Millisecond
}

// arrive and leave count the seats a connection holds. Caller holds s.mu.
func (s *session) arrive(seats []int) {
	for _, i := range seats {
		s.pres.conns[i]++
	}
}

func (s *session) depart(seats []int) {
	now := s.srv.now().UnixMilli()
	for _, i := range seats {
		if s.pres.conns[i]--; s.pres.conns[i] == 0 {
			s.pres.goneSince[i] = now
		}
	}
}

// checkClaim refuses a claim unless every other seat still in has been gone
// for the claim timeout. Caller holds s.mu.
func (s *session) checkClaim(seat int) error {
	now := s.srv.now().UnixMilli()
	others := 0
	for i := range s.t.Seats() {
		if i == seat || !s.t.In(i) {
			continue
		}
		others++
		if s.present(i) {
			return apierr.New(apierr.Conflict, "%s is still at the table", s.t.SeatName(i))
		}
		if gone := s.goneFor(i, now); gone < s.srv.claimAfter {
			return apierr.New(apierr.Conflict, "%s left %v ago; you may claim after %v", s.t.SeatName(i),
				gone.Round(time.Second), s.srv.claimAfter)
		}
	}
	if others == 0 {
		return apierr.New(apierr.Conflict, "there is no opponent to claim against")
	}
	return nil
}

// armLifeTimer sets the timer of whatever the game's life needs next: the
// abort of a game whose seat never made a first move, or the resignation
// of a player gone on their turn in a game of three or four. It is called
// whenever who is at the table changes, so it also tells the lobby when a
// game became idle or is open again. Caller holds s.mu.
func (s *session) armLifeTimer() {
	s.relist()
	if s.lifeTimer != nil {
		s.lifeTimer.Stop()
		s.lifeTimer = nil
	}
	t := s.t
	if s.broken != nil || t.Outcome().Over || s.off() {
		return
	}
	seq := len(t.Log)
	now := s.srv.now().UnixMilli()
	last := s.created
	if n := len(t.Log); n > 0 {
		last = t.Log[n-1].AtMs
	}
	var wait time.Duration
	var act func()
	if t.Abortable() {
		first := s.srv.firstMove
		if ms := t.Def.FirstMoveMs; ms > 0 {
			first = time.Duration(ms) * time.Millisecond // a tournament's no-show time
		}
		wait = first - time.Duration(now-last)*time.Millisecond
		// Read now, under the session's lock: the timer's goroutine holds
		// none, and lifeAct acts only if the log is still as it is now.
		actor := firstWaiting(t)
		act = func() { s.lifeAct(seq, actor, table.ActAbort, "timeout") }
	} else if tm := t.ToMove(); tm != game.NoPlayer && s.seatsIn() > 2 && t.Def.Seats[tm].Kind != table.SeatComputer {
		if s.present(int(tm)) {
			return // armed again when the seat's last connection closes
		}
		wait = s.srv.absentAfter - s.goneFor(int(tm), now)
		act = func() {
			s.mu.Lock()
			ok := !s.present(int(tm))
			s.mu.Unlock()
			if ok {
				s.lifeAct(seq, int(tm), table.ActAbandon, "")
			}
		}
	} else {
		return
	}
	s.lifeTimer = time.AfterFunc(max(wait, 0)+5*time.Millisecond, act)
}

// firstWaiting is the first seat that must act, the actor of an abort the
// server makes.
func firstWaiting(t *table.Table) int {
	if w := t.Waiting(); len(w) > 0 {
		return w[0]
	}
	return 0
}

// seatsIn counts the seats still in the game.
func (s *session) seatsIn() int {
	n := 0
	for i := range s.t.Seats() {
		if s.t.In(i) {
			n++
		}
	}
	return n
}

// lifeAct commits an action the server makes for the game's life, unless
// the game has moved on since it was planned.
func (s *session) lifeAct(seq, seat int, kind, data string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.t.Log) != seq || s.off() {
		return
	}
	if err := s.commit(seat, kind, data); err != nil {
		s.srv.log.Debug("game life", "game", s.id, "kind", kind, "err", err)
	}
}
