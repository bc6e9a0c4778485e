package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wyrm/games"
	"wyrm/server/httpkit"
	"wyrm/server/store"
	"wyrm/server/table"
)

// A backup taken while a server plays games restores into a store in which
// every game replays, each with at least the moves it had when the backup
// began.
func TestBackupDuringPlayRestoresAndReplays(t *testing.T) {
	dir := t.TempDir()
	db, cp, restored := filepath.Join(dir, "live.db"), filepath.Join(dir, "copy.db"), filepath.Join(dir, "restored.db")
	ctx, cancel := context.WithCancel(context.Background())
	lim := httpkit.DefaultLimits
	lim.ComputerOnlyGames, lim.ComputerGames = 8, 8
	var out, errb syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, serveConfig{addr: "127.0.0.1:0", db: db, limits: lim}, slog.New(slog.NewJSONHandler(&errb, nil)), &out, &errb)
	}()
	defer func() { cancel(); <-done }()
	url := waitURL(t, &out, &errb)
	var ids []string
	for range 6 {
		resp, err := http.Post(url+"api/games", "application/json",
			strings.NewReader(`{"game":"dragon","seats":[{"kind":"computer","level":1},{"kind":"computer","level":1}]}`))
		if err != nil {
			t.Fatal(err)
		}
		var cr struct{ ID string }
		_ = json.NewDecoder(resp.Body).Decode(&cr)
		resp.Body.Close()
		if resp.StatusCode != 201 || cr.ID == "" {
			t.Fatalf("create: %d", resp.StatusCode)
		}
		ids = append(ids, cr.ID)
	}
	live, err := store.OpenSQLite(db)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	moved := func() int {
		n := 0
		for _, id := range ids {
			log, _ := live.Actions(context.Background(), id)
			n += len(log)
		}
		return n
	}
	for deadline := time.Now().Add(20 * time.Second); moved() < 12; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the computers played only %d moves", moved())
		}
	}
	before := map[string]int{}
	for _, id := range ids {
		log, _ := live.Actions(context.Background(), id)
		before[id] = len(log)
	}
	var bout, berr strings.Builder
	if code := run([]string{"backup", "--db", db, "--out", cp}, nil, &bout, &berr); code != 0 {
		t.Fatalf("backup: %d %s", code, berr.String())
	}
	var rout, rerr strings.Builder
	if code := run([]string{"restore", "--db", restored, "--from", cp}, nil, &rout, &rerr); code != 0 {
		t.Fatalf("restore: %d %s", code, rerr.String())
	}
	if !strings.Contains(rout.String(), "6 games") {
		t.Errorf("restore said %q", rout.String())
	}
	st, err := store.OpenSQLite(restored)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	all, err := st.Games(context.Background())
	if err != nil || len(all) != len(ids) {
		t.Fatalf("restored %d games (%v), want %d", len(all), err, len(ids))
	}
	for _, g := range all {
		id := g.ID
		log, err := st.Actions(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if len(log) < before[id] {
			t.Errorf("game %s restored with %d actions, had %d before the backup", id, len(log), before[id])
		}
		var def table.Def
		if err := json.Unmarshal(g.Def, &def); err != nil {
			t.Fatal(err)
		}
		gm, err := games.Lookup(def.Game)
		if err != nil {
			t.Fatal(err)
		}
		tl := make([]table.Action, len(log))
		for i, a := range log {
			tl[i] = table.Action{Seq: a.Seq, AtMs: a.AtMs, Seat: a.Seat, Kind: a.Kind, Data: a.Data}
		}
		if _, err := table.Replay(gm, def, tl); err != nil {
			t.Errorf("game %s does not replay: %v", id, err)
		}
	}
}

// Restore refuses a copy newer than this build, and a target a server
// may be using, and changes nothing either time; backup refuses to
// overwrite and a PostgreSQL URL.
func TestBackupAndRestoreRefuse(t *testing.T) {
	dir := t.TempDir()
	db, cp, target := filepath.Join(dir, "w.db"), filepath.Join(dir, "copy.db"), filepath.Join(dir, "target.db")
	s, err := store.OpenSQLite(db)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	runOK := func(args ...string) (int, string) {
		var o, e strings.Builder
		code := run(args, nil, &o, &e)
		return code, o.String() + e.String()
	}
	if code, msg := runOK("backup", "--db", db, "--out", cp); code != 0 {
		t.Fatalf("backup: %s", msg)
	}
	if code, msg := runOK("backup", "--db", db, "--out", cp); code != 1 || !strings.Contains(msg, "exists") {
		t.Errorf("backup over a file: %d %s", code, msg)
	}
	if code, msg := runOK("backup", "--db", "postgres://x/y", "--out", cp+"2"); code != 2 || !strings.Contains(msg, "pg_dump") {
		t.Errorf("backup of PostgreSQL: %d %s", code, msg)
	}
	if code, msg := runOK("backup", "--db", filepath.Join(dir, "none.db"), "--out", cp+"3"); code != 1 || !strings.Contains(msg, "no database") {
		t.Errorf("backup of nothing: %d %s", code, msg)
	}
	if code, _ := runOK("restore", "--db", target); code != 2 {
		t.Errorf("restore without --from: %d", code)
	}
	// A copy from a newer wyrm.
	newer := filepath.Join(dir, "newer.db")
	if code, msg := runOK("backup", "--db", db, "--out", newer); code != 0 {
		t.Fatal(msg)
	}
	ns, err := store.OpenSQLite(newer)
	if err != nil {
		t.Fatal(err)
	}
	ns.Close()
	rawSQLite(t, newer, "INSERT INTO schema_version(version) VALUES(999)")
	os.WriteFile(target, []byte("the old store"), 0o600)
	if code, msg := runOK("restore", "--db", target, "--from", newer); code != 1 || !strings.Contains(msg, "newer wyrm") {
		t.Errorf("restore of a newer schema: %d %s", code, msg)
	}
	os.WriteFile(target+"-wal", nil, 0o600)
	if code, msg := runOK("restore", "--db", target, "--from", cp); code != 1 || !strings.Contains(msg, "stop it first") {
		t.Errorf("restore over a store in use: %d %s", code, msg)
	}
	if b, _ := os.ReadFile(target); string(b) != "the old store" {
		t.Errorf("a refused restore changed the target")
	}
	os.Remove(target + "-wal")
	if code, msg := runOK("restore", "--db", target, "--from", cp); code != 0 {
		t.Fatalf("restore: %s", msg)
	}
	if b, _ := os.ReadFile(target + ".before-restore"); string(b) != "the old store" {
		t.Errorf("the replaced store was not kept")
	}
}

// waitURL waits for serve to print its address.
func waitURL(t *testing.T, out, errb *syncBuffer) string {
	t.Helper()
	for i := 0; i < 500; i++ {
		if s := out.String(); strings.Contains(s, "http://") {
			return strings.Fields(s[strings.Index(s, "http://"):])[0]
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no URL printed; stdout %q stderr %q", out.String(), errb.String())
	return ""
}

// rawSQLite runs one statement on a SQLite file.
func rawSQLite(t *testing.T, path, stmt string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(stmt); err != nil {
		t.Fatal(err)
	}
}
