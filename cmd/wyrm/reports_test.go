package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wyrm/server/chat"
	"wyrm/server/store"
)

// wyrm reports lists reported messages, newest first, and a game's chat,
// writing what players typed as plain quoted text; it refuses a database
// that is not there instead of making one.
func TestReports(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	talk, err := chat.Open(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	rude, _ := talk.Add(ctx, chat.Message{Game: "g1", Room: chat.Players, Seat: 1, UserID: 4, Name: "troll", Text: "rude \x1b[2J words", AtMs: 1000})
	talk.Add(ctx, chat.Message{Game: "g1", Room: chat.Spectators, Seat: -1, UserID: 5, Name: "carol", Text: "nice", AtMs: 2000})
	if err := talk.AddReport(ctx, rude, "North (guest)", 0); err != nil {
		t.Fatal(err)
	}
	st.Close()

	var out, errb bytes.Buffer
	if code := run([]string{"reports", "--db", path}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"reported by North (guest)", "game g1, players' room", "troll (account 4)", `"rude \x1b[2J words"`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("reports lack %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "\x1b") {
		t.Errorf("a control character reached the terminal: %q", out.String())
	}
	out.Reset()
	if code := run([]string{"reports", "--db", path, "--game", "g1"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) != 2 || !strings.Contains(lines[1], `spectators  carol (account 5): "nice"`) {
		t.Errorf("the game's chat:\n%s", out.String())
	}
	missing := filepath.Join(t.TempDir(), "none.db")
	if code := run([]string{"reports", "--db", missing}, nil, &out, &errb); code != 1 {
		t.Errorf("a missing database: exit %d", code)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("reading reports made a database")
	}
	if code := run([]string{"reports", "extra"}, nil, &out, &errb); code != 2 {
		t.Errorf("an argument: exit %d", code)
	}
}

// The operator's banned terms are read once from a file; a bad list stops
// the server from starting.
func TestBannedTerms(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.txt"), filepath.Join(dir, "bad.txt")
	os.WriteFile(good, []byte("# spam\nfree gold\n"), 0o644)
	os.WriteFile(bad, []byte("!!!\n"), 0o644)
	f, err := bannedTerms(good)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := f.Match("FREE GOLD here"); !ok {
		t.Error("the file's term does not match")
	}
	if f, err := bannedTerms(""); f != nil || err != nil {
		t.Errorf("no file: %v %v", f, err)
	}
	for _, p := range []string{bad, filepath.Join(dir, "missing.txt"), dir} {
		if _, err := bannedTerms(p); err == nil {
			t.Errorf("%s was taken", p)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"serve", "--chat-banned", bad, "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "w.db")}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "no letters") {
		t.Errorf("serve with a bad list: exit %d, %s", code, errb.String())
	}
}
