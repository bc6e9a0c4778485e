package main

import (
	"encoding/json"
	"testing"

	"wyrm/games"
)

// Every game's start gives pieces and legal moves, and playing one of
// them moves on to a position whose last move is that one.
func TestBoardPlaysLegalMoves(t *testing.T) {
	for _, g := range games.All() {
		name := g.Info().Name
		req, _ := json.Marshal(request{Game: name})
		start, err := board(req)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(start.Legal) == 0 || len(start.Board.Pieces) == 0 || len(start.Board.Geometry.SquareNames) == 0 || start.Last != nil {
			t.Fatalf("%s start: %d legal, %d pieces, last %v", name, len(start.Legal), len(start.Board.Pieces), start.Last)
		}
		m := start.Legal[len(start.Legal)-1]
		req, _ = json.Marshal(request{Game: name, Position: start.Position, Moves: []string{m.Text}})
		next, err := board(req)
		if err != nil {
			t.Fatalf("%s after %s: %v", name, m.Text, err)
		}
		if next.Last == nil || next.Last.Text != m.Text || next.Last.From != m.From || next.Position == start.Position || next.ToMove == start.ToMove {
			t.Errorf("%s after %s: last %+v, to move %d then %d", name, m.Text, next.Last, start.ToMove, next.ToMove)
		}
	}
	if _, err := board([]byte(`{"game":"nosuch"}`)); err == nil {
		t.Error("an unknown game gave a board")
	}
}

// warm builds what every game's start needs and refuses what board would.
func TestWarm(t *testing.T) {
	for _, g := range games.All() {
		req, _ := json.Marshal(request{Game: g.Info().Name})
		if err := warm(req); err != nil {
			t.Errorf("%s: %v", g.Info().Name, err)
		}
	}
	for _, bad := range []string{`{"game":"nosuch"}`, `{"game":"dragon","position":"not a position"}`, `not json`} {
		if err := warm([]byte(bad)); err == nil {
			t.Errorf("warm(%s) took it", bad)
		}
	}
}
