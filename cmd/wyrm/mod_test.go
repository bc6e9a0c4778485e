package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wyrm/server/account"
	"wyrm/server/store"
)

// wyrm mod grants and revokes the moderator role of an account named on
// the command line, refuses a name no account has, and prints the
// moderators' log newest first with each reason quoted.
func TestModGrantRevokeLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	acc, err := account.Open(ctx, st, account.Config{Params: account.Params{Time: 1, MemoryKiB: 64, Threads: 1, SaltLen: 16, KeyLen: 32}})
	if err != nil {
		t.Fatal(err)
	}
	u, _, err := acc.SignUp(ctx, "Keeper", "a long password", "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	troll, _, _ := acc.SignUp(ctx, "troll", "a long password", "192.0.2.1")
	isMod := func() bool {
		on, err := acc.IsModerator(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		return on
	}
	var out, errb bytes.Buffer
	if code := run([]string{"mod", "grant", "keeper", "--db", path}, nil, &out, &errb); code != 0 || !isMod() {
		t.Fatalf("grant: exit %d %s", code, errb.String())
	}
	if err := acc.Mute(ctx, troll, time.Now().Add(time.Hour), account.Actor{Moderator: "Keeper", Reason: "rude \x1b[2J words"}); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"mod", "revoke", "keeper", "--db", path}, nil, &out, &errb); code != 0 || isMod() {
		t.Fatalf("revoke: exit %d %s", code, errb.String())
	}
	if code := run([]string{"mod", "grant", "nobody", "--db", path}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "no open account is named nobody") {
		t.Errorf("granting no one: exit %d %q", code, errb.String())
	}
	out.Reset()
	if code := run([]string{"mod", "log", "--db", path}, nil, &out, &errb); code != 0 {
		t.Fatalf("log: exit %d %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "operator: revoke moderator Keeper") ||
		!strings.Contains(lines[1], `Keeper: mute troll (until `) || !strings.Contains(lines[1], `reason: "rude \x1b[2J words"`) ||
		!strings.Contains(lines[2], "operator: grant moderator Keeper") {
		t.Errorf("log:\n%s", out.String())
	}
	if strings.Contains(out.String(), "\x1b") {
		t.Error("a control character reached the terminal")
	}
	missing := filepath.Join(t.TempDir(), "none.db")
	if code := run([]string{"mod", "log", "--db", missing}, nil, &out, &errb); code != 1 {
		t.Errorf("a missing database: exit %d", code)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("reading the log made a database")
	}
	for _, args := range [][]string{{"mod"}, {"mod", "grant"}, {"mod", "log", "extra"}, {"mod", "ban", "x"}} {
		if code := run(args, nil, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}
