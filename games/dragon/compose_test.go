package dragon

import (
	"strings"
	"testing"

	"wyrm/game"
	ct "wyrm/internal/composetest"
)

// Every start and every position of the reference suite comes back from
// its composition as the game writes it.
func TestComposeRoundTrip(t *testing.T) {
	for _, opts := range []game.Options{{}, {"dragons": "1"}} {
		p, err := Game.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		c := ct.RoundTrip(t, Game, opts, p.String())
		if len(c.Pieces) != 32 || c.Fields[fieldCastling] != "K,Q,k,q" || c.ToMove != 0 {
			t.Fatalf("start composition: %d pieces, fields %v, seat %d to move", len(c.Pieces), c.Fields, c.ToMove)
		}
	}
	for _, pc := range loadReference(t) {
		ct.RoundTrip(t, Game, nil, pc.fen)
	}
}

func TestComposeEdits(t *testing.T) {
	e4, e1, e8, h1 := 28, 4, 60, 7
	ct.Edits(t, Game, nil, StartFEN, []ct.Edit{
		{Name: "a Pawn to e4", Change: func(c *game.Composition) {
			ct.Remove(c, 12)
			ct.Put(c, game.Placed{Square: e4, Owner: 0, Letter: "P"})
		}, Want: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[DDdd] w KQkq - 0 1"},
		{Name: "Black to move", Change: func(c *game.Composition) { c.ToMove = 1 }, Want: "[DDdd] b KQkq"},
		{Name: "a Dragon out of the hand", Change: func(c *game.Composition) { c.Hands[0] = "D" }, Want: "[Ddd] w"},
		{Name: "no hands", Change: func(c *game.Composition) { c.Hands = nil }, Want: "RNBQKBNR[] w"},
		{Name: "a Dragon in place of a Knight", Change: func(c *game.Composition) {
			ct.Put(c, game.Placed{Square: 62, Owner: 1, Letter: "D"})
		}, Want: "rnbqkbdr/"},
		{Name: "the h1 Rook gone takes its castling right", Change: func(c *game.Composition) { ct.Remove(c, h1) },
			Want: "RNBQKBN1[DDdd] w Qkq - 0 1"},
		{Name: "rights chosen", Change: func(c *game.Composition) { c.Fields[fieldCastling] = "K" }, Want: " w K - 0 1"},
		{Name: "counters", Change: func(c *game.Composition) { c.Fields[fieldHalfmove], c.Fields[fieldFullmove] = "7", "30" },
			Want: " 7 30"},
		{Name: "no White King", Change: func(c *game.Composition) { ct.Remove(c, e1) },
			Want: "RNBQ1BNR[DDdd] w KQkq", Refused: "White has 0 kings"},
		{Name: "two Black Kings", Change: func(c *game.Composition) { ct.Put(c, game.Placed{Square: e4, Owner: 1, Letter: "K"}) },
			Want: "4k3", Refused: "Black has 2 kings"},
		{Name: "a Pawn on the last rank", Change: func(c *game.Composition) { ct.Put(c, game.Placed{Square: e8, Owner: 0, Letter: "P"}) },
			Refused: "pawn on rank 8"},
		{Name: "the side not to move in check", Change: func(c *game.Composition) {
			ct.Remove(c, 12) // e2 and e7 gone: the Rook on e4 sees e8
			ct.Remove(c, 52)
			ct.Put(c, game.Placed{Square: e4, Owner: 0, Letter: "R"})
		}, Refused: "not to move is in check"},
	})
}

// Input the editor sends that no position can hold is refused before
// anything is written.
func TestComposeRefusesWhatTheBoardCannotHold(t *testing.T) {
	base, _, err := Game.(game.Composer).Decompose(StartFEN, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		change func(c *game.Composition)
		want   string
	}{
		{"off the board", func(c *game.Composition) { c.Pieces = append(c.Pieces, game.Placed{Square: 64, Letter: "Q"}) }, "not on the board"},
		{"two on a square", func(c *game.Composition) { c.Pieces = append(c.Pieces, game.Placed{Square: 0, Letter: "Q"}) }, "two pieces on a1"},
		{"a letter of another game", func(c *game.Composition) { c.Pieces[0].Letter = "W" }, "no piece"},
		{"a third seat", func(c *game.Composition) { c.Pieces[0].Owner = 2 }, "belongs to no seat"},
		{"a Queen in hand", func(c *game.Composition) { c.Hands[0] = "Q" }, "cannot hold"},
		{"Black's Dragon in White's hand", func(c *game.Composition) { c.Hands[0] = "d" }, "cannot hold"},
		{"nobody to move", func(c *game.Composition) { c.ToMove = game.NoPlayer }, "must be to move"},
		{"a third seat to move", func(c *game.Composition) { c.ToMove = 2 }, "there are 2 seats"},
		{"an unknown field", func(c *game.Composition) { c.Fields["colour"] = "red" }, "unknown option"},
		{"a square for en passant no Pawn passes", func(c *game.Composition) { c.Fields[fieldEnPassant] = "e4" }, "not one of"},
		{"too many pieces", func(c *game.Composition) {
			for sq := 0; sq < 65; sq++ {
				c.Pieces = append(c.Pieces, game.Placed{Square: sq % 64, Letter: "Q"})
			}
		}, "pieces on a board of 64"},
	} {
		comp := base
		comp.Pieces = append([]game.Placed(nil), base.Pieces...)
		comp.Hands = append([]string(nil), base.Hands...)
		comp.Fields = game.Options{}
		c.change(&comp)
		text, err := Game.(game.Composer).Compose(nil, comp)
		if err == nil || text != "" || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q, %v; want refused for %q", c.name, text, err, c.want)
		}
	}
}

// Decompose reads what the game would not play, so long as it is written
// as FEN, and refuses what is not.
func TestDecompose(t *testing.T) {
	cp := Game.(game.Composer)
	for _, s := range []string{"8/8/8/8/8/8/8/8 w", "8/8/8/8/8/8/8/P7[DDD] b - - 0 1", "kk6/8/8/8/8/8/8/8[] w KQ e3 5 9"} {
		if _, _, err := cp.Decompose(s, nil); err != nil {
			t.Errorf("Decompose(%q): %v", s, err)
		}
	}
	for _, s := range []string{"", "8/8/8/8/8/8/8 w", "9/8/8/8/8/8/8/8 w", "8/8/8/8/8/8/8/7kk w", "8/8/8/8/8/8/8/8[Q] w",
		"8/8/8/8/8/8/8/8 x", "8/8/8/8/8/8/8/8 w KK", "8/8/8/8/8/8/8/8 w - z9", "8/8/8/8/8/8/8/8 w - - -1", "8/8/8/8/8/8/8/8[D w"} {
		if _, _, err := cp.Decompose(s, nil); err == nil {
			t.Errorf("Decompose(%q) read it", s)
		}
	}
	c, _, _ := cp.Decompose("8/8/8/8/8/8/8/8 w - e4 0 1", nil)
	if _, ok := c.Fields[fieldEnPassant]; ok {
		t.Errorf("an en-passant square no Pawn passes is kept: %v", c.Fields)
	}
}

func FuzzDecompose(f *testing.F) {
	f.Add(StartFEN)
	f.Add("8/8/8/8/8/8/8/8 w")
	f.Add("r3k2r/8/8/8/8/8/8/R3K2R[DDdd] w KQkq - 0 1")
	f.Add("rnbqkbnr/pppppppp/8/8/3pP3/5N2/PPP2PPP/RNBQKB1R[DDdd] b KQkq e3 0 3")
	f.Fuzz(func(t *testing.T, s string) { ct.Fuzz(t, Game, nil, s) })
}
