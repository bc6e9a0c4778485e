package boardview_test

import (
	"encoding/json"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/game/boardview"
	"wyrm/internal/toygame"
)

// A legal move's squares sit beside its text in the JSON, not under a key
// of their own: the page reads move.from as well as move.text.
func TestLegalIsFlat(t *testing.T) {
	pos, err := toygame.Game{}.Start(game.Options{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	legal := boardview.AppendLegal(nil, pos)
	if len(legal) == 0 {
		t.Fatal("no legal moves at the start")
	}
	b, err := json.Marshal(legal[0])
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); !strings.HasPrefix(s, `{"text":"`) || !strings.Contains(s, `,"from":`) || strings.Contains(s, `"Move"`) {
		t.Errorf("legal move written as %s", s)
	}
}

// A board without pieces in hand or a check still writes its lists as
// [], and leaves out what it has not got.
func TestBoardWritesEmptyLists(t *testing.T) {
	pos, err := toygame.Game{}.Start(game.Options{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	b := boardview.OfBoard(pos, false)
	out, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	if !strings.Contains(s, `"hands":[]`) || strings.Contains(s, `"geometry"`) || strings.Contains(s, `"check"`) || strings.Contains(s, `"handArt"`) {
		t.Errorf("board written as %s", s)
	}
	if g := boardview.GeometryOf(pos); len(g.SquareNames) != pos.Geometry().Squares() {
		t.Errorf("%d square names for %d squares", len(g.SquareNames), pos.Geometry().Squares())
	}
}
