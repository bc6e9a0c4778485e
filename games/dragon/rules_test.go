package dragon

import (
	"slices"
	"strings"
	"testing"

	"wyrm/game"
)

func mustFEN(t *testing.T, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// play makes each move (UCI or SAN), failing the test on an illegal one.
func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		p.Play(m)
	}
}

// legalUCI lists the legal moves in UCI, sorted.
func legalUCI(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, p.MoveString(m))
	}
	slices.Sort(out)
	return out
}

func drops(p *Position) []string {
	var out []string
	for _, s := range legalUCI(p) {
		if strings.HasPrefix(s, "D@") {
			out = append(out, s)
		}
	}
	return out
}

func TestMoveLegality(t *testing.T) {
	cases := []struct {
		name, fen string
		before    []string // moves played first
		legal     []string
		illegal   []string
	}{
		{name: "drop onto an occupied square", fen: "4k3/8/8/8/8/8/8/4K1N1[D] w - - 0 1",
			legal: []string{"D@f1", "D@h1"}, illegal: []string{"D@g1", "D@e1"}},
		{name: "drop only on the own first rank", fen: "4k3/8/8/8/8/8/8/4K3[Dd] w - - 0 1",
			legal: []string{"D@a1"}, illegal: []string{"D@e4", "D@a2", "D@a8"}},
		{name: "black drops on rank 8", fen: "4k3/8/8/8/8/8/8/4K3[Dd] b - - 0 1",
			legal: []string{"D@a8"}, illegal: []string{"D@a1", "D@d7"}},
		{name: "no drop with an empty hand", fen: "4k3/8/8/8/8/8/8/4K3[d] w - - 0 1",
			illegal: []string{"D@a1"}},
		{name: "start: first rank full, no drops", fen: StartFEN,
			legal: []string{"e2e4", "g1f3"}, illegal: []string{"D@e1", "D@e3"}},
		{name: "castling through check", fen: "4kr2/8/8/8/8/8/8/R3K2R[] w KQ - 0 1",
			legal: []string{"e1c1"}, illegal: []string{"e1g1"}},
		{name: "castling out of check", fen: "4k3/8/8/8/8/8/4r3/R3K2R[] w KQ - 0 1",
			illegal: []string{"e1g1", "e1c1"}},
		{name: "queenside castling with b1 attacked", fen: "1r2k3/8/8/8/8/8/8/R3K2R[] w KQ - 0 1",
			legal: []string{"e1c1", "e1g1"}},
		{name: "castling again once the dropped Dragon leaves", fen: "4k3/8/8/8/8/8/8/R3K2R[Dd] w KQ - 0 1",
			before: []string{"D@f1", "D@d8", "f1e3", "d8c6"}, legal: []string{"e1g1", "e1c1"}},
		{name: "dropped Dragon between king and rook", fen: "4k3/8/8/8/8/8/8/R3K2R[DDd] w KQ - 0 1",
			before: []string{"D@b1", "D@d8", "D@g1", "d8e6"}, illegal: []string{"e1c1", "e1g1"}},
		{name: "en passant exposing the king", fen: "8/2p5/8/KP5r/8/8/8/4k3[] b - - 0 1",
			before: []string{"c7c5"}, illegal: []string{"b5c6"}, legal: []string{"b5b6"}},
		{name: "en passant removing the checker", fen: "8/8/8/8/3p4/8/4P3/3k1K2[] w - - 0 1",
			before: []string{"e2e4"}, legal: []string{"d4e3"}},
		{name: "en passant only right after the double step", fen: "4k3/8/8/8/3p4/8/4P3/4K3[] w - - 0 1",
			before: []string{"e2e4", "e8d8", "e1d2"}, illegal: []string{"d4e3"}},
		{name: "promotion choices", fen: "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1",
			legal: []string{"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7a8d"}, illegal: []string{"a7a8", "a7a8k", "a7a8p"}},
		{name: "a pinned Dragon may slide on its diagonal only", fen: "4k3/8/8/8/b7/8/2D5/3K4[] w - - 0 1",
			legal: []string{"c2b3", "c2a4"}, illegal: []string{"c2d4", "c2e3", "c2d3"}},
		{name: "a Dragon pinned on a file cannot move", fen: "3rk3/8/8/8/8/8/3D4/3K4[] w - - 0 1",
			illegal: []string{"d2e3", "d2f3", "d2c4", "d2d3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.fen)
			play(t, p, c.before...)
			have := legalUCI(p)
			for _, m := range c.legal {
				if !slices.Contains(have, m) {
					t.Errorf("%s: %s should be legal (have %v)", p.FEN(), m, have)
				}
			}
			for _, m := range c.illegal {
				if slices.Contains(have, m) {
					t.Errorf("%s: %s should be illegal", p.FEN(), m)
				}
				if _, err := p.ParseMove(m); err == nil {
					t.Errorf("%s: ParseMove(%s) accepted an illegal move", p.FEN(), m)
				}
			}
		})
	}
}

func TestDropBlocksCheck(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/8/8/8/8/r3K3[D] w - - 0 1")
	want := []string{"D@b1", "D@c1", "D@d1"}
	if got := drops(p); !slices.Equal(got, want) {
		t.Errorf("drops in check along the rank: %v, want %v", got, want)
	}
	// A check not along the first rank cannot be blocked by a drop.
	p = mustFEN(t, "4k3/8/8/8/8/8/8/4K2q[D] w - - 0 1")
	if got := drops(p); !slices.Equal(got, []string{"D@f1", "D@g1"}) {
		t.Errorf("drops against h1 queen: %v", got)
	}
	p = mustFEN(t, "4k3/8/8/8/7b/8/8/4K3[D] w - - 0 1")
	if got := drops(p); len(got) != 0 {
		t.Errorf("drops against a diagonal check: %v", got)
	}
	// Double check: only the king moves.
	p = mustFEN(t, "4k3/8/8/8/7b/8/3n4/r3K3[D] w - - 0 1")
	for _, m := range legalUCI(p) {
		if !strings.HasPrefix(m, "e1") {
			t.Errorf("double check: %s is not a king move", m)
		}
	}
}

func TestOutcomes(t *testing.T) {
	cases := []struct {
		name, fen string
		moves     []string
		over      bool
		winner    game.Player
		reason    game.EndReason
	}{
		{"drop gives mate", "6R1/8/2K5/8/4B3/R7/7k/8[D] w - - 0 1", []string{"D@f1"}, true, 0, "checkmate"},
		{"drop gives check only", "6R1/8/2K5/8/8/R7/7k/8[D] w - - 0 1", []string{"D@f1"}, false, game.NoPlayer, ""},
		{"fool's mate", StartFEN, []string{"f2f3", "e7e5", "g2g4", "d8h4"}, true, 1, "checkmate"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1", nil, true, game.NoPlayer, "stalemate"},
		{"a Dragon in hand breaks stalemate", "7k/5Q2/6K1/8/8/8/8/8[d] b - - 0 1", nil, false, game.NoPlayer, ""},
		{"threefold repetition", StartFEN, []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}, true, game.NoPlayer, "threefold repetition"},
		{"twofold is not enough", StartFEN, []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"}, false, game.NoPlayer, ""},
		{"fifty moves", "4k3/8/8/8/8/8/8/R3K3[] w - - 99 80", []string{"a1a2"}, true, game.NoPlayer, "fifty-move rule"},
		{"a drop resets the fifty-move clock", "4k3/8/8/8/8/8/8/R3K3[D] w - - 99 80", []string{"D@b1"}, false, game.NoPlayer, ""},
		{"mate on the hundredth half-move is mate", "7k/8/6K1/8/8/8/8/R7[] w - - 99 80", []string{"a1a8"}, true, 0, "checkmate"},
		{"bare kings", "4k3/8/8/8/8/8/8/4K3[] w - - 0 1", nil, true, game.NoPlayer, "insufficient material"},
		{"king and knight", "4k3/8/8/8/8/8/8/4KN2[] w - - 0 1", nil, true, game.NoPlayer, "insufficient material"},
		{"bishops on one colour", "4kb2/8/8/8/8/8/8/2B1K3[] w - - 0 1", nil, true, game.NoPlayer, "insufficient material"},
		{"bishops on both colours", "4k1b1/8/8/8/8/8/8/2B1K3[] w - - 0 1", nil, false, game.NoPlayer, ""},
		{"two knights can still mate", "4k3/8/8/8/8/8/8/3NKN2[] w - - 0 1", nil, false, game.NoPlayer, ""},
		{"never with a Dragon in hand", "4k3/8/8/8/8/8/8/4K3[d] w - - 0 1", nil, false, game.NoPlayer, ""},
		{"a capture leaves bare kings", "4k3/8/8/8/8/8/3d4/4K3[] w - - 0 1", []string{"e1d2"}, true, game.NoPlayer, "insufficient material"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.fen)
			play(t, p, c.moves...)
			o := p.Outcome()
			if o.Over != c.over || o.Winner() != c.winner || o.Reason != c.reason {
				t.Fatalf("%s: outcome %+v, want over=%v winner=%d reason=%q", p.FEN(), o, c.over, c.winner, c.reason)
			}
			if n := len(p.LegalMoves(nil)); c.over != (n == 0) {
				t.Errorf("%s: %d legal moves with over=%v", p.FEN(), n, c.over)
			}
			if _, err := p.ParseMove("Kd1"); c.over && (err == nil || !strings.Contains(err.Error(), "over") && c.reason != "checkmate" && c.reason != "stalemate") {
				t.Errorf("ParseMove in a finished game: %v", err)
			}
			if c.over != (p.ToMove() == game.NoPlayer) {
				t.Errorf("ToMove = %d with over=%v", p.ToMove(), c.over)
			}
		})
	}
}

func TestHandAndClock(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/8/8/8/3d4/4K3[Dd] w - - 7 30")
	play(t, p, "e1d2")
	if got, want := p.FEN(), "4k3/8/8/8/8/8/3K4/8[Dd] b - - 0 30"; got != want {
		t.Errorf("a captured Dragon must not return to hand: %s, want %s", got, want)
	}
	play(t, p, "D@a8")
	if got, want := p.FEN(), "d3k3/8/8/8/8/8/3K4/8[D] w - - 0 31"; got != want {
		t.Errorf("after a drop: %s, want %s", got, want)
	}
	p = mustFEN(t, "4k3/8/8/8/8/8/8/R3K2R[D] w KQ - 12 30")
	play(t, p, "D@c1")
	if got, want := p.FEN(), "4k3/8/8/8/8/8/8/R1D1K2R[] b KQ - 0 30"; got != want {
		t.Errorf("a drop keeps castling rights and zeroes the clock: %s, want %s", got, want)
	}
	p = mustFEN(t, "4k3/P7/8/8/8/8/8/4K3[] w - - 5 40")
	play(t, p, "a8=D")
	if got, want := p.FEN(), "D3k3/8/8/8/8/8/8/4K3[] b - - 0 40"; got != want {
		t.Errorf("promotion to a Dragon: %s, want %s", got, want)
	}
}

func TestEnPassantField(t *testing.T) {
	cases := []struct {
		fen, move, want string
	}{
		{StartFEN, "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[DDdd] b KQkq - 0 1"},
		{"rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 3", "e2e4", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR[DDdd] b KQkq e3 0 3"},
		{"rnbqkbnr/pppppppp/8/6P1/8/8/PPPPPP1P/RNBQKBNR[DDdd] b KQkq - 0 3", "h7h5", "rnbqkbnr/ppppppp1/8/6Pp/8/8/PPPPPP1P/RNBQKBNR[DDdd] w KQkq h6 0 4"},
		// Pins are ignored: the field is written though the capture is illegal.
		{"8/2p5/8/KP5r/8/8/8/4k3[] b - - 0 1", "c7c5", "8/8/8/KPp4r/8/8/8/4k3[] w - c6 0 2"},
		// A friendly pawn beside does not count.
		{"4k3/8/8/8/3P4/8/4P3/4K3[] w - - 0 1", "e2e4", "4k3/8/8/8/3PP3/8/8/4K3[] b - - 0 1"},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		play(t, p, c.move)
		if got := p.FEN(); got != c.want {
			t.Errorf("%s after %s: %s, want %s", c.fen, c.move, got, c.want)
		}
	}
}

func TestOptions(t *testing.T) {
	cases := []struct {
		opts game.Options
		fen  string
	}{
		{game.Options{}, StartFEN},
		{game.Options{"dragons": "2"}, StartFEN},
		{game.Options{"dragons": "1"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Dd] w KQkq - 0 1"},
		{game.Options{"dragons": "3"}, ""},
		{game.Options{"colour": "red"}, ""},
	}
	for _, c := range cases {
		p, err := Game.Start(c.opts)
		if c.fen == "" {
			if err == nil {
				t.Errorf("Start(%v) accepted bad options", c.opts)
			}
			continue
		}
		if err != nil || p.String() != c.fen {
			t.Errorf("Start(%v) = %v, %v; want %s", c.opts, p, err, c.fen)
		}
	}
	// A FEN's hand is read as written, whatever the option says.
	p, err := Game.Parse("4k3/8/8/8/8/8/8/4K3[DDDd] w - - 0 1", game.Options{"dragons": "1"})
	if err != nil || p.String() != "4k3/8/8/8/8/8/8/4K3[DDDd] w - - 0 1" {
		t.Errorf("Parse kept the hand? %v %v", p, err)
	}
	if Game.Info().Name != "dragon" || Game.Info().Title != "Dragon Chess" {
		t.Errorf("names %q %q", Game.Info().Name, Game.Info().Title)
	}
}

func TestOneDragonDiffersOnlyDeep(t *testing.T) {
	// With one Dragon each the counts are the same up to depth 6; a
	// position where both are spent shows the hands matter sooner.
	one := mustFEN(t, "4k3/8/8/8/8/8/8/4K3[Dd] w - - 0 1")
	two := mustFEN(t, "4k3/8/8/8/8/8/8/4K3[DDdd] w - - 0 1")
	if one.Perft(3) == two.Perft(3) {
		t.Errorf("one and two Dragons in hand give the same perft(3)")
	}
}
