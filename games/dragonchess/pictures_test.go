package dragonchess

import (
	"io/fs"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/internal/art"
)

// TestPictures checks that every kind of either side, the Troll and the
// reversed Dwarf included, has a picture named after its side and kind,
// that the pictures are well formed, and that positions' pieces carry them.
func TestPictures(t *testing.T) {
	pics := Game.Pictures()
	if _, err := art.Check(pics); err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for c, side := range []string{"gold", "scarlet"} {
		for k := sylph; k < kindCount; k++ {
			name := pieceArt[code(k, c)]
			want := side + "-" + strings.ToLower(kindNames[k])
			if k == revDwarf {
				want += "-reversed"
			}
			if name != want {
				t.Errorf("%s %s: art %q, want %q", side, kindNames[k], name, want)
			}
			used[name] = true
		}
		if trollPieceArt[c] != side+"-troll" {
			t.Errorf("%s Troll: art %q", side, trollPieceArt[c])
		}
		used[trollPieceArt[c]] = true
	}
	for name := range used {
		if _, err := fs.Stat(pics, name+".svg"); err != nil {
			t.Error(err)
		}
	}
	if n := len(pictures.Names()); n != len(used) {
		t.Errorf("%d pictures, %d used", n, len(used))
	}
	for _, variants := range []string{"", "troll"} {
		p, err := Game.Start(game.Options{"variants": variants})
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[byte]bool{}
		for _, v := range p.Pieces(nil) {
			kinds[v.Letter] = true
			want := pieceArt[p.(*Position).b[v.Square]]
			if v.Name == "Troll" {
				want = trollPieceArt[v.Owner]
			}
			if v.Art != want || !strings.HasSuffix(v.Art, "-"+strings.ToLower(v.Name)) {
				t.Errorf("variants %q: %s on %d has art %q", variants, v.Name, v.Square, v.Art)
			}
		}
		if len(kinds) != 15 {
			t.Errorf("variants %q: the start shows %d kinds, not all 15", variants, len(kinds))
		}
	}
}
