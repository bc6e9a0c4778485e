package play

import (
	"fmt"
	"net/http"
	"time"

	"wyrm/game"
	"wyrm/record"
	"wyrm/server/table"
)

// record answers the game's record as a PGN file to download.
func (a gamesAPI) record(w http.ResponseWriter, r *http.Request) error {
	s, err := a.game(r)
	if err != nil {
		return err
	}
	s.mu.Lock()
	text := s.record()
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="wyrm-%s-%s.pgn"`, s.g.Info().Name, s.id))
	_, _ = w.Write([]byte(text))
	return nil
}

// record writes the game in PGN with package record, or, should the
// record not be writable, a PGN comment line saying why. Caller holds s.mu.
func (s *session) record() string {
	text, err := record.Format(s.gameRecord())
	if err != nil {
		return fmt.Sprintf("; wyrm cannot write this game's record: %v\n", err)
	}
	return text
}

// gameRecord is the game so far as a record: the moves in SAN where the
// game has it, the game's own tags (options, time control, the position
// now). Caller holds s.mu.
func (s *session) gameRecord() *record.Record {
	t := s.t
	info := s.g.Info()
	n := t.Seats()
	o := t.Outcome()
	r := &record.Record{
		Event:   "wyrm " + info.Title,
		Site:    "wyrm",
		Date:    time.UnixMilli(s.created).UTC().Format("2006.01.02"),
		Round:   "-",
		Results: o.Results[:n],
		Game:    info.Name,
		Variant: info.Variant,
		Options: t.Def.Options,
		Start:   t.Start,
		Left:    left(t),
	}
	for i := range n {
		r.Players = append(r.Players, s.playerName(i))
	}
	r.Termination = record.Unterminated
	if o.Over {
		r.Termination, r.Reason = record.Normal, string(o.Reason)
		if t.Over != nil && o.Reason == game.EndTimeUp {
			r.Termination = record.TimeForfeit
		}
	}
	for _, p := range t.Plies {
		mv := p.Text
		if p.SAN != "" {
			mv = p.SAN
		}
		r.Moves = append(r.Moves, mv)
		r.Movers = append(r.Movers, game.Player(p.Seat))
	}
	if c := t.Def.Clock; c.Initial > 0 {
		r.Tags = append(r.Tags, record.Tag{Name: "TimeControl", Value: fmt.Sprintf("%d+%d", c.Initial/time.Second, c.Increment/time.Second)})
	}
	if t.Pos != nil {
		r.Tags = append(r.Tags, record.Tag{Name: "Position", Value: t.Pos.String()})
	}
	return r
}

// left lists the seats that resigned or lost on time while the others
// played on, as the table's leave decides it, so that a reader of the
// record takes them out where the game did.
func left(t *table.Table) []record.Leave {
	if _, ok := t.Pos.(game.Eliminator); !ok {
		return nil
	}
	out := map[int]bool{}
	var left []record.Leave
	moves := 0
	for _, a := range t.Log {
		switch a.Kind {
		case table.ActMove:
			moves++
		case table.ActResign, table.ActTimeout:
			out[a.Seat] = true
			if t.Seats()-len(out) > 1 {
				left = append(left, record.Leave{Ply: moves, Seat: game.Player(a.Seat)})
			}
		}
	}
	return left
}
