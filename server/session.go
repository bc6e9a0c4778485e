package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"wyrm/game"
	"wyrm/server/store"
)

// Action kinds of the log.
const (
	actJoin        = "join"    // Data: token hash of the joining person
	actSetup       = "setup"   // Data: the seat's choice text
	actMove        = "move"    // Data: the move in MoveString notation
	actResign      = "resign"  //
	actDrawOffer   = "draw"    // a seat offers (or accepts) a draw
	actDrawDecline = "decline" // a seat declines the open offers
	actTimeout     = "timeout" // the seat's clock ran out
	actRematch     = "rematch" // Data: id of the new game
)

// ply is one played move as shown in the move list.
type ply struct {
	Seat int    `json:"seat"`
	Text string `json:"text"`
	SAN  string `json:"san,omitempty"`
	moveJSON
	AtMs int64 `json:"at"`
}

// session is one game in memory: its definition, its log and the state
// obtained by replaying the log. Every field below mu is guarded by it.
type session struct {
	srv     *Server
	id      string
	created int64
	def     Def
	g       game.Game

	mu        sync.Mutex
	log       []store.Action
	tokens    []string // token hash per seat, "" while an invited seat is free
	setup     game.Setup
	pos       game.Position
	start     string // position string when play began
	plies     []ply
	over      *game.Outcome // ended by the session (resign, time, agreement)
	out       []bool        // seats eliminated by resignation or time
	offers    map[int]bool
	remaining []int64 // clock per seat in ms at lastAt
	lastAt    int64
	clockOn   bool
	rematch   string
	subs      map[*client]struct{}
	thinking  bool
	timer     *time.Timer
	broken    error // replay failed; the game is read-only
}

// newSession builds a session from its definition and replays log.
func newSession(srv *Server, id string, created int64, def Def, log []store.Action) (*session, error) {
	g, ok := srv.games[def.Game]
	if !ok {
		return nil, fmt.Errorf("unknown game %q", def.Game)
	}
	// A stored definition may be damaged: check it as Create does, so that
	// replay never indexes past the seats the game really has.
	if _, n, err := srv.players(def.Game, def.Options); err != nil {
		return nil, err
	} else if err := def.check(g, n); err != nil {
		return nil, err
	}
	s := &session{srv: srv, id: id, created: created, def: def, g: g, subs: map[*client]struct{}{}}
	if err := s.reset(); err != nil {
		return nil, err
	}
	for _, a := range log {
		if err := s.apply(a); err != nil {
			s.broken = fmt.Errorf("replay of action %d (%s) failed: %w", a.Seq, a.Kind, err)
			break
		}
		s.log = append(s.log, a)
	}
	return s, nil
}

// reset sets the state to before the first action.
func (s *session) reset() error {
	n := len(s.def.Seats)
	s.log = nil
	s.tokens = make([]string, n)
	for i, seat := range s.def.Seats {
		s.tokens[i] = seat.TokenHash
	}
	s.setup, s.pos, s.start, s.plies, s.over = nil, nil, "", nil, nil
	s.out = make([]bool, n)
	s.offers = map[int]bool{}
	s.remaining = make([]int64, n)
	for i := range s.remaining {
		s.remaining[i] = s.def.Clock.InitialMs
	}
	s.lastAt, s.clockOn, s.rematch = 0, false, ""
	if sg, ok := s.g.(game.SetupGame); ok {
		st, err := sg.NewSetup(s.def.Options)
		if err != nil {
			return err
		}
		if st.Stage() != "" {
			s.setup = st
			return nil
		}
		return s.beginPlay(st.Position())
	}
	return s.beginPlay(s.g.Start(s.def.Options))
}

func (s *session) beginPlay(p game.Position, err error) error {
	if err != nil {
		return err
	}
	s.setup, s.pos, s.start = nil, p, p.String()
	return nil
}

// rebuild replays the in-memory log from scratch (after a failed save).
func (s *session) rebuild() {
	log := s.log
	if err := s.reset(); err != nil {
		s.broken = err
		return
	}
	for _, a := range log {
		if err := s.apply(a); err != nil {
			s.broken = err
			return
		}
		s.log = append(s.log, a)
	}
}

// outcome is the game's result so far.
func (s *session) outcome() game.Outcome {
	if s.over != nil {
		return *s.over
	}
	if s.pos != nil {
		return s.pos.Outcome()
	}
	return game.Outcome{}
}

// stage is "draft", "deploy"... during setup, "play", or "over".
func (s *session) stage() string {
	switch {
	case s.outcome().Over:
		return "over"
	case s.setup != nil:
		return s.setup.Stage()
	}
	return "play"
}

// toMove is the seat whose move is next in play, or NoPlayer.
func (s *session) toMove() game.Player {
	if s.pos == nil || s.outcome().Over {
		return game.NoPlayer
	}
	return s.pos.ToMove()
}

// waiting lists the seats that must act now.
func (s *session) waiting() []int {
	if s.outcome().Over {
		return nil
	}
	if s.setup != nil {
		var w []int
		for _, p := range s.setup.Waiting() {
			w = append(w, int(p))
		}
		return w
	}
	if p := s.toMove(); p != game.NoPlayer {
		return []int{int(p)}
	}
	return nil
}

// apply validates action a against the current state and applies it. On
// error nothing has changed.
func (s *session) apply(a store.Action) error {
	n := len(s.def.Seats)
	if a.Seat < 0 || a.Seat >= n {
		return fmt.Errorf("there is no seat %d", a.Seat+1)
	}
	over := s.outcome().Over
	switch a.Kind {
	case actJoin:
		if s.def.Seats[a.Seat].Kind != SeatInvite || s.tokens[a.Seat] != "" {
			return errors.New("this seat is already taken")
		}
		s.tokens[a.Seat] = a.Data
		return nil
	case actRematch:
		if !over {
			return errors.New("the game is not over yet")
		}
		if s.rematch != "" {
			return errors.New("a rematch already exists")
		}
		s.rematch = a.Data
		return nil
	}
	if over {
		return errors.New("the game is over")
	}
	if s.out[a.Seat] {
		return errors.New("this seat is out of the game")
	}
	switch a.Kind {
	case actSetup:
		if s.setup == nil {
			return errors.New("the game is past its setup")
		}
		if !slices.Contains(s.setup.Waiting(), game.Player(a.Seat)) {
			return errors.New("this seat has nothing to submit now")
		}
		if err := s.setup.Submit(game.Player(a.Seat), a.Data); err != nil {
			return err
		}
		if s.setup.Stage() == "" {
			p, err := s.setup.Position()
			if err != nil {
				return fmt.Errorf("setup finished but gave no position: %w", err)
			}
			s.pos, s.start, s.setup = p, p.String(), nil
			s.lastAt = a.AtMs
		}
		return nil
	case actMove:
		if s.pos == nil {
			return errors.New("the game has not started: setup comes first")
		}
		if int(s.pos.ToMove()) != a.Seat {
			return errors.New("it is not this seat's turn")
		}
		if s.clockOn && a.AtMs-s.lastAt >= s.remaining[a.Seat] {
			return errors.New("time is up")
		}
		m, err := s.pos.ParseMove(a.Data)
		if err != nil {
			return err
		}
		p := ply{Seat: a.Seat, Text: s.pos.MoveString(m), AtMs: a.AtMs}
		if sn, ok := s.pos.(game.SANer); ok {
			p.SAN = sn.SAN(m)
		}
		if v, ok := s.pos.(game.Viewer); ok {
			p.moveJSON = viewMove(v.DescribeMove(m))
		}
		s.tickClock(a.Seat, a.AtMs)
		s.pos.Play(m)
		s.plies = append(s.plies, p)
		clear(s.offers)
		return nil
	case actResign, actTimeout:
		if a.Kind == actTimeout {
			if !s.clockOn || int(s.toMove()) != a.Seat || a.AtMs-s.lastAt < s.remaining[a.Seat] {
				return errors.New("this seat's time is not up")
			}
		}
		reason := "resignation"
		if a.Kind == actTimeout {
			reason = "time"
		}
		s.leave(a.Seat, reason, a.AtMs)
		if a.Kind == actTimeout {
			s.remaining[a.Seat] = 0
		}
		return nil
	case actDrawOffer:
		if s.pos == nil {
			return errors.New("draws can be offered once play begins")
		}
		s.offers[a.Seat] = true
		for i := range n {
			if !s.out[i] && !s.offers[i] {
				return nil
			}
		}
		o := game.Drawn(n, "agreement")
		for i := range n {
			if s.out[i] {
				o.Results[i] = game.Eliminated
			}
		}
		s.stopClock(a.AtMs)
		s.over = &o
		return nil
	case actDrawDecline:
		if len(s.offers) == 0 {
			return errors.New("there is no draw offer to decline")
		}
		clear(s.offers)
		return nil
	}
	return fmt.Errorf("unknown action %q", a.Kind)
}

// leave takes seat out of the game (resignation or time). With two seats,
// or a game that cannot play on without a player, the game ends; games
// with an Eliminator play on among the others.
func (s *session) leave(seat int, reason string, at int64) {
	n := len(s.def.Seats)
	s.out[seat] = true
	var left []int
	for i := range n {
		if !s.out[i] {
			left = append(left, i)
		}
	}
	if el, ok := s.pos.(game.Eliminator); ok && len(left) > 1 && s.pos != nil {
		el.Eliminate(game.Player(seat))
		if s.clockOn {
			s.tickClock(-1, at)
		}
		return
	}
	o := game.Outcome{Over: true, Reason: reason}
	for i := range n {
		switch {
		case s.out[i]:
			o.Results[i] = game.Loss
		case len(left) == 1:
			o.Results[i] = game.Win
		default:
			o.Results[i] = game.Draw
		}
	}
	s.stopClock(at)
	s.over = &o
}

// tickClock charges the time since the last action to seat (none when -1)
// and adds the increment. Clocks start after the first move.
func (s *session) tickClock(seat int, at int64) {
	if s.def.Clock.InitialMs == 0 {
		return
	}
	if s.clockOn && seat >= 0 {
		s.remaining[seat] += s.def.Clock.IncrementMs - (at - s.lastAt)
	}
	if seat >= 0 {
		s.clockOn = true
	}
	s.lastAt = at
}

func (s *session) stopClock(at int64) {
	if s.clockOn {
		if p := s.toMove(); p != game.NoPlayer {
			s.remaining[p] = max(s.remaining[p]-(at-s.lastAt), 0)
		}
	}
	s.clockOn = false
	s.lastAt = at
}

// commit validates, applies and stores one action, then tells everyone.
// The caller holds s.mu. The action is on disk before commit returns nil.
func (s *session) commit(seat int, kind, data string) error {
	if s.broken != nil {
		return fmt.Errorf("this game cannot continue: %v", s.broken)
	}
	a := store.Action{Seq: len(s.log), AtMs: s.srv.now().UnixMilli(), Seat: seat, Kind: kind, Data: data}
	if kind == actMove && s.pos != nil {
		// Store the canonical notation whatever the client typed.
		if m, err := s.pos.ParseMove(data); err == nil {
			a.Data = s.pos.MoveString(m)
		}
	}
	if err := s.apply(a); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	err := s.srv.store.Append(ctx, s.id, a)
	s.srv.metrics.observeSave(time.Since(start))
	if err != nil {
		s.rebuild()
		s.srv.log.Error("save failed", "game", s.id, "err", err)
		return errors.New("the server could not save this action; nothing changed")
	}
	s.log = append(s.log, a)
	if kind == actMove {
		s.srv.metrics.moves.Add(1)
	}
	s.srv.log.Info("action", "game", s.id, "seq", a.Seq, "seat", seat, "kind", kind, "data", a.Data)
	s.changed()
	return nil
}

// changed broadcasts the new state and starts whatever must happen next:
// a computer's move or setup choice, or the clock's flag timer.
func (s *session) changed() {
	s.broadcast()
	s.schedule()
}

// schedule arms the flag timer and starts computer players. Caller holds mu.
func (s *session) schedule() {
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	if s.broken != nil || s.outcome().Over || s.srv.closing() {
		return
	}
	if p := s.toMove(); p != game.NoPlayer && s.clockOn {
		left := s.remaining[p] - (s.srv.now().UnixMilli() - s.lastAt)
		seq := len(s.log)
		s.timer = time.AfterFunc(time.Duration(max(left, 0)+5)*time.Millisecond, func() { s.flag(int(p), seq) })
	}
	if s.thinking {
		return
	}
	for _, w := range s.waiting() {
		seat := s.def.Seats[w]
		if seat.Kind != SeatComputer {
			continue
		}
		s.thinking = true
		seq := len(s.log)
		if s.setup != nil {
			var choice string
			var err error
			if adv, ok := s.setup.(SetupAdvisor); ok {
				choice, err = adv.Suggest(game.Player(w))
			} else {
				s.thinking = false
				s.srv.log.Warn("computer seat cannot set up: the game offers no suggestions", "game", s.id, "seat", w)
				continue
			}
			s.thinking = false
			if err != nil {
				s.srv.log.Error("setup suggestion failed", "game", s.id, "seat", w, "err", err)
				continue
			}
			// Commit after returning, so that the broadcast of this
			// change goes out before the computer's.
			s.srv.goSafe(func() { s.computerAct(w, seq, actSetup, choice) })
			return
		}
		pos := s.pos.Clone()
		level := seat.Level
		budget := s.srv.thinkTime(level)
		if s.clockOn {
			// Under a clock, spend about a thirtieth of what is left.
			left := time.Duration(s.remaining[w]-(s.srv.now().UnixMilli()-s.lastAt)) * time.Millisecond
			budget = max(min(budget, left/30+time.Duration(s.def.Clock.IncrementMs)*time.Millisecond/2), 20*time.Millisecond)
		}
		s.srv.goSafe(func() { s.think(w, seq, pos, level, budget) })
		return
	}
}

// think runs the engine for seat on its own copy of the position.
func (s *session) think(seat, seq int, pos game.Position, level int, budget time.Duration) {
	s.srv.metrics.thinking.Add(1)
	defer s.srv.metrics.thinking.Add(-1)
	ctx, cancel := context.WithTimeout(s.srv.ctx, budget)
	defer cancel()
	m, err := s.srv.engine.BestMove(ctx, pos, level)
	text := ""
	if err == nil {
		text = pos.MoveString(m)
	} else if !errors.Is(err, context.Canceled) {
		s.srv.log.Error("engine failed; playing a random move", "game", s.id, "err", err)
		if m, err = (RandomEngine{}).BestMove(ctx, pos, level); err == nil {
			text = pos.MoveString(m)
		}
	}
	if text == "" {
		s.mu.Lock()
		s.thinking = false
		s.mu.Unlock()
		return
	}
	s.computerAct(seat, seq, actMove, text)
}

// computerAct commits a computer's action if the game has not moved on.
func (s *session) computerAct(seat, seq int, kind, data string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.thinking = false
	if len(s.log) != seq || s.srv.closing() {
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
	if len(s.log) != seq {
		return
	}
	if err := s.commit(seat, actTimeout, ""); err != nil {
		s.srv.log.Debug("flag", "game", s.id, "err", err)
		s.schedule()
	}
}

// positionAt replays the log up to and including the n-th move (0: the
// start of play) and returns the position then.
func (s *session) positionAt(n int) (game.Position, error) {
	if n < 0 || n > len(s.plies) {
		return nil, fmt.Errorf("no move %d", n)
	}
	if s.pos == nil {
		return nil, errors.New("play has not begun")
	}
	r := &session{srv: s.srv, def: s.def, g: s.g}
	if err := r.reset(); err != nil {
		return nil, err
	}
	for _, a := range s.log {
		if r.pos != nil && len(r.plies) == n {
			break
		}
		if err := r.apply(a); err != nil {
			return nil, err
		}
	}
	return r.pos, nil
}

func (s *session) seatName(i int) string {
	seat := s.def.Seats[i]
	if seat.Kind == SeatComputer {
		return "Computer level " + strconv.Itoa(seat.Level)
	}
	return "Player " + strconv.Itoa(i+1)
}
