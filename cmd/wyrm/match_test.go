package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/games"
	"wyrm/record"
)

func TestMatchCommandPrintsScoreLast(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"match", "--game", "dragon", "--a", "greedy", "--b", "random", "--games", "2", "--max-plies", "30", "--seed", "4"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if !regexp.MustCompile(`^score [0-9.]+/2$`).MatchString(lines[len(lines)-1]) {
		t.Fatalf("last line %q", lines[len(lines)-1])
	}
	if !strings.Contains(out.String(), "Elo difference") || !strings.Contains(errb.String(), "games 2/2") {
		t.Fatalf("output:\n%s\nstderr:\n%s", out.String(), errb.String())
	}
}

func TestMatchCommandRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"match", "--a", "level:9"},
		{"match", "--tc", "fast"},
		{"match", "--sprt", "5,1"},
		{"match", "--game", "nope"},
	} {
		var out, errb bytes.Buffer
		if code := run(args, nil, &out, &errb); code == 0 {
			t.Errorf("%v: exit 0", args)
		}
	}
}

func TestParseTC(t *testing.T) {
	b, i, err := parseTC("10+0.1")
	if err != nil || b != 10*time.Second || i != 100*time.Millisecond {
		t.Fatalf("%v %v %v", b, i, err)
	}
	if _, _, err := parseTC("0+1"); err == nil {
		t.Fatal("zero base accepted")
	}
}

func TestUCICommand(t *testing.T) {
	var out, errb bytes.Buffer
	in := strings.NewReader("uci\nsetoption name UCI_Variant value dragon\nposition startpos moves e2e4\ngo perft 1\nquit\n")
	if code := run([]string{"uci"}, in, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "uciok") || !strings.Contains(out.String(), "\n\nNodes searched: 20\n") {
		t.Fatalf("output:\n%s", out.String())
	}
}

func TestBenchCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"bench", "--game", "dragon", "--depth-delta", "-4"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !regexp.MustCompile(`(?m)^dragon +[0-9]+ nodes +[0-9]+ nodes/s +cpu +[0-9.]+s +[0-9]+ nodes/cpu-s$`).MatchString(out.String()) {
		t.Fatalf("output:\n%s", out.String())
	}
}

func FuzzParseTC(f *testing.F) {
	for _, s := range []string{"10+0.1", "60", "1+", "+1", "x", "NaN", "Inf+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, i, err := parseTC(s)
		if err == nil && (b <= 0 || i < 0) {
			t.Fatalf("%q: base %v inc %v accepted", s, b, i)
		}
	})
}

// wyrm match --pgn writes SAN records that wyrm match --openings reads
// back, as it reads position strings a line.
func TestMatchWritesRecordsItReadsAsOpenings(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	var out, errb bytes.Buffer
	if code := run([]string{"match", "--game", "dragon", "--a", "greedy", "--b", "random", "--games", "2", "--max-plies", "12", "--seed", "4", "--pgn", pgn}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := record.Parse(string(text))
	if err != nil || len(recs) != 2 {
		t.Fatalf("%d records, %v:\n%s", len(recs), err, text)
	}
	for i, r := range recs {
		if r.Variant != "dragon" || r.Game != "dragon" || r.Date == "" || len(r.Moves) == 0 {
			t.Errorf("game %d: %+v", i+1, r)
		}
		g, _ := games.Lookup("dragon")
		k := 0
		_, err := r.Replay(g, func(pos game.Position, m game.Move) error {
			if san := game.Notation(pos, m); san != r.Moves[k] {
				return fmt.Errorf("move %d %q is %q in SAN", k+1, r.Moves[k], san)
			}
			k++
			return nil
		})
		if err != nil {
			t.Errorf("game %d: %v", i+1, err)
		}
	}
	epd := filepath.Join(dir, "openings.epd")
	if err := os.WriteFile(epd, []byte("# two starts\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[DDdd] b KQkq - 0 1\n\nrnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR[DDdd] b KQkq - 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{pgn, epd} {
		out.Reset()
		errb.Reset()
		if code := run([]string{"match", "--game", "dragon", "--a", "random", "--b", "random", "--games", "2", "--max-plies", "4", "--openings", file}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", file, code, errb.String())
		}
		if !strings.Contains(out.String(), "2 openings from the file") {
			t.Errorf("%s: %s", file, out.String())
		}
	}
	bad := filepath.Join(dir, "bad.pgn")
	if err := os.WriteFile(bad, []byte("[Event \"x\"]\n\n1. e4 e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"match", "--openings", bad}, nil, &out, &errb); code == 0 || !strings.Contains(errb.String(), "game 1: record: move 2") {
		t.Errorf("a record with an illegal move: exit %d, %s", code, errb.String())
	}
}
