package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"wyrm/server/secret"
	"wyrm/server/store"
	"wyrm/server/table"
)

// Tick is one pass of this node's director: it lists the events of the
// events file that come close, takes the lease of every tournament due to
// start or running whose director is this node or has gone (its lease
// lapsed), and moves each on: starting it, starting the games paired but
// not yet started, pairing the players who wait, finishing it. The service
// runs it every Config.Every; tests call it to run one at once.
func (s *Service) Tick(ctx context.Context) {
	s.tickMu.Lock()
	defer s.tickMu.Unlock()
	s.schedule(ctx)
	ids, err := s.st.lease(ctx, s.node, s.now(), s.leaseTTL)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("taking tournament leases", "err", err)
		}
		return
	}
	for _, id := range ids {
		if err := s.direct(ctx, id); err != nil && ctx.Err() == nil {
			s.log.Warn("directing a tournament", "tournament", id, "err", err)
		}
	}
}

// lease takes or renews, for node, the lease of every tournament that needs
// a director now (started, or due to start), where the lease is node's or
// has lapsed, and returns their ids.
func (s *Store) lease(ctx context.Context, node string, now time.Time, ttl time.Duration) ([]string, error) {
	nowMs := now.UnixMilli()
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM tournaments WHERE (status = ? OR (status = ? AND starts_ms <= ?))
		AND (director = ? OR lease_ms < ?) ORDER BY starts_ms, id`, Started, Created, nowMs, node, nowMs)
	if err != nil {
		return nil, internal("find tournaments to direct", err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, internal("find tournaments to direct", err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	var mine []string
	for _, id := range ids {
		// The condition again, so that of two nodes taking a lapsed lease
		// at once only one succeeds.
		res, err := s.db.ExecContext(ctx, `UPDATE tournaments SET director = ?, lease_ms = ?
			WHERE id = ? AND status <> ? AND (director = ? OR lease_ms < ?)`, node, nowMs+ttl.Milliseconds(), id, Finished, node, nowMs)
		if err != nil {
			return nil, internal("take a tournament's lease", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			mine = append(mine, id)
		}
	}
	return mine, nil
}

// direct moves tournament id on, under this node's lease.
func (s *Service) direct(ctx context.Context, id string) error {
	t, err := s.st.Get(ctx, id)
	if err != nil {
		return err
	}
	if t.Director != s.node {
		return nil
	}
	if err := s.startPending(ctx, t); err != nil {
		return err
	}
	now := s.now()
	s.recoverEnds(ctx, t, now)
	if t.Status == Created {
		if t, err = s.st.begin(ctx, t.ID, now); err != nil {
			return err
		}
		s.announceStart(ctx, t)
	}
	switch t.Kind {
	case Arena:
		return s.directArena(ctx, t, now)
	case Swiss:
		return s.directSwiss(ctx, t, now)
	}
	return nil
}

// begin starts a tournament: an arena's end is set from now.
func (s *Store) begin(ctx context.Context, id string, now time.Time) (Tournament, error) {
	var t Tournament
	err := s.inTx(ctx, id, func(tx *store.Tx) error {
		var err error
		if t, err = getTournament(ctx, tx, id); err != nil || t.Status != Created {
			return err
		}
		t.Status = Started
		if t.Kind == Arena {
			t.EndsMs = now.Add(time.Duration(t.Minutes) * time.Minute).UnixMilli()
		}
		// Arena players wait from the start, so that the longest waiting
		// are paired first.
		if _, err := tx.ExecContext(ctx, "UPDATE tournament_players SET free_ms = ? WHERE tournament_id = ?", now.UnixMilli(), id); err != nil {
			return internal("start", err)
		}
		_, err = tx.ExecContext(ctx, "UPDATE tournaments SET status = ?, ends_ms = ? WHERE id = ?", Started, t.EndsMs, id)
		return internal("start", err)
	})
	return t, err
}

// announceStart tells the tournament's players that it has started.
func (s *Service) announceStart(ctx context.Context, t Tournament) {
	if s.announce == nil {
		return
	}
	ps, err := s.st.Players(ctx, t.ID)
	if err != nil {
		s.log.Warn("telling of a tournament's start", "tournament", t.ID, "err", err)
		return
	}
	var users []int64
	for _, p := range ps {
		if p.State != Withdrawn {
			users = append(users, p.UserID)
		}
	}
	if len(users) == 0 {
		return
	}
	msg := map[string]any{"type": "tournamentStart", "tournament": map[string]any{"id": t.ID, "name": t.Name, "kind": t.Kind, "game": t.Game}}
	if err := s.announce.Tell(ctx, users, msg); err != nil {
		s.log.Warn("telling of a tournament's start", "tournament", t.ID, "err", err)
	}
}

// finish ends a tournament that node directs.
func (s *Store) finish(ctx context.Context, id, node string, now time.Time) error {
	_, err := s.db.ExecContext(ctx, "UPDATE tournaments SET status = ?, finished_ms = ?, director = '', lease_ms = 0 WHERE id = ? AND status = ? AND director = ?",
		Finished, now.UnixMilli(), id, Started, node)
	return internal("finish", err)
}

// pairing is one game to store and start: its seats' accounts.
type pairing struct {
	users   []int64
	berserk []bool
}

// addGames stores the games of pairings (and Swiss byes, games of one seat
// over at once) for round of tournament t, each with a new id and its
// seats' tokens, before any starts; update, if set, changes more in the
// same transaction. It returns the games stored.
func (s *Service) addGames(ctx context.Context, t Tournament, round int, ps []pairing, update func(*store.Tx) error) ([]Game, error) {
	now := s.now().UnixMilli()
	var out []Game
	for _, p := range ps {
		g := Game{ID: secret.ID(), Round: round, Users: p.users, Berserk: p.berserk, Status: gameNew, StartedMs: now}
		if g.Berserk == nil {
			g.Berserk = make([]bool, len(p.users))
		}
		for range p.users {
			tok, _ := secret.New()
			g.Tokens = append(g.Tokens, tok)
		}
		if len(p.users) == 1 {
			g.ID = "bye-" + g.ID
			g.Status, g.Placings, g.Points, g.Reason, g.EndedMs, g.Tokens = gameOver, []int{1}, []int{2}, "bye", now, []string{""}
		}
		out = append(out, g)
	}
	err := s.st.inTx(ctx, t.ID, func(tx *store.Tx) error {
		cur, err := getTournament(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		if cur.Director != s.node || cur.Status != Started {
			return errLostLease
		}
		for _, g := range out {
			if err := insertGame(ctx, tx, t.ID, g); err != nil {
				return err
			}
		}
		if update != nil {
			return update(tx)
		}
		return nil
	})
	return out, err
}

// errLostLease stops a director that finds another node directing.
var errLostLease = errors.New("tournament: another node directs it now")

// startPending starts every stored game of t not yet known to be started:
// those just paired, and those a director that failed had stored.
func (s *Service) startPending(ctx context.Context, t Tournament) error {
	rows, err := s.st.db.QueryContext(ctx, "SELECT "+gameCols+" FROM tournament_games WHERE tournament_id = ? AND status = ?", t.ID, gameNew)
	if err != nil {
		return internal("read new games", err)
	}
	var pending []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return internal("read new games", err)
		}
		pending = append(pending, g)
	}
	rows.Close()
	for _, g := range pending {
		if err := s.startGame(ctx, t, g); err != nil {
			return err
		}
	}
	return nil
}

// startGame starts a stored game (unless it was started already), marks it
// playing and tells its players.
func (s *Service) startGame(ctx context.Context, t Tournament, g Game) error {
	exists, err := s.games.Exists(ctx, g.ID)
	if err != nil {
		return err
	}
	if !exists {
		def := table.Def{Game: t.Game, Options: t.Options, Clock: t.Clock, Rated: t.Rated, FirstMoveMs: t.Terms.NoShowMs}
		if pickBerserk(g.Berserk) {
			def.Berserk = g.Berserk
		}
		for i, u := range g.Users {
			def.Seats = append(def.Seats, table.Seat{Kind: table.SeatLocal, TokenHash: secret.Hash(g.Tokens[i]), UserID: u})
		}
		if err := s.games.StartAs(ctx, g.ID, def); err != nil {
			return err
		}
	}
	if _, err := s.st.db.ExecContext(ctx, "UPDATE tournament_games SET status = ? WHERE game_id = ? AND status = ?", gamePlaying, g.ID, gameNew); err != nil {
		return internal("mark a game started", err)
	}
	if s.announce != nil {
		extra := func(seat int) map[string]any {
			return map[string]any{"tournament": t.ID, "token": g.Tokens[seat]}
		}
		if err := s.announce.TellStarted(ctx, g.ID, g.Users, extra); err != nil {
			s.log.Warn("telling of a tournament game", "game", g.ID, "err", err)
		}
	}
	return nil
}

func pickBerserk(b []bool) bool {
	for _, x := range b {
		if x {
			return true
		}
	}
	return false
}

// jsonOf is v as JSON text.
func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// RecheckAfter is how long a tournament game goes on before its director
// looks its end up in the store, and how often it looks again: the finish
// hook scores a game as it ends, and this finds an end whose telling was
// lost with its node.
const RecheckAfter = time.Minute

// recoverEnds scores the games of t under way that the store says are
// over, looking each up once every RecheckAfter.
func (s *Service) recoverEnds(ctx context.Context, t Tournament, now time.Time) {
	gs, err := s.st.Games(ctx, t.ID)
	if err != nil {
		return
	}
	for _, g := range gs {
		if g.Status != gamePlaying {
			delete(s.checked, g.ID)
			continue
		}
		last, ok := s.checked[g.ID]
		if !ok {
			last = time.UnixMilli(g.StartedMs)
		}
		if now.Sub(last) < RecheckAfter {
			continue
		}
		s.checked[g.ID] = now
		f, over, err := s.games.Outcome(ctx, g.ID)
		if err != nil {
			s.log.Warn("looking up a tournament game", "game", g.ID, "err", err)
			continue
		}
		if over {
			s.log.Info("a tournament game's end found in the store", "tournament", t.ID, "game", g.ID)
			if err := s.scoreGame(ctx, f); err != nil {
				s.log.Warn("scoring a tournament game", "game", g.ID, "err", err)
			}
		}
	}
}
