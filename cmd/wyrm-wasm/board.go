package main

import (
	"errors"

	"wyrm/game"
)

// boardMsg answers wyrm.board(): what an analysis board draws and lets
// the player move, so that the page needs no server to play on.
type boardMsg struct {
	Position string `json:"position"`
	ToMove   int    `json:"toMove"` // -1 when the game is over
	Players  int    `json:"players"`
	// SeatNames are the seats as the position names them (a Dungeon
	// Chess seat by its faction).
	SeatNames []string `json:"seatNames"`
	Over      bool     `json:"over,omitempty"`
	Reason    string   `json:"reason,omitempty"`
	Results   []string `json:"results,omitempty"`
	Board     viewMsg  `json:"board"`
	// Legal are the moves of the seat to move.
	Legal []legalMsg `json:"legal"`
	// Last is the last of the request's moves, as played, when there is one.
	Last *legalMsg `json:"last,omitempty"`
}

// viewMsg is the drawing of a position in the shape the game screen draws.
type viewMsg struct {
	Geometry geometryMsg `json:"geometry"`
	Pieces   []pieceMsg  `json:"pieces"`
	Check    []int       `json:"check,omitempty"`
	Hands    []string    `json:"hands"`
}

type geometryMsg struct {
	Levels      int      `json:"levels"`
	Files       int      `json:"files"`
	Ranks       int      `json:"ranks"`
	Terrain     string   `json:"terrain,omitempty"`
	LevelNames  []string `json:"levelNames,omitempty"`
	SquareNames []string `json:"squareNames"`
}

type pieceMsg struct {
	Sq     int      `json:"sq"`
	Owner  int      `json:"owner"`
	Letter string   `json:"letter"`
	Name   string   `json:"name"`
	Royal  bool     `json:"royal,omitempty"`
	Art    string   `json:"art,omitempty"`
	Marks  []string `json:"marks,omitempty"`
}

// legalMsg is a move with its squares: text in the game's move notation,
// san for reading where the game has it.
type legalMsg struct {
	Text string `json:"text"`
	SAN  string `json:"san,omitempty"`
	arrowMsg
}

func moveOf(pos game.Position, m game.Move) legalMsg {
	return legalMsg{Text: pos.MoveString(m), SAN: game.SAN(pos, m), arrowMsg: arrowOf(pos.DescribeMove(m))}
}

// board describes the position a request's position and moves make; it
// runs at once, beside any job.
func board(reqJSON []byte) (boardMsg, error) {
	req, s, err := decodeRequest(reqJSON)
	if err != nil {
		return boardMsg{}, err
	}
	if len(req.Positions) > 0 {
		return boardMsg{}, errors.New("board takes position and moves")
	}
	line, err := gameLine(s.game, req.Options, req.Position, req.Moves)
	if err != nil {
		return boardMsg{}, err
	}
	pos := line[len(line)-1].pos
	out := boardMsg{Position: pos.String(), ToMove: int(pos.ToMove()), Players: pos.Players(), Legal: []legalMsg{}}
	for s := range pos.Players() {
		out.SeatNames = append(out.SeatNames, pos.SeatName(game.Player(s)))
	}
	if n := len(req.Moves); n > 0 {
		prev := line[n-1].pos
		if m, err := prev.ParseMove(req.Moves[n-1]); err == nil {
			l := moveOf(prev, m)
			out.Last = &l
		}
	}
	g := pos.Geometry()
	out.Board = viewMsg{Geometry: geometryMsg{Levels: g.Levels, Files: g.Files, Ranks: g.Ranks, Terrain: string(g.Terrain),
		LevelNames: g.LevelNames, SquareNames: make([]string, g.Squares())}, Pieces: []pieceMsg{}, Hands: []string{}}
	for i := range out.Board.Geometry.SquareNames {
		out.Board.Geometry.SquareNames[i] = pos.SquareName(i)
	}
	inCheck := game.NoPlayer
	if tm := pos.ToMove(); tm != game.NoPlayer && pos.InCheck() {
		inCheck = tm
	}
	for _, p := range pos.Pieces(nil) {
		out.Board.Pieces = append(out.Board.Pieces, pieceMsg{Sq: p.Square, Owner: int(p.Owner), Letter: string(p.Letter),
			Name: p.Name, Royal: p.Royal, Art: p.Art, Marks: p.Marks})
		if p.Royal && p.Owner == inCheck {
			out.Board.Check = append(out.Board.Check, p.Square)
		}
	}
	h := pos.Hands()
	for i := range pos.Players() {
		out.Board.Hands = append(out.Board.Hands, h[i])
	}
	if finished(pos) {
		o := pos.Outcome()
		out.ToMove, out.Over, out.Reason = int(game.NoPlayer), true, o.Reason
		for seat := range pos.Players() {
			out.Results = append(out.Results, o.Results[seat].String())
		}
		return out, nil
	}
	for _, m := range pos.LegalMoves(nil) {
		out.Legal = append(out.Legal, moveOf(pos, m))
	}
	return out, nil
}

// warm builds the position a request names, and so the tables of its game
// and options that a first board or search would otherwise build, while
// the page is still loading (Dragonchess's take a tenth of a second in the
// browser).
func warm(reqJSON []byte) error {
	req, s, err := decodeRequest(reqJSON)
	if err != nil {
		return err
	}
	_, err = gameLine(s.game, req.Options, req.Position, nil)
	return err
}
