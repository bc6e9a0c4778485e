package main

import (
	"context"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"wyrm/botbridge"
)

// bridge starts a bridge for token with the stand-in engine; it returns
// its log, a stop, and a channel that says when Run returned.
func bridge(t *testing.T, base, token, state string) (*syncBuffer, context.CancelFunc, <-chan error) {
	t.Helper()
	return bridgeWith(t, base, token, state, 1)
}

// bridgeFor runs a bridge that plays until it is stopped (exitAfter 0) or
// has finished exitAfter games, without a state directory.
func bridgeFor(t *testing.T, base, token string, exitAfter int) (*syncBuffer, context.CancelFunc, <-chan error) {
	t.Helper()
	return bridgeWith(t, base, token, t.TempDir(), exitAfter)
}

func bridgeWith(t *testing.T, base, token, state string, exitAfter int) (*syncBuffer, context.CancelFunc, <-chan error) {
	t.Helper()
	var log syncBuffer
	b, err := botbridge.New(botbridge.Config{Server: base, Token: token, Engine: os.Args[0] + " uci", Rated: true, Casual: true,
		MoveTime: 50 * time.Millisecond, ExitAfter: exitAfter, StateDir: state, Log: slog.New(slog.NewTextHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	return &log, cancel, done
}

// A bridge started again goes on with the bot's game under way, which it
// kept in its state directory, and plays it to its end.
func TestRestartedBridgeResumesItsGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	base := botServer(t)
	alpha, beta := newBot(t, base, "alpha"), newBot(t, base, "beta")
	t.Setenv(asWyrm, standIn)
	betaLog, stopBeta, betaDone := bridge(t, base, beta, t.TempDir())
	defer stopBeta()
	state := t.TempDir()
	firstLog, stopFirst, firstDone := bridge(t, base, alpha, state)
	id := challengeBot(t, base, beta, "alpha", alpha, map[string]any{"game": "dragon", "clock": map[string]int{"initialMs": 60000}}, false)
	// alpha's first bridge plays a move or two, then stops.
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(firstLog.String(), "msg=moved") {
		if time.Now().After(deadline) {
			t.Fatalf("alpha's bridge made no move:\n%s", firstLog.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	stopFirst()
	<-firstDone
	secondLog, stopSecond, secondDone := bridge(t, base, alpha, state)
	defer stopSecond()
	for _, c := range []struct {
		name string
		done <-chan error
		log  *syncBuffer
	}{{"alpha's second bridge", secondDone, secondLog}, {"beta's bridge", betaDone, betaLog}} {
		select {
		case err := <-c.done:
			if err != nil || !strings.Contains(c.log.String(), "game over") {
				t.Fatalf("%s: %v\n%s", c.name, err, c.log.String())
			}
		case <-time.After(2 * time.Minute):
			t.Fatalf("%s: the game did not end within 2 minutes:\n%s\nbeta's bridge:\n%s", c.name, c.log.String(), betaLog.String())
		}
	}
	if !strings.Contains(secondLog.String(), "resuming a game under way") || !strings.Contains(secondLog.String(), "game="+id) {
		t.Fatalf("the second bridge did not resume game %s:\n%s", id, secondLog.String())
	}
}
