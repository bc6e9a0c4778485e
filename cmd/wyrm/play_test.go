package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestPlayAgainstTheComputer(t *testing.T) {
	in := strings.NewReader("e2e5\nmoves\ne2e4\nquit\n")
	var out, errb bytes.Buffer
	code := run([]string{"play", "--game", "dragon", "--level", "1", "--movetime", "50ms"}, in, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{"not played:", "g1f3 g1h3", "seat 2 (Black): the computer plays ", "4P3"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}

func TestPlayReportsTheEnd(t *testing.T) {
	// Fool's mate position with Black to deliver it; the human plays it.
	fen := "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR[] b KQkq - 0 2"
	var out, errb bytes.Buffer
	code := run([]string{"play", "--game", "dragon", "--fen", fen, "--seats", "human,human"}, strings.NewReader("d8h4\n"), &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "game over: checkmate") {
		t.Fatalf("no checkmate reported:\n%s", out.String())
	}
}

func TestPlayRejectsBadSeats(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"play", "--seats", "human"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
}
