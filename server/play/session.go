package play

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"sync"
	"time"

	"wyrm/game"
	"wyrm/server/apierr"
	"wyrm/server/computer"
	"wyrm/server/store"
	"wyrm/server/table"
)

// session is one game in memory: its table (definition, log, state), the
// clients watching it, and whatever runs on its behalf (computer players,
// the flag timer). Every field below mu is guarded by it.
type session struct {
	srv     *Hall
	id      string
	created int64
	g       game.Game
	// chatMu orders a game's chat messages (chathost.go); it is never taken
	// while holding mu.
	chatMu sync.Mutex

	mu       sync.Mutex
	t        *table.Table
	subs     map[*client]struct{}
	thinking bool
	timer    *time.Timer
	// lifeTimer aborts a game nobody started or resigns an absent player.
	lifeTimer *time.Timer
	// listedIdle is the IdleSince of the lobby entry last set (relist).
	listedIdle int64
	pres       presence
	answering  bool   // a computer is weighing a draw offer
	broken     error  // replay failed; the game is read-only
	release    func() // gives back the creator's limits once the game is over
	client     string // the creator's client, "" when not known (restored, handed over)
	moved      bool   // another node owns the game now (clusterhost.go)
	// bots are the bot API's game streams open on the game (botstream.go).
	bots map[*botWatcher]struct{}
	// players are the seats' accounts as players see them (players.go);
	// nil until they are read.
	players []player
	// spectators is the count of people watching last announced, and
	// specTimer the announcement pending (spectators.go).
	spectators int
	specTimer  *time.Timer
}

// newSession builds a session from its definition and replays log.
func newSession(srv *Hall, id string, created int64, def table.Def, log []store.Action) (*session, error) {
	g, ok := srv.games[def.Game]
	if !ok {
		return nil, apierr.New(apierr.Invalid, "unknown game %q", def.Game)
	}
	t, err := table.Replay(g, def, tableLog(log))
	var re *table.ReplayError
	s := &session{srv: srv, id: id, created: created, g: g, t: t, subs: map[*client]struct{}{}}
	if t != nil {
		s.pres = newPresence(t.Seats(), srv.now().UnixMilli())
		s.readPlayers()
	}
	switch {
	case errors.As(err, &re):
		s.broken = err
	case err != nil:
		return nil, err
	}
	return s, nil
}

func tableLog(log []store.Action) []table.Action {
	out := make([]table.Action, len(log))
	for i, a := range log {
		out[i] = table.Action{Seq: a.Seq, AtMs: a.AtMs, Seat: a.Seat, Kind: a.Kind, Data: a.Data}
	}
	return out
}

// commit validates, applies and stores one action, then tells everyone.
// The caller holds s.mu. The action is on disk before commit returns nil.
func (s *session) commit(seat int, kind, data string) error {
	if s.broken != nil {
		return apierr.New(apierr.Conflict, "this game cannot continue: %v", s.broken)
	}
	users, wasOver := slices.Clone(s.t.Users), s.t.Outcome().Over
	a := s.t.Canonical(table.Action{Seq: len(s.t.Log), AtMs: s.srv.now().UnixMilli(), Seat: seat, Kind: kind, Data: data})
	if err := s.t.Apply(a); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	err := s.srv.appendAction(ctx, s, store.Action{Seq: a.Seq, AtMs: a.AtMs, Seat: a.Seat, Kind: a.Kind, Data: a.Data})
	s.srv.metrics.ObserveSave(time.Since(start))
	if err != nil {
		s.srv.log.Error("save failed", "game", s.id, "err", err)
		s.rebuild(s.t.Log[:len(s.t.Log)-1])
		return saveFailed(err)
	}
	if kind == table.ActMove {
		s.srv.metrics.Moves.Add(1)
	}
	if s.release != nil && s.t.Outcome().Over {
		s.release()
		s.release = nil
	}
	if !slices.Equal(users, s.t.Users) {
		s.readPlayers()
	}
	if s.t.Outcome().Over && !wasOver {
		s.recordResult()
		s.tellFinished()
	}
	s.srv.log.Info("action", "game", s.id, "seq", a.Seq, "seat", seat, "kind", kind, "data", a.Data)
	s.changed()
	return nil
}

// rebuild replays log from scratch, dropping an action that could not be
// saved.
func (s *session) rebuild(log []table.Action) {
	t, err := table.Replay(s.g, s.t.Def, log)
	if err != nil {
		s.broken = err
	}
	if t != nil {
		s.t = t
	}
}

// changed broadcasts the new state and starts whatever must happen next:
// a computer's move or setup choice, or the clock's flag timer.
func (s *session) changed() {
	s.broadcast()
	s.updateLobby()
	s.schedule()
}

// schedule arms the flag timer and starts computer players. Caller holds mu.
func (s *session) schedule() {
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	t := s.t
	s.armLifeTimer()
	if s.broken != nil || t.Outcome().Over || s.off() {
		return
	}
	now := s.srv.now().UnixMilli()
	if p := t.ToMove(); p != game.NoPlayer && t.Clock.Running {
		left := t.Clock.Left(int(p), time.UnixMilli(now))
		seq := len(t.Log)
		s.timer = time.AfterFunc(max(left, 0)+5*time.Millisecond, func() { s.flag(int(p), seq) })
	}
	s.answerForComputers()
	if s.thinking {
		return
	}
	for _, w := range t.Waiting() {
		seat := t.Def.Seats[w]
		if seat.Kind != table.SeatComputer {
			continue
		}
		seq := len(t.Log)
		if t.Setup != nil {
			choice, err := t.Setup.Suggest(game.Player(w))
			if err != nil {
				s.srv.log.Error("setup suggestion failed", "game", s.id, "seat", w, "err", err)
				continue
			}
			// Commit after returning, so that the broadcast of this
			// change goes out before the computer's.
			s.thinking = true
			s.srv.life.Go(func() { s.computerAct(w, seq, table.ActSetup, choice) })
			return
		}
		s.thinking = true
		pos := t.Pos.Clone()
		level := seat.Level
		budget := s.srv.think(level)
		// The move must come before the seat's flag falls (with a margin
		// for saving it), however long it waits for a searcher; untimed, a
		// wait has a bound of its own and is then tried again.
		wait := maxSearchWait
		if t.Clock.Running {
			left := t.Clock.Left(w, time.UnixMilli(now))
			// Under a clock, spend about a thirtieth of what is left.
			budget = max(min(budget, left/30+t.Clock.Increment/2), 20*time.Millisecond)
			wait = max(left-flagMargin, time.Millisecond)
		}
		tk := s.ticket()
		s.srv.life.Go(func() { s.think(tk, w, seq, pos, level, budget, wait) })
		return
	}
}

// answerForComputers lets computer seats answer what people ask of them: a
// takeback is granted (games against the computer are casual), a draw
// offer is weighed by a short search. Caller holds s.mu.
func (s *session) answerForComputers() {
	t := s.t
	if t.Pos == nil || t.Outcome().Over {
		return
	}
	seq := len(t.Log)
	for i, seat := range t.Def.Seats {
		if seat.Kind != table.SeatComputer || !t.In(i) {
			continue
		}
		if t.Takeback >= 0 && !t.TakebackYes[i] {
			s.srv.life.Go(func() { s.lifeAct(seq, i, table.ActTakeback, "") })
			return
		}
		if slices.Contains(t.Offers, true) && !t.Offers[i] && !s.answering {
			s.answering = true
			pos, level, tk := t.Pos.Clone(), seat.Level, s.ticket()
			s.srv.life.Go(func() { s.weighDraw(tk, seq, i, pos, level) })
			return
		}
	}
}

// drawWeighTime is how long a computer thinks about a draw offer.
const drawWeighTime = 300 * time.Millisecond

// weighDraw accepts a draw offer for a computer seat that is not better,
// and declines it otherwise.
func (s *session) weighDraw(tk computer.Ticket, seq, seat int, pos game.Position, level int) {
	accept := false
	if sc, ok := s.srv.engine.(computer.Scorer); ok {
		ctx, cancel := context.WithTimeout(computer.WithTicket(s.srv.life.Context(), tk), 5*time.Second)
		score, err := sc.Score(ctx, pos, game.Player(seat), level, drawWeighTime)
		cancel()
		accept = err == nil && score <= 0
	}
	s.mu.Lock()
	s.answering = false
	s.mu.Unlock()
	kind := table.ActDrawDecline
	if accept {
		kind = table.ActDrawOffer
	}
	s.lifeAct(seq, seat, kind, "")
}

// ticket is whose turn this game's computer seats take among the node's
// searchers (computer.Scheduled): its creator's client, or the game
// itself when that is not known; a game with a seat that is not a
// computer's goes before games of computers alone. Caller holds s.mu.
func (s *session) ticket() computer.Ticket {
	tk := computer.Ticket{Client: s.client, Class: computer.ComputerOnly}
	if tk.Client == "" {
		tk.Client = "game:" + s.id
	}
	for _, seat := range s.t.Def.Seats {
		if seat.Kind != table.SeatComputer {
			tk.Class = computer.WithPerson
		}
	}
	return tk
}

// Bounds of a computer's wait for a searcher.
const (
	// maxSearchWait is how long an untimed computer waits in line before
	// its turn is scheduled again.
	maxSearchWait = time.Minute
	// flagMargin is the time kept back from a computer's clock for saving
	// and sending its move.
	flagMargin = 100 * time.Millisecond
)

// think runs the engine for seat on its own copy of the position: it waits
// at most wait for a searcher, then thinks for budget. A busy engine never
// makes the computer play at random: under a clock it waits as long as its
// time allows (and loses on time if it must), untimed it tries again.
func (s *session) think(tk computer.Ticket, seat, seq int, pos game.Position, level int, budget, wait time.Duration) {
	s.srv.metrics.Thinking.Add(1)
	defer s.srv.metrics.Thinking.Add(-1)
	ctx, cancel := context.WithTimeout(computer.WithTicket(s.srv.life.Context(), tk), wait)
	defer cancel()
	start := time.Now()
	m, err := s.srv.engine.BestMove(ctx, pos, level, budget)
	s.srv.metrics.ObserveSearch(time.Since(start))
	if err != nil {
		if errors.Is(err, computer.ErrBusy) {
			s.srv.metrics.SearchBusy.Add(1)
		}
		if !errors.Is(err, context.Canceled) && s.srv.life.Context().Err() == nil {
			s.srv.log.Warn("computer found no move", "game", s.id, "seat", seat, "err", err)
		}
		s.mu.Lock()
		s.thinking = false
		// Untimed, the computer waits in line again; under a clock its
		// time is up by now and the flag timer ends the game.
		if errors.Is(err, computer.ErrBusy) && len(s.t.Log) == seq && !s.t.Clock.Running && !s.off() {
			s.schedule()
		}
		s.mu.Unlock()
		return
	}
	s.computerAct(seat, seq, table.ActMove, pos.MoveString(m))
}

// computerAct commits a computer's action if the game has not moved on.
func (s *session) computerAct(seat, seq int, kind, data string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.thinking = false
	if len(s.t.Log) != seq || s.off() {
		s.schedule()
		return
	}
	if err := s.commit(seat, kind, data); err != nil {
		s.srv.log.Error("computer action refused", "game", s.id, "seat", seat, "kind", kind, "data", data, "err", err)
	}
}

// flag ends seat's game on time if its clock has really run out.
func (s *session) flag(seat, seq int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.t.Log) != seq {
		return
	}
	if err := s.commit(seat, table.ActTimeout, ""); err != nil {
		s.srv.log.Debug("flag", "game", s.id, "err", err)
		s.schedule()
	}
}

// playerName says who plays seat i: a computer's level, the account's
// name, "Guest" for a seat taken without one, or the seat's number while
// nobody has taken it.
func (s *session) playerName(i int) string {
	seat := s.t.Def.Seats[i]
	switch {
	case seat.Kind == table.SeatComputer:
		return "Computer level " + strconv.Itoa(seat.Level)
	case i < len(s.players) && s.players[i].name != "":
		return s.players[i].name
	case s.t.Tokens[i] != "":
		return "Guest"
	}
	return "Player " + strconv.Itoa(i+1)
}
