package uci

import (
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/games"
	"wyrm/internal/toygame"
)

// choice reads the answer to a "setup go": the choice, or "" with the
// info string that says why there is none.
func (c *conversation) choice() (string, string) {
	c.t.Helper()
	lines := c.until("setupchoice ")
	got := strings.TrimPrefix(lines[len(lines)-1], "setupchoice ")
	if got == "(none)" {
		return "", strings.Join(lines, "\n")
	}
	return got, ""
}

// The engine answers a seat's draft and deployment with the game's own
// choices, replaying what it was told and guessing the rest, and says why
// when it cannot.
func TestSetupCommands(t *testing.T) {
	var dungeon game.SetupGame
	for _, g := range games.All() {
		if sg, ok := g.(game.SetupGame); ok {
			dungeon = sg
		}
	}
	opts := game.Options{"players": "4"}
	c := startWith(t, games.All())
	c.send("uci")
	if l := strings.Join(c.until("uciok"), "\n"); !strings.Contains(l, "option name SetupChoices type check default true") {
		t.Fatalf("SetupChoices not announced:\n%s", l)
	}
	c.send("setoption name UCI_Variant value " + dungeon.Info().Name)
	c.send("setoption name players value 4")

	// The draft: the game's own suggestion for the seat.
	fresh := func() game.Setup {
		st, err := dungeon.NewSetup(opts)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	want, err := fresh().Suggest(2)
	if err != nil {
		t.Fatal(err)
	}
	c.send("setup go 2 draft")
	if got, why := c.choice(); got != want {
		t.Fatalf("seat 2's draft %q (%s), want %q", got, why, want)
	}

	// The deployment needs the seat's own draft.
	c.send("setup go 1 deploy")
	if got, why := c.choice(); got != "" || !strings.Contains(why, "seat 1 chooses its draft, not its deploy") {
		t.Fatalf("a deployment without the draft: %q %s", got, why)
	}
	draft, _ := fresh().Suggest(1)
	c.send("setup choice 1 " + draft)
	c.send("setup go 1 deploy")
	deploy, why := c.choice()
	if deploy == "" {
		t.Fatalf("no deployment: %s", why)
	}
	// It is a deployment of that army: the game takes it once the others
	// have drafted.
	st := fresh()
	for seat := range 4 {
		d, _ := st.Suggest(game.Player(seat))
		if seat == 1 {
			d = draft
		}
		if err := st.Submit(game.Player(seat), d); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.Check(1, deploy); err != nil {
		t.Fatalf("the engine's deployment %q: %v", deploy, err)
	}

	// Refusals, each with its reason and a (none).
	for _, bad := range []struct{ cmd, why string }{
		{"setup go 4", "seat \"4\" is not 0 to 3"},
		{"setup go x", "is not 0 to 3"},
		{"setup go", "want 'setup go <seat> [<stage>]'"},
		{"setup go 1 draft", "seat 1 chooses its deploy, not its draft"}, // its draft is told
	} {
		c.send(bad.cmd)
		if got, why := c.choice(); got != "" || !strings.Contains(why, bad.why) {
			t.Errorf("%s: %q %s, want a refusal saying %q", bad.cmd, got, why, bad.why)
		}
	}
	c.send("setup choice 0 not an army")
	c.send("setup go 0")
	if got, why := c.choice(); got != "" || !strings.Contains(why, "choice 2 (seat 0)") {
		t.Errorf("a bad choice told: %q %s", got, why)
	}
	c.send("setup clear")
	c.send("setup choice 0")
	if l := c.until("info string"); !strings.Contains(l[len(l)-1], "want 'setup choice <seat> <choice>'") {
		t.Errorf("an empty choice: %q", l)
	}
	for range maxSetupChoices + 1 {
		c.send("setup choice 0 x")
	}
	if l := c.until("info string"); !strings.Contains(l[len(l)-1], "at most 64 choices") {
		t.Errorf("too many choices: %q", l)
	}
	c.send("ucinewgame") // forgets them
	c.send("setoption name SetupChoices value false")
	c.send("setup go 0")
	if got, why := c.choice(); got != "" || !strings.Contains(why, "SetupChoices is off") {
		t.Errorf("with SetupChoices off: %q %s", got, why)
	}
	c.send("setoption name SetupChoices value true")
	c.send("setup go 0")
	if got, why := c.choice(); got == "" {
		t.Errorf("after ucinewgame: %s", why)
	}
}

// A game without setup stages has no setup choice, and SetupChoices is
// not announced where no game has one.
func TestSetupWithoutStages(t *testing.T) {
	c := startWith(t, []game.Game{toygame.Game{}})
	c.send("uci")
	if l := strings.Join(c.until("uciok"), "\n"); strings.Contains(l, "SetupChoices") {
		t.Fatalf("SetupChoices announced without setup games:\n%s", l)
	}
	c.send("setup go 0")
	if got, why := c.choice(); got != "" || !strings.Contains(why, "has no setup stages") {
		t.Fatalf("%q %s", got, why)
	}
}
