package play

import (
	"slices"
	"time"

	"wyrm/game"
	"wyrm/game/boardview"
	"wyrm/server/lobby"
	"wyrm/server/table"
)

// plyJSON is one played move as the move list shows it.
type plyJSON struct {
	Seat int    `json:"seat"`
	Text string `json:"text"`
	SAN  string `json:"san,omitempty"`
	boardview.Move
	AtMs int64 `json:"at"`
}

type clockJSON struct {
	InitialMs   int64   `json:"initialMs"`
	IncrementMs int64   `json:"incrementMs"`
	Days        int     `json:"days,omitempty"` // correspondence: days a move
	Remaining   []int64 `json:"remaining"`
	Running     int     `json:"running"` // seat whose clock runs, -1 when none
	ServerNow   int64   `json:"serverNow"`
}

type outcomeJSON struct {
	Over    bool     `json:"over"`
	Results []string `json:"results"`
	Reason  string   `json:"reason,omitempty"`
	Winner  int      `json:"winner"`
	// Aborted: ended before it began, so no seat won, lost or drew.
	Aborted bool `json:"aborted,omitempty"`
}

// aborted reports whether o is a game called off before every seat moved.
func aborted(o game.Outcome) bool {
	return o.Over && (o.Reason == game.EndAborted || o.Reason == game.EndAbortedNoFirstMove)
}

// State is everything a client shows of a game, from the point of view
// of the seats it holds.
type State struct {
	Type    string                 `json:"type"`
	ID      string                 `json:"id"`
	Game    string                 `json:"game"`
	Title   string                 `json:"title"`
	Options game.Options           `json:"options"`
	Seats   []lobby.Seat           `json:"seats"`
	Names   []string               `json:"seatNames"` // the game's names of the seats in this stage
	You     []int                  `json:"you"`
	Stage   string                 `json:"stage"`
	Waiting []int                  `json:"waiting"`
	Setup   map[int]string         `json:"setup,omitempty"` // Visible text per held seat
	Help    map[int]game.SetupHelp `json:"help,omitempty"`  // the stage explained to each held seat
	Board   *boardview.Board       `json:"board,omitempty"`
	ToMove  int                    `json:"toMove"`
	Legal   []boardview.Legal      `json:"legal,omitempty"`
	Plies   []plyJSON              `json:"plies"`
	Start   string                 `json:"start,omitempty"`
	Clock   *clockJSON             `json:"clock,omitempty"`
	Outcome outcomeJSON            `json:"outcome"`
	Offers  []int                  `json:"drawOffers,omitempty"`
	Rematch string                 `json:"rematch,omitempty"`
	// OptionsText says the options as a person reads them.
	OptionsText []string `json:"optionsText,omitempty"`
	// RematchYes lists the seats asking for a rematch, RematchNo the seat
	// that declined one (-1: none).
	RematchYes []int `json:"rematchYes,omitempty"`
	RematchNo  int   `json:"rematchNo"`
	Thinking   bool  `json:"thinking,omitempty"`
	// Present says which seats are at the table (a connection holds them,
	// or a computer plays them); GoneMs how long each absent one has been
	// away, and ClaimAfterMs when the others may claim the game.
	Present      []bool  `json:"present"`
	GoneMs       []int64 `json:"goneMs"`
	ClaimAfterMs int64   `json:"claimAfterMs"`
	// Abortable is true until every seat has made its first move.
	Abortable bool `json:"abortable,omitempty"`
	// Takeback is the seat asking to take back its last move (-1: none)
	// and TakebackYes the seats that agree.
	Takeback    int   `json:"takeback"`
	TakebackYes []int `json:"takebackYes,omitempty"`
	Version     int   `json:"version"`
	// Spectators is how many people watch without a seat (spectators.go);
	// a "spectators" message brings each new count.
	Spectators int    `json:"spectators"`
	Error      string `json:"error,omitempty"`
}

// state builds the view for a holder of seats you. Caller holds s.mu.
func (s *session) state(you []int) State {
	t := s.t
	n := t.Seats()
	info := s.g.Info()
	st := State{Type: "state", ID: s.id, Game: info.Name, Title: info.Title, Options: boardview.Options(s.g, t.Def.Options), OptionsText: boardview.OptionsText(s.g, t.Def.Options),
		You: you, Stage: t.Stage(), Waiting: t.Waiting(), ToMove: int(t.ToMove()), Plies: []plyJSON{},
		Start: t.Start, Rematch: t.Rematch, RematchNo: t.RematchNo, Thinking: s.thinking, Version: len(t.Log), Spectators: s.spectators}
	if st.You == nil {
		st.You = []int{}
	}
	for _, p := range t.Plies {
		st.Plies = append(st.Plies, plyJSON{Seat: p.Seat, Text: p.Text, SAN: p.SAN, Move: boardview.MoveOf(p.View), AtMs: p.AtMs})
	}
	if st.Waiting == nil {
		st.Waiting = []int{}
	}
	if s.broken != nil {
		st.Error = "This game could not be restored: " + s.broken.Error()
	}
	st.Seats = s.seats(st.Waiting)
	for i := range n {
		st.Names = append(st.Names, t.SeatName(i))
	}
	if t.Setup != nil {
		st.Setup, st.Help = map[int]string{}, map[int]game.SetupHelp{}
		for _, p := range you {
			st.Setup[p] = t.Setup.Visible(game.Player(p))
			st.Help[p] = t.Setup.Help(game.Player(p))
		}
		viewer := game.NoPlayer
		if len(you) > 0 {
			viewer = game.Player(you[0])
		}
		board := boardview.OfBoard(t.Setup.Board(viewer), true)
		st.Board = &board
	}
	if t.Pos != nil {
		b := boardview.Of(t.Pos, true)
		b.Ply = len(t.Plies)
		st.Board = &b
		if tm := t.ToMove(); tm != game.NoPlayer && slices.Contains(you, int(tm)) {
			st.Legal = boardview.AppendLegal(nil, t.Pos)
		}
	}
	now := s.srv.now().UnixMilli()
	st.ClaimAfterMs, st.Abortable, st.Takeback = s.srv.claimAfter.Milliseconds(), t.Abortable(), t.Takeback
	for i := range n {
		st.Present = append(st.Present, s.present(i))
		st.GoneMs = append(st.GoneMs, s.goneFor(i, now).Milliseconds())
		if t.TakebackYes[i] {
			st.TakebackYes = append(st.TakebackYes, i)
		}
		if t.RematchYes[i] {
			st.RematchYes = append(st.RematchYes, i)
		}
	}
	if c := t.Clock; c.Timed() {
		cj := &clockJSON{InitialMs: c.Initial.Milliseconds(), IncrementMs: c.Increment.Milliseconds(), Days: c.Days, Remaining: c.RemainingMs(),
			Running: -1, ServerNow: now}
		if c.Running {
			if tm := t.ToMove(); tm != game.NoPlayer {
				cj.Running = int(tm)
				cj.Remaining[tm] = c.Left(int(tm), time.UnixMilli(now)).Milliseconds()
			}
		}
		st.Clock = cj
	}
	o := t.Outcome()
	st.Outcome = outcomeJSON{Over: o.Over, Reason: string(o.Reason), Winner: int(o.Winner()), Aborted: aborted(o)}
	for i := 0; i < n; i++ {
		st.Outcome.Results = append(st.Outcome.Results, o.Results[i].String())
	}
	for i, offered := range t.Offers {
		if offered {
			st.Offers = append(st.Offers, i)
		}
	}
	return st
}

// seats describes the seats; waiting lists those that must act. Caller
// holds s.mu.
func (s *session) seats(waiting []int) []lobby.Seat {
	var out []lobby.Seat
	for i, seat := range s.t.Def.Seats {
		v := lobby.Seat{Kind: seat.Kind, Level: seat.Level, Name: s.playerName(i),
			Taken: seat.Kind == table.SeatComputer || s.t.Tokens[i] != "", Out: s.t.Out[i], Waiting: slices.Contains(waiting, i)}
		s.seatPlayer(i, &v)
		out = append(out, v)
	}
	return out
}
