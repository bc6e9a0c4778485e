package server

import (
	"slices"

	"wyrm/game"
)

// moveJSON is a game.MoveView for the browser.
type moveJSON struct {
	From      int    `json:"from"`
	To        int    `json:"to"`
	Target    int    `json:"target"`
	Then      []int  `json:"then,omitempty"`
	Drop      string `json:"drop,omitempty"`
	Promotion string `json:"promotion,omitempty"`
}

func viewMove(v game.MoveView) moveJSON {
	m := moveJSON{From: v.From, To: v.To, Target: v.Target, Then: v.Then}
	if v.Drop != 0 {
		m.Drop = string(v.Drop)
	}
	if v.Promotion != 0 {
		m.Promotion = string(v.Promotion)
	}
	return m
}

// legalJSON is one legal move offered to the player to move.
type legalJSON struct {
	Text string `json:"text"`
	SAN  string `json:"san,omitempty"`
	moveJSON
}

type pieceJSON struct {
	Sq     int      `json:"sq"`
	Owner  int      `json:"owner"`
	Letter string   `json:"letter"`
	Name   string   `json:"name"`
	Marks  []string `json:"marks,omitempty"`
}

type geometryJSON struct {
	Levels      int      `json:"levels"`
	Files       int      `json:"files"`
	Ranks       int      `json:"ranks"`
	Terrain     string   `json:"terrain,omitempty"`
	LevelNames  []string `json:"levelNames,omitempty"`
	SquareNames []string `json:"squareNames"`
}

// boardJSON is what is drawn: one position.
type boardJSON struct {
	Geometry *geometryJSON `json:"geometry,omitempty"`
	Pieces   []pieceJSON   `json:"pieces"`
	Hands    []string      `json:"hands"`
	Position string        `json:"position"`
	Check    []int         `json:"check,omitempty"` // squares of royal pieces in check
	Ply      int           `json:"ply"`
}

func viewGeometry(v game.Viewer) *geometryJSON {
	g := v.Geometry()
	out := &geometryJSON{Levels: g.Levels, Files: g.Files, Ranks: g.Ranks, Terrain: string(g.Terrain), LevelNames: g.LevelNames}
	out.SquareNames = make([]string, g.Squares())
	for i := range out.SquareNames {
		out.SquareNames[i] = v.SquareName(i)
	}
	return out
}

// viewBoard describes pos for drawing; it never changes pos.
func viewBoard(pos game.Position, withGeometry bool) boardJSON {
	b := boardJSON{Position: pos.String(), Pieces: []pieceJSON{}}
	v, ok := pos.(game.Viewer)
	if !ok {
		return b
	}
	if withGeometry {
		b.Geometry = viewGeometry(v)
	}
	tm := pos.ToMove()
	inCheck := false
	if sr, ok := pos.(game.Searchable); ok && tm != game.NoPlayer {
		inCheck = sr.InCheck()
	}
	for _, p := range v.Pieces(nil) {
		b.Pieces = append(b.Pieces, pieceJSON{Sq: p.Square, Owner: int(p.Owner), Letter: string(p.Letter), Name: p.Name, Marks: p.Marks})
		if inCheck && p.Owner == tm && royal(p) {
			b.Check = append(b.Check, p.Square)
		}
	}
	h := v.Hands()
	for i := 0; i < pos.Players(); i++ {
		b.Hands = append(b.Hands, h[i])
	}
	return b
}

type seatJSON struct {
	Kind    string `json:"kind"`
	Level   int    `json:"level,omitempty"`
	Name    string `json:"name"`
	Taken   bool   `json:"taken"`
	Out     bool   `json:"out,omitempty"`
	Waiting bool   `json:"waiting,omitempty"`
}

type clockJSON struct {
	InitialMs   int64   `json:"initialMs"`
	IncrementMs int64   `json:"incrementMs"`
	Remaining   []int64 `json:"remaining"`
	Running     int     `json:"running"` // seat whose clock runs, -1 when none
	ServerNow   int64   `json:"serverNow"`
}

type outcomeJSON struct {
	Over    bool     `json:"over"`
	Results []string `json:"results"`
	Reason  string   `json:"reason,omitempty"`
	Winner  int      `json:"winner"`
}

// stateJSON is everything a client shows of a game, from the point of view
// of the seats it holds.
type stateJSON struct {
	Type     string              `json:"type"`
	ID       string              `json:"id"`
	Game     string              `json:"game"`
	Title    string              `json:"title"`
	Options  game.Options        `json:"options"`
	Seats    []seatJSON          `json:"seats"`
	Names    []string            `json:"seatNames,omitempty"` // the game's names of the seats, once play begins
	You      []int               `json:"you"`
	Stage    string              `json:"stage"`
	Waiting  []int               `json:"waiting"`
	Setup    map[int]string      `json:"setup,omitempty"`  // Visible text per held seat
	Zones    map[int][]int       `json:"zones,omitempty"`  // squares each held seat deploys on
	Guides   map[int]*setupGuide `json:"guides,omitempty"` // how each held seat writes its choice
	Board    *boardJSON          `json:"board,omitempty"`
	ToMove   int                 `json:"toMove"`
	Legal    []legalJSON         `json:"legal,omitempty"`
	Plies    []ply               `json:"plies"`
	Start    string              `json:"start,omitempty"`
	Clock    *clockJSON          `json:"clock,omitempty"`
	Outcome  outcomeJSON         `json:"outcome"`
	Offers   []int               `json:"drawOffers,omitempty"`
	Rematch  string              `json:"rematch,omitempty"`
	Thinking bool                `json:"thinking,omitempty"`
	Version  int                 `json:"version"`
	Error    string              `json:"error,omitempty"`
}

// state builds the view for a holder of seats you. Caller holds s.mu.
func (s *session) state(you []int) stateJSON {
	n := len(s.def.Seats)
	st := stateJSON{Type: "state", ID: s.id, Game: s.g.Name(), Title: s.g.Title(), Options: s.def.Options,
		You: you, Stage: s.stage(), Waiting: s.waiting(), ToMove: int(s.toMove()), Plies: s.plies,
		Start: s.start, Rematch: s.rematch, Thinking: s.thinking, Version: len(s.log)}
	if st.You == nil {
		st.You = []int{}
	}
	if st.Plies == nil {
		st.Plies = []ply{}
	}
	if st.Waiting == nil {
		st.Waiting = []int{}
	}
	if s.broken != nil {
		st.Error = "This game could not be restored: " + s.broken.Error()
	}
	st.Seats = s.seats(st.Waiting)
	if s.setup != nil {
		st.Setup = map[int]string{}
		for _, p := range you {
			st.Setup[p] = s.setup.Visible(game.Player(p))
		}
		if h, ok := setupHelpers[s.g.Name()]; ok && h.guide != nil {
			st.Guides = map[int]*setupGuide{}
			for _, p := range you {
				st.Guides[p] = h.guide(s.def.Options, game.Player(p), s.setup.Stage())
			}
		}
		if h, ok := setupHelpers[s.g.Name()]; ok && h.zone != nil && s.setup.Stage() == "deploy" {
			st.Zones = map[int][]int{}
			for _, p := range you {
				st.Zones[p] = h.zone(s.def.Options, game.Player(p))
			}
		}
		if b, ok := s.setupBoard(); ok {
			st.Board = &b
		} else if v, ok := s.setup.(game.Viewer); ok {
			if p, ok := s.setup.(game.Position); ok {
				b := viewBoard(p, true)
				st.Board = &b
			} else {
				b := boardJSON{Geometry: viewGeometry(v)}
				for _, p := range v.Pieces(nil) {
					b.Pieces = append(b.Pieces, pieceJSON{Sq: p.Square, Owner: int(p.Owner), Letter: string(p.Letter), Name: p.Name, Marks: p.Marks})
				}
				st.Board = &b
			}
		}
	}
	if s.pos != nil {
		for i := range n {
			st.Names = append(st.Names, game.SeatName(s.pos, game.Player(i)))
		}
		b := viewBoard(s.pos, true)
		b.Ply = len(s.plies)
		st.Board = &b
		if tm := s.toMove(); tm != game.NoPlayer && slices.Contains(you, int(tm)) {
			v, _ := s.pos.(game.Viewer)
			sn, _ := s.pos.(game.SANer)
			for _, m := range s.pos.LegalMoves(nil) {
				l := legalJSON{Text: s.pos.MoveString(m)}
				if sn != nil {
					l.SAN = sn.SAN(m)
				}
				if v != nil {
					l.moveJSON = viewMove(v.DescribeMove(m))
				} else {
					l.moveJSON = moveJSON{From: -1, To: -1, Target: -1}
				}
				st.Legal = append(st.Legal, l)
			}
		}
	}
	if c := s.def.Clock; c.InitialMs > 0 {
		cj := &clockJSON{InitialMs: c.InitialMs, IncrementMs: c.IncrementMs, Remaining: slices.Clone(s.remaining),
			Running: -1, ServerNow: s.srv.now().UnixMilli()}
		if s.clockOn {
			if tm := s.toMove(); tm != game.NoPlayer {
				cj.Running = int(tm)
				cj.Remaining[tm] -= cj.ServerNow - s.lastAt
			}
		}
		st.Clock = cj
	}
	o := s.outcome()
	st.Outcome = outcomeJSON{Over: o.Over, Reason: o.Reason, Winner: int(o.Winner())}
	for i := 0; i < n; i++ {
		st.Outcome.Results = append(st.Outcome.Results, o.Results[i].String())
	}
	for i := 0; i < n; i++ {
		if s.offers[i] {
			st.Offers = append(st.Offers, i)
		}
	}
	return st
}

// setupBoard draws the board during setup for games whose Setup cannot be
// drawn itself: the terrain of the default start, without pieces, so that
// players can see the map and click squares.
func (s *session) setupBoard() (boardJSON, bool) {
	if _, ok := s.setup.(game.Viewer); ok {
		return boardJSON{}, false
	}
	p, err := s.g.Start(s.def.Options)
	if err != nil {
		return boardJSON{}, false
	}
	v, ok := p.(game.Viewer)
	if !ok {
		return boardJSON{}, false
	}
	return boardJSON{Geometry: viewGeometry(v), Pieces: []pieceJSON{}, Hands: []string{}}, true
}

// royalNames names the pieces whose capture or mate ends a player's game,
// for marking check: the King in the chess games, and each Dungeon Chess
// faction's King unit.
var royalNames = map[string]bool{"King": true, "Princess": true, "Warlock": true, "Red Dragon": true, "Warlord": true}

func royal(p game.PieceView) bool {
	return royalNames[p.Name] || slices.Contains(p.Marks, "royal")
}

// seats describes the seats; waiting lists those that must act. Caller
// holds s.mu.
func (s *session) seats(waiting []int) []seatJSON {
	var out []seatJSON
	for i, seat := range s.def.Seats {
		out = append(out, seatJSON{Kind: seat.Kind, Level: seat.Level, Name: s.seatName(i),
			Taken: seat.Kind == SeatComputer || s.tokens[i] != "", Out: s.out[i], Waiting: slices.Contains(waiting, i)})
	}
	return out
}
