package dungeon

import (
	"io/fs"
	"strconv"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/internal/art"
)

// TestPictures checks that every unit has a picture for every seat, named
// after its faction, name and seat, that the pictures are well formed, and
// that positions, setup boards and the draft's help carry them.
func TestPictures(t *testing.T) {
	pics := Game{}.Pictures()
	if _, err := art.Check(pics); err != nil {
		t.Fatal(err)
	}
	n := 0
	for k := Kind(0); k < numKinds; k++ {
		for s := 0; s < game.MaxPlayers; s++ {
			name := artOf(k, s)
			want := k.Faction().String() + "-" + strings.ReplaceAll(strings.ToLower(k.Name()), " ", "-") + "-" + strconv.Itoa(s)
			if name != want {
				t.Errorf("%s seat %d: art %q, want %q", k.Name(), s, name, want)
			}
			if _, err := fs.Stat(pics, name+".svg"); err != nil {
				t.Error(err)
			}
			n++
		}
	}
	if got := len(pictures.Names()); got != n {
		t.Errorf("%d pictures, %d units by seat", got, n)
	}

	p, err := Game{}.Start(game.Options{"players": "4"})
	if err != nil {
		t.Fatal(err)
	}
	seats := map[game.Player]bool{}
	for _, v := range p.Pieces(nil) {
		seats[v.Owner] = true
		if !strings.HasSuffix(v.Art, "-"+strconv.Itoa(int(v.Owner))) || !strings.Contains(v.Art, strings.ReplaceAll(strings.ToLower(v.Name), " ", "-")) {
			t.Errorf("seat %d's %s has art %q", v.Owner, v.Name, v.Art)
		}
	}
	if len(seats) != 4 {
		t.Errorf("pieces of %d seats, not 4", len(seats))
	}

	s, err := Game{}.NewSetup(game.Options{"players": "3", "deployment": "sequential", "factions": "human,undead,greenskin"})
	if err != nil {
		t.Fatal(err)
	}
	for seat := game.Player(0); seat < 3; seat++ {
		h := s.Help(seat)
		if len(h.Units) == 0 {
			t.Fatalf("seat %d: no units in the draft's help", seat)
		}
		for _, u := range h.Units {
			if !strings.HasSuffix(u.Art, "-"+strconv.Itoa(int(seat))) {
				t.Errorf("seat %d's %s in the draft has art %q", seat, u.Name, u.Art)
			}
			if _, err := fs.Stat(pics, u.Art+".svg"); err != nil {
				t.Error(err)
			}
		}
	}
	for seat := game.Player(0); seat < 3; seat++ {
		choice, err := s.Suggest(seat)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Submit(seat, choice); err != nil {
			t.Fatal(err)
		}
	}
	choice, err := s.Suggest(0)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Submit(0, choice); err != nil {
		t.Fatal(err)
	}
	placed := s.Board(1).Pieces(nil)
	if len(placed) == 0 {
		t.Fatal("no units placed")
	}
	for _, v := range placed {
		if !strings.HasSuffix(v.Art, "-0") {
			t.Errorf("placed %s of seat %d has art %q", v.Name, v.Owner, v.Art)
		}
	}
}
