package uciproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary act as a small scripted engine when
// UCIPROC_FAKE names its behaviour.
func TestMain(m *testing.M) {
	if mode := os.Getenv("UCIPROC_FAKE"); mode != "" {
		fakeEngine(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeEngine answers the handshake and go: "good" plays e2e4 after an
// info line, "none" has no move, "mute" never answers go, "exit" quits
// before uciok.
func fakeEngine(mode string) {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		switch l := in.Text(); {
		case l == "uci":
			if mode == "exit" {
				return
			}
			fmt.Println("id name Fake Engine")
			fmt.Println("option name Skill Level type spin default 20 min 0 max 20")
			fmt.Println("option name UCI_Variant type combo default chess var chess var dragon")
			fmt.Println("uciok")
		case l == "isready":
			fmt.Println("readyok")
		case strings.HasPrefix(l, "setoption name Skill Level value "):
			fmt.Println("info string skill " + strings.TrimPrefix(l, "setoption name Skill Level value "))
		case strings.HasPrefix(l, "go"):
			switch mode {
			case "good":
				fmt.Println("info depth 1 score cp 20 pv e2e4")
				fmt.Println("bestmove e2e4 ponder e7e5")
			case "none":
				fmt.Println("bestmove (none)")
			}
		case l == "quit":
			return
		}
	}
}

func start(t *testing.T, mode string) (*Engine, error) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("UCIPROC_FAKE", mode)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return Start(ctx, []string{exe}, nil)
}

func TestHandshakeOptionsAndBestMove(t *testing.T) {
	e, err := start(t, "good")
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.Name != "Fake Engine" || len(e.Options) != 2 {
		t.Fatalf("name %q options %q", e.Name, e.Options)
	}
	for given, want := range map[string]string{"Skill Level": "Skill Level", "skill_level": "Skill Level", "uci_variant": "UCI_Variant", "Hash": ""} {
		if got := e.OptionName(given); got != want {
			t.Errorf("OptionName(%q) = %q, want %q", given, got, want)
		}
	}
	if e.SetOption("Hash", "16") {
		t.Error("an option the engine does not offer was set")
	}
	if !e.SetOption("skill_level", "3") {
		t.Fatal("Skill Level was not set")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if l, err := e.Read(ctx); err != nil || l != "info string skill 3" {
		t.Fatalf("the option did not reach the engine: %q %v", l, err)
	}
	if err := e.Ready(ctx); err != nil {
		t.Fatal(err)
	}
	e.Send("go movetime 10")
	var infos []string
	mv, err := e.BestMove(ctx, func(l string) { infos = append(infos, l) })
	if err != nil || mv != "e2e4" {
		t.Fatalf("BestMove = %q, %v", mv, err)
	}
	if len(infos) != 1 || !strings.Contains(infos[0], "pv e2e4") {
		t.Errorf("info lines %q", infos)
	}
}

func TestNoMoveIsAnError(t *testing.T) {
	e, err := start(t, "none")
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	e.Send("go depth 1")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if mv, err := e.BestMove(ctx, nil); err == nil || !strings.Contains(err.Error(), "found no move") {
		t.Fatalf("BestMove = %q, %v", mv, err)
	}
}

func TestSilentEngineTimesOut(t *testing.T) {
	e, err := start(t, "mute")
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	e.Send("go infinite")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := e.BestMove(ctx, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the deadline", err)
	}
}

func TestEngineThatExitsFailsTheHandshake(t *testing.T) {
	if _, err := start(t, "exit"); !errors.Is(err, ErrExited) {
		t.Fatalf("err = %v, want ErrExited", err)
	}
	if _, err := Start(context.Background(), nil, nil); err == nil {
		t.Fatal("no command started")
	}
}
