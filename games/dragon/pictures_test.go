package dragon

import (
	"io/fs"
	"strings"
	"testing"

	"wyrm/internal/art"
)

// TestPictures checks that every piece of either colour has a picture
// named after its colour and kind, that the pictures are well formed, and
// that a position's pieces carry them.
func TestPictures(t *testing.T) {
	pics := Game.Pictures()
	if _, err := art.Check(pics); err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for c, side := range []string{"white", "black"} {
		for ty := pawn; ty <= king; ty++ {
			name := pieceArt[makePiece(c, ty)]
			if want := side + "-" + strings.ToLower(pieceNames[ty]); name != want {
				t.Errorf("colour %d type %d: art %q, want %q", c, ty, name, want)
			}
			if _, err := fs.Stat(pics, name+".svg"); err != nil {
				t.Error(err)
			}
			used[name] = true
		}
	}
	if n := len(pictures.Names()); n != len(used) {
		t.Errorf("%d pictures, %d used", n, len(used))
	}
	p, err := ParseFEN("r1b1kqdr/pp3ppp/2n2n2/3p4/1b6/2N2N2/PPPP1PPP/R1BQKBDR w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[byte]bool{}
	for _, v := range p.Pieces(nil) {
		kinds[v.Letter] = true
		if v.Art != pieceArt[p.board[v.Square]] || v.Art == "" {
			t.Errorf("%s on %d: art %q", v.Name, v.Square, v.Art)
		}
	}
	if len(kinds) != 7 {
		t.Errorf("the position shows %d kinds, not all 7", len(kinds))
	}
}

func TestDragonsInHandHavePictures(t *testing.T) {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	if a := p.HandArt(0, 'D'); a != "white-dragon" {
		t.Fatalf("White's Dragon in hand: %q", a)
	}
	if a := p.HandArt(1, 'd'); a != "black-dragon" {
		t.Fatalf("Black's Dragon in hand: %q", a)
	}
	if a := p.HandArt(0, 'Q'); a != "" {
		t.Fatalf("a Queen in hand: %q", a)
	}
}
