package toysetup

import (
	"testing"

	"wyrm/game"
	ct "wyrm/internal/composetest"
)

func TestComposeRoundTrip(t *testing.T) {
	for _, s := range []string{"r.k.r/...../...../...../R.K.R 0", "....k/...../..K../...../R.... 1"} {
		ct.RoundTrip(t, Game{}, nil, s)
	}
	ct.Edits(t, Game{}, nil, "r.k.r/...../...../...../R.K.R 0", []ct.Edit{
		{Name: "North to move", Change: func(c *game.Composition) { c.ToMove = 1 }, Want: "R.K.R 1"},
		{Name: "a Rook on c3", Change: func(c *game.Composition) { ct.Put(c, game.Placed{Square: 12, Owner: 1, Letter: "R"}) }, Want: "/..r../"},
		{Name: "no South King", Change: func(c *game.Composition) { ct.Remove(c, 2) }, Want: "R...R 0", Refused: "South has 0 Kings"},
	})
}

func FuzzDecompose(f *testing.F) {
	f.Add("r.k.r/...../...../...../R.K.R 0")
	f.Fuzz(func(t *testing.T, s string) { ct.Fuzz(t, Game{}, nil, s) })
}
