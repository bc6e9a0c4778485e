package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRenderDrawsEachGame(t *testing.T) {
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"--game", "dragon"}, []string{"  8 r n b q k b n r", "  1 R N B Q K B N R", "hand of seat 1 (White): DD"}},
		{[]string{"--game", "dragonchess"}, []string{"level 3 (Sky)", "  1 O U H T C M K P T H U O", "level 1 (Underworld)"}},
		{[]string{"--game", "dragon", "--fen", "4k3/8/8/8/8/8/8/4K3[Dd] w - - 0 1"}, []string{"  8 . . . . k . . .", "hand of seat 2 (Black): d"}},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		if code := run(append([]string{"render"}, c.args...), nil, &out, &errb); code != 0 {
			t.Fatalf("render %v: exit %d: %s", c.args, code, errb.String())
		}
		for _, w := range c.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("render %v: missing %q in\n%s", c.args, w, out.String())
			}
		}
	}
}

func TestRenderRejectsBadPosition(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"render", "--game", "dragon", "--fen", "not a fen"}, nil, &out, &errb); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if errb.Len() == 0 {
		t.Fatal("no error message")
	}
}

func TestPerftCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"perft", "--game", "dragon", "--depth", "2", "--divide"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 21 || lines[len(lines)-1] != "nodes 400" {
		t.Fatalf("divide output:\n%s", out.String())
	}
	out.Reset()
	if code := run([]string{"perft", "--game", "dragonchess", "--depth", "2"}, nil, &out, &errb); code != 0 || strings.TrimSpace(out.String()) != "nodes 8094" {
		t.Fatalf("dragonchess perft 2: exit %d, %q", code, out.String())
	}
}
