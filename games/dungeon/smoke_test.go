package dungeon

import (
	"testing"

	"wyrm/game"
)

func TestSmoke(t *testing.T) {
	for _, players := range []string{"2", "3", "4"} {
		p, err := Game{}.Start(game.Options{"players": players, "seed": "3"})
		if err != nil {
			t.Fatal(err)
		}
		t.Log(p.String())
		for d := 1; d <= 3; d++ {
			n, err := game.PerftChecked(p, d)
			if err != nil {
				t.Fatal(err)
			}
			t.Log(d, n, p.(*Position).Perft(d))
		}
	}
}
