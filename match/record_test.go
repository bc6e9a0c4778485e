package match

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/internal/toygame"
	"wyrm/record"
)

// failing answers every move request with an error, as a crashed engine.
type failing struct{ illegal }

func (failing) Move(context.Context, Request) (string, error) { return "", errors.New("broken pipe") }

// slow thinks longer than any clock in these tests.
type slow struct{ firstMove }

func (s slow) Move(ctx context.Context, r Request) (string, error) {
	time.Sleep(30 * time.Millisecond)
	return s.firstMove.Move(ctx, r)
}

func fixed(p Player) func(uint64) (Player, error) {
	return func(uint64) (Player, error) { return p, nil }
}

// Every way a match game ends has its PGN Termination, and the written
// records read back to the games played.
func TestRecordsSayHowEachGameEnded(t *testing.T) {
	queenUp := "k1......./......../......../......../......../......../......../K0Q0...... 0"
	cases := []struct {
		name   string
		cfg    Config
		term   record.Termination
		reason string // part of the reason
		result string // the first game's PGN result, A in seat 0
		draws  int    // games the tally counts as draws
	}{
		{"move cap", Config{Openings: []string{queenUp}, NewA: first, NewB: first, MaxPlies: 2},
			record.Unterminated, "move limit", "*", 2},
		{"move cap, adjudicated", Config{Openings: []string{queenUp}, NewA: first, NewB: first, MaxPlies: 2, Adjudicate: 300},
			record.Adjudication, "move limit, adjudicated ", "1-0", 0},
		{"move cap, too close to adjudicate", Config{Openings: []string{queenUp}, NewA: first, NewB: first, MaxPlies: 2, Adjudicate: 5000},
			record.Unterminated, "move limit", "*", 2},
		{"illegal move", Config{NewA: factory("random"), NewB: fixed(illegal{})},
			record.RulesInfraction, `illegal played illegal move "a1a1"`, "1-0", 0},
		{"engine failure", Config{NewA: factory("random"), NewB: fixed(failing{})},
			record.Abandoned, "illegal failed: broken pipe", "1-0", 0},
		{"flag fall", Config{NewA: first, NewB: fixed(slow{}), Base: 10 * time.Millisecond},
			record.TimeForfeit, "illegal lost on time", "1-0", 0},
		{"end by the rules", Config{NewA: factory("level:4"), NewB: factory("random"), MaxPlies: 400},
			record.Normal, "", "1-0", 0},
	}
	for _, c := range cases {
		var pgn bytes.Buffer
		c.cfg.Game, c.cfg.Games, c.cfg.Seed, c.cfg.PGN = toygame.Game{}, 2, 5, &pgn
		sum, err := Run(context.Background(), c.cfg)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if sum.Tally.Draws != c.draws {
			t.Errorf("%s: tally %+v, want %d draws", c.name, sum.Tally, c.draws)
		}
		recs, err := record.Parse(pgn.String())
		if err != nil || len(recs) != 2 {
			t.Fatalf("%s: %d records read, %v\n%s", c.name, len(recs), err, pgn.String())
		}
		for i, r := range recs {
			g := sum.Records[i]
			if r.Termination != c.term || !strings.Contains(r.Reason, c.reason) || r.Reason != g.Reason {
				t.Errorf("%s: game %d: Termination %q Reason %q", c.name, i+1, r.Termination, r.Reason)
			}
			if g.Seat == 0 && !strings.Contains(pgn.String(), "[Result \""+c.result+"\"]") {
				t.Errorf("%s: no Result %q in\n%s", c.name, c.result, pgn.String())
			}
		}
	}
}

// The records of a match read back to the moves and results played, for
// two seats and for three.
func TestMatchRecordsReadBack(t *testing.T) {
	for _, players := range []string{"2", "3"} {
		var pgn bytes.Buffer
		sum, err := Run(context.Background(), Config{
			Game: toygame.Game{}, Options: game.Options{"players": players}, NewA: factory("level:2"), NewB: factory("random"),
			Games: 3, MaxPlies: 60, Seed: 2, PGN: &pgn,
		})
		if err != nil {
			t.Fatal(err)
		}
		recs, err := record.Parse(pgn.String())
		if err != nil || len(recs) != len(sum.Records) {
			t.Fatalf("%s players: %d of %d records read, %v", players, len(recs), len(sum.Records), err)
		}
		for i, r := range recs {
			g := sum.Records[i]
			if !reflect.DeepEqual(r.Moves, g.Text) || !reflect.DeepEqual(r.Results, g.Results[:len(g.Names)]) ||
				!reflect.DeepEqual(r.Players, g.Names) || r.Start != g.Start || r.Game != "toy" || r.Variant != "" ||
				r.Options["players"] != players || r.Date != g.Began.UTC().Format("2006.01.02") {
				t.Errorf("%s players, game %d: read\n%+v\nplayed\n%+v", players, i+1, r, g)
			}
			pos, err := r.Replay(toygame.Game{}, nil)
			if err != nil {
				t.Fatalf("%s players, game %d: %v", players, i+1, err)
			}
			if want := replayMoves(t, g); pos.String() != want {
				t.Errorf("%s players, game %d: replay ends in %s, the game in %s", players, i+1, pos, want)
			}
		}
	}
}

// replayMoves plays a game's moves as the players sent them.
func replayMoves(t *testing.T, g GameRecord) string {
	pos, err := toygame.Game{}.Parse(g.Start, g.Options)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range g.Moves {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		pos.Play(m)
	}
	return pos.String()
}
