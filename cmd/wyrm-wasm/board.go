package main

import (
	"errors"

	"wyrm/game"
	"wyrm/game/boardview"
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
	Legal []boardview.Legal `json:"legal"`
	// Last is the last of the request's moves, as played, when there is one.
	Last *boardview.Legal `json:"last,omitempty"`
}

// viewMsg is the drawing of a position in the shape the game screen
// draws: the part of boardview.Board an analysis board needs.
type viewMsg struct {
	Geometry boardview.Geometry `json:"geometry"`
	Pieces   []boardview.Piece  `json:"pieces"`
	Check    []int              `json:"check,omitempty"`
	Hands    []string           `json:"hands"`
	// HandArt names the pictures of the pieces in hand, as the game
	// screen's state does, so that every screen draws hands alike.
	HandArt [][]string `json:"handArt,omitempty"`
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
	out := boardMsg{Position: pos.String(), ToMove: int(pos.ToMove()), Players: pos.Players(), Legal: []boardview.Legal{}}
	for s := range pos.Players() {
		out.SeatNames = append(out.SeatNames, pos.SeatName(game.Player(s)))
	}
	if n := len(req.Moves); n > 0 {
		prev := line[n-1].pos
		if m, err := prev.ParseMove(req.Moves[n-1]); err == nil {
			l := boardview.LegalOf(prev, m)
			out.Last = &l
		}
	}
	out.Board = viewMsg{Geometry: *boardview.GeometryOf(pos)}
	out.Board.Pieces, out.Board.Check = boardview.Pieces(pos, boardview.Checked(pos))
	out.Board.Hands, out.Board.HandArt = boardview.Hands(pos)
	if finished(pos) {
		o := pos.Outcome()
		out.ToMove, out.Over, out.Reason = int(game.NoPlayer), true, string(o.Reason)
		for seat := range pos.Players() {
			out.Results = append(out.Results, o.Results[seat].String())
		}
		return out, nil
	}
	out.Legal = boardview.AppendLegal(out.Legal, pos)
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
