package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// playStandIns has two `wyrm bot` bridges, alpha's and beta's, each with
// the Fairy-Stockfish stand-in as its engine, play a Dragon Chess game of
// options opts to its end, and returns their logs and the positions their
// engines were sent.
func playStandIns(t *testing.T, opts map[string]string, badFirst bool) (logs []string, positions string) {
	t.Helper()
	base := botServer(t)
	alpha, beta := newBot(t, base, "alpha"), newBot(t, base, "beta")
	posLog := filepath.Join(t.TempDir(), "positions")
	t.Setenv(asWyrm, standIn)
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // the bridges' state
	t.Setenv(standInLog, posLog)
	if badFirst {
		t.Setenv(standInBad, "1")
	}
	results := make(chan string, 2)
	for _, token := range []string{alpha, beta} {
		args := []string{"bot", "--server", base, "--token", token, "--engine", os.Args[0] + " uci", "--exit-after", "1", "--movetime", "50ms"}
		go func() {
			var errb syncBuffer
			if code := run(args, strings.NewReader(""), &errb, &errb); code != 0 {
				results <- "exit code " + errb.String()
				return
			}
			results <- errb.String()
		}()
	}
	challengeBot(t, base, beta, "alpha", alpha, map[string]any{"game": "dragon", "options": opts, "clock": map[string]int{"initialMs": 20000}}, false)
	for range 2 {
		select {
		case l := <-results:
			logs = append(logs, l)
		case <-time.After(3 * time.Minute):
			t.Fatal("the game did not end within 3 minutes")
		}
	}
	b, err := os.ReadFile(posLog)
	if err != nil {
		t.Fatal(err)
	}
	return logs, string(b)
}

// A stand-in engine that, like Fairy-Stockfish, starts dragon with one
// Dragon each plays a default game, with two, to its end: the bridges send
// it the start as a FEN, and no move is refused.
func TestBotBridgesAFairyStockfishStandIn(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	logs, positions := playStandIns(t, map[string]string{}, false)
	for _, l := range logs {
		if !strings.Contains(l, "game over") || strings.Contains(l, "move refused") {
			t.Fatalf("bridge log:\n%s", l)
		}
	}
	if strings.Contains(positions, "startpos") || !strings.Contains(positions, "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 1") {
		t.Fatalf("positions sent:\n%s", positions)
	}
}

// A refused move is logged with the position sent and the engine's move,
// and asked for once more with the position as a FEN; the game goes on to
// its end.
func TestBotRetriesARefusedMoveWithFEN(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	logs, positions := playStandIns(t, map[string]string{"dragons": "1"}, true)
	for _, l := range logs {
		if !strings.Contains(l, "game over") || strings.Contains(l, "resigning") {
			t.Fatalf("bridge log:\n%s", l)
		}
		i := strings.Index(l, "move refused")
		if i < 0 {
			t.Fatalf("no refusal logged:\n%s", l)
		}
		line := strings.SplitN(l[i:], "\n", 2)[0]
		if !strings.Contains(line, `position="position startpos`) || !strings.Contains(line, "move=a1a1") {
			t.Fatalf("the refusal does not say the position and the move: %s", line)
		}
	}
	if !strings.Contains(positions, "position startpos") || !strings.Contains(positions, "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Dd] w KQkq - 0 1") {
		t.Fatalf("positions sent:\n%s", positions)
	}
}
