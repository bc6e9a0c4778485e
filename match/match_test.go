package match

import (
	"bytes"
	"context"
	"math"
	"os"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/games"
	"wyrm/games/dragon"
	"wyrm/internal/toygame"
	"wyrm/search"
	"wyrm/uci"
)

// TestMain lets the test binary act as an external UCI engine (over the toy
// game) when started with WYRM_MATCH_UCI=1, so the UCI player can be tested
// against a real process.
func TestMain(m *testing.M) {
	if os.Getenv("WYRM_MATCH_UCI") == "1" {
		uci.Run(os.Stdin, os.Stdout, search.New(1), []game.Game{toygame.Game{}})
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestEloKnownValues(t *testing.T) {
	cases := []struct {
		tally    Tally
		elo, err float64
	}{
		{Tally{Wins: 50, Losses: 50}, 0, 0},
		{Tally{Wins: 60, Draws: 20, Losses: 20}, 147.19, 0},
		{Tally{Wins: 3, Draws: 0, Losses: 1}, 190.85, 0},
		{Tally{Wins: 1, Draws: 8, Losses: 1}, 0, 0},
	}
	for _, c := range cases {
		d, e := c.tally.Elo()
		if math.Abs(d-c.elo) > 0.05 {
			t.Errorf("%+v: elo %.2f want %.2f", c.tally, d, c.elo)
		}
		if e <= 0 {
			t.Errorf("%+v: error %.2f", c.tally, e)
		}
	}
	// 100 games +40 =20 -40: score 0.5, per-game sd sqrt(0.2)=0.447;
	// 95% interval 0.5 ± 0.0877 -> ±61.4 Elo (average half-width).
	_, e := Tally{Wins: 40, Draws: 20, Losses: 40}.Elo()
	if math.Abs(e-61.4) > 0.5 {
		t.Errorf("error %.2f want about 61.4", e)
	}
	if math.Abs(ScoreFromElo(EloFromScore(0.3))-0.3) > 1e-9 {
		t.Error("score/elo round trip")
	}
}

func TestSPRT(t *testing.T) {
	p := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	lo, hi := p.Bounds()
	if math.Abs(lo+2.944) > 0.01 || math.Abs(hi-2.944) > 0.01 {
		t.Fatalf("bounds %.3f %.3f", lo, hi)
	}
	cases := []struct {
		t    Tally
		want string
	}{
		{Tally{Wins: 300, Draws: 100, Losses: 100}, "H1"},
		{Tally{Wins: 100, Draws: 100, Losses: 300}, "H0"},
		{Tally{Wins: 5, Draws: 2, Losses: 4}, ""},
	}
	for _, c := range cases {
		if got := p.Verdict(c.t); got != c.want {
			t.Errorf("%+v: verdict %q (llr %.2f) want %q", c.t, got, p.LLR(c.t), c.want)
		}
	}
	// The LLR changes sign at the score midway between the hypotheses
	// (0.5 and 0.5715 for 0 and 50 Elo).
	above, below := Tally{Wins: 540, Losses: 460}, Tally{Wins: 532, Losses: 468}
	if p.LLR(above) <= 0 || p.LLR(below) >= 0 {
		t.Errorf("llr %.3f above and %.3f below the midpoint", p.LLR(above), p.LLR(below))
	}
}

func factory(spec string) func(uint64) (Player, error) {
	return func(seed uint64) (Player, error) { return NewPlayer(spec, seed) }
}

func TestLevelBeatsRandomInToyGame(t *testing.T) {
	var pgn, prog bytes.Buffer
	sum, err := Run(context.Background(), Config{
		Game: toygame.Game{}, NewA: factory("level:4"), NewB: factory("random"),
		Games: 4, MaxPlies: 120, Concurrency: 2, Seed: 1, PGN: &pgn, Progress: &prog,
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Tally.Games() != 4 || sum.Tally.Points() < 3 {
		t.Fatalf("level 4 vs random: %+v", sum.Tally)
	}
	seats := map[game.Player]int{}
	for _, r := range sum.Records {
		seats[r.Seat]++
	}
	if seats[0] != 2 || seats[1] != 2 {
		t.Errorf("A's seats %v, want 2 each", seats)
	}
	if strings.Count(pgn.String(), "[Event ") != 4 || !strings.Contains(prog.String(), "games 4/4") {
		t.Errorf("pgn or progress missing:\n%s\n%s", pgn.String(), prog.String())
	}
}

func TestGreedyTakesMaterial(t *testing.T) {
	// Seat 0 can take a free queen with the rook.
	p, err := toygame.Parse("k1.....q1./......../......../......../......../......../......../K0.....R0. 0")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := NewPlayer("greedy", 1)
	mv, err := g.Move(context.Background(), Request{Pos: p})
	if err != nil || mv != "g1g8" {
		t.Fatalf("greedy played %q %v, want g1g8", mv, err)
	}
}

// illegal always answers a move that is not legal.
type illegal struct{}

func (illegal) Name() string                                  { return "illegal" }
func (illegal) NewGame(game.Game, game.Options) error         { return nil }
func (illegal) Move(context.Context, Request) (string, error) { return "a1a1", nil }
func (illegal) Close() error                                  { return nil }

func TestIllegalMoveLoses(t *testing.T) {
	sum, err := Run(context.Background(), Config{
		Game: toygame.Game{}, NewA: factory("random"), NewB: func(uint64) (Player, error) { return illegal{}, nil },
		Games: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Tally.Wins != 2 {
		t.Fatalf("%+v", sum.Tally)
	}
	for _, r := range sum.Records {
		if !strings.Contains(r.Reason, "illegal move") {
			t.Errorf("reason %q", r.Reason)
		}
	}
}

func TestSPRTStopsEarly(t *testing.T) {
	sum, err := Run(context.Background(), Config{
		Game: toygame.Game{}, NewA: factory("random"), NewB: func(uint64) (Player, error) { return illegal{}, nil },
		Games: 200, SPRT: &SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05},
	})
	if err != nil {
		t.Fatal(err)
	}
	// All wins have zero variance; the test can only decide once there is
	// spread, so only check that it never runs past the decision.
	if sum.Verdict != "" && sum.Tally.Games() >= 200 {
		t.Fatalf("sprt did not stop: %+v", sum)
	}
}

func TestMultiPlayerRotation(t *testing.T) {
	sum, err := Run(context.Background(), Config{
		Game: toygame.Game{}, Options: game.Options{"players": "3"},
		NewA: factory("level:3"), NewB: factory("random"), Games: 6, MaxPlies: 90, Seed: 3,
	})
	if err != nil {
		t.Fatal(err)
	}
	seats := map[game.Player]int{}
	for _, r := range sum.Records {
		seats[r.Seat]++
		if len(r.Names) != 3 {
			t.Fatalf("names %v", r.Names)
		}
	}
	if seats[0] != 2 || seats[1] != 2 || seats[2] != 2 {
		t.Errorf("seats %v", seats)
	}
}

func TestExternalUCIEngine(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	t.Setenv("WYRM_MATCH_UCI", "1")
	sum, err := Run(context.Background(), Config{
		Game: toygame.Game{}, NewA: factory("uci:" + exe + " option.UCI_Variant=toy option.Skill_Level=8"),
		NewB: factory("random"), Games: 2, MoveTime: 20_000_000, MaxPlies: 100,
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.A != "wyrm" || sum.Tally.Games() != 2 {
		t.Fatalf("%+v", sum)
	}
	for _, r := range sum.Records {
		if strings.Contains(r.Reason, "wyrm") {
			t.Errorf("external engine forfeited: %s", r.Reason)
		}
	}
}

func FuzzNewPlayer(f *testing.F) {
	for _, s := range []string{"level:3", "random", "greedy", "brs:2", "paranoid:9", "level:", "uci:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		if strings.HasPrefix(strings.TrimSpace(spec), "uci:") {
			return // would start a process
		}
		p, err := NewPlayer(spec, 1)
		if err == nil {
			if p.Name() == "" {
				t.Fatalf("%q: empty name", spec)
			}
			p.Close()
		}
	})
}

// firstMove plays the first legal move: the king, in the toy positions used.
type firstMove struct{ illegal }

func (firstMove) Move(_ context.Context, r Request) (string, error) {
	return r.Pos.MoveString(r.Pos.LegalMoves(nil)[0]), nil
}

func first(uint64) (Player, error) { return firstMove{}, nil }

func TestAdjudication(t *testing.T) {
	// A queen up for seat 0 but no way to finish within two plies.
	start := "k1......./......../......../......../......../......../......../K0Q0...... 0"
	run := func(margin int) Summary {
		sum, err := Run(context.Background(), Config{
			Game: toygame.Game{}, Openings: []string{start}, NewA: first, NewB: first,
			Games: 2, MaxPlies: 2, Adjudicate: margin, Seed: 9,
		})
		if err != nil {
			t.Fatal(err)
		}
		return sum
	}
	if s := run(0); s.Tally.Draws != 2 {
		t.Fatalf("without adjudication: %+v", s.Tally)
	}
	// A is seat 0 in game 1 (a queen up) and seat 1 in game 2.
	s := run(300)
	if s.Tally.Wins != 1 || s.Tally.Losses != 1 {
		t.Fatalf("with adjudication: %+v %v", s.Tally, s.Records)
	}
	for _, r := range s.Records {
		if !strings.Contains(r.Reason, "adjudicated") {
			t.Errorf("reason %q", r.Reason)
		}
	}
}

func TestMaxPliesDefaultsPerGame(t *testing.T) {
	for _, c := range []struct {
		game       string
		flag, want int
	}{{"dragon", 0, DefaultMaxPlies}, {"dragonchess", 0, DefaultMaxPlies}, {"dungeon", 0, 4000}, {"dungeon", 30, 30}, {"dragon", 900, 900}} {
		g, err := games.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		if got := maxPlies(g, c.flag); got != c.want {
			t.Errorf("%s with MaxPlies %d: %d, want %d", c.game, c.flag, got, c.want)
		}
	}
}

// The copy of the reference openings kept in testdata reads as openings,
// so that the documented matches run in a plain clone.
func TestOpeningsCopyReads(t *testing.T) {
	b, err := os.ReadFile("testdata/dragon-chess-openings.epd")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		fen, _, _ := strings.Cut(line, ";")
		if fen = strings.TrimSpace(fen); fen == "" || strings.HasPrefix(fen, "#") {
			continue
		}
		if _, err := dragon.ParseFEN(fen); err != nil {
			t.Fatalf("opening %q: %v", fen, err)
		}
		n++
	}
	if n < 20 {
		t.Fatalf("only %d openings", n)
	}
}
