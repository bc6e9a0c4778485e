package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"wyrm/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// backend names one implementation for the tests that every store must
// pass; target gives a fresh, empty database for one test.
type backend struct {
	name   string
	target func(testing.TB) string
}

var backends = []backend{
	{"sqlite", func(tb testing.TB) string { return filepath.Join(tb.TempDir(), "t.db") }},
	{"postgres", pgtest.NewDB},
}

// forEach runs f against a fresh database of each implementation, opened
// through Open so that the choice by target is tested too.
func forEach(t *testing.T, f func(t *testing.T, target string)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { f(t, b.target(t)) })
	}
}

// mustOpen opens target and closes it when the test ends.
func mustOpen(t testing.TB, target string) Store {
	t.Helper()
	s, err := Open(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestOpenPicksImplementationByTarget(t *testing.T) {
	forEach(t, func(t *testing.T, target string) {
		s := mustOpen(t, target)
		_, isPG := s.(*Postgres)
		if isPG != IsPostgres(target) {
			t.Fatalf("Open(%s) gave %T", Redact(target), s)
		}
	})
}

func TestRoundTripSurvivesReopen(t *testing.T) {
	forEach(t, func(t *testing.T, target string) {
		ctx := context.Background()
		s, err := Open(target)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.CreateGame(ctx, Game{ID: "g1", CreatedMs: 5, Def: []byte(`{"game":"x"}`)}); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateGame(ctx, Game{ID: "g1", CreatedMs: 6, Def: []byte(`{}`)}); err == nil {
			t.Fatal("a second game with the same id was accepted")
		}
		want := []Action{{Seq: 0, AtMs: 10, Seat: 0, Kind: "move", Data: "a1a2"}, {Seq: 1, AtMs: 20, Seat: 1, Kind: "resign"}}
		for _, a := range want {
			if err := s.Append(ctx, "g1", a); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Append(ctx, "g1", Action{Seq: 1, Kind: "move"}); !errors.Is(err, ErrConflict) {
			t.Fatalf("duplicate seq: %v, want ErrConflict", err)
		}
		if err := s.Append(ctx, "nope", Action{Seq: 0, Kind: "move"}); err == nil {
			t.Fatal("action for an unknown game was accepted")
		}
		s.Close()

		s = mustOpen(t, target)
		gs, err := s.Games(ctx)
		if err != nil || len(gs) != 1 || gs[0].ID != "g1" || gs[0].CreatedMs != 5 || string(gs[0].Def) != `{"game":"x"}` {
			t.Fatalf("games %+v %v", gs, err)
		}
		got, err := s.Actions(ctx, "g1")
		if err != nil || len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
			t.Fatalf("actions %+v %v", got, err)
		}
	})
}

func TestRedactHidesPasswords(t *testing.T) {
	for in, want := range map[string]string{
		"wyrm.db":                                   "wyrm.db",
		"postgres://u:secret@db:5432/wyrm":          "postgres://u:xxxxx@db:5432/wyrm",
		"postgresql://u@db/wyrm?password=secret":    "postgresql://u@db/wyrm?password=xxxxx",
		"postgres://u@/wyrm?host=%2Frun%2Fpg":       "postgres://u@/wyrm?host=%2Frun%2Fpg",
		"postgres://u:sec ret@db/wyrm%zz":           "postgres://…",
		"postgres://u:secret@db/wyrm?sslmode=allow": "postgres://u:xxxxx@db/wyrm?sslmode=allow",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}

// Games come oldest first, ties by id in byte order, in every store.
func TestGamesOldestFirst(t *testing.T) {
	forEach(t, func(t *testing.T, target string) {
		ctx := context.Background()
		s := mustOpen(t, target)
		for _, g := range []Game{{ID: "late", CreatedMs: 9}, {ID: "b", CreatedMs: 3}, {ID: "a", CreatedMs: 3}, {ID: "B", CreatedMs: 3}, {ID: "first", CreatedMs: 1}} {
			g.Def = []byte(`{}`)
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		gs, err := s.Games(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, g := range gs {
			ids = append(ids, g.ID)
		}
		if fmt.Sprint(ids) != "[first B a b late]" {
			t.Fatalf("order %v", ids)
		}
	})
}

func TestHeartbeatsKeepTheLatestTime(t *testing.T) {
	forEach(t, func(t *testing.T, target string) {
		ctx := context.Background()
		s := mustOpen(t, target)
		if at, err := s.LastBeat(ctx, "a"); err != nil || at != 0 {
			t.Fatalf("no beat yet: %d %v", at, err)
		}
		for _, at := range []int64{100, 250} {
			if err := s.Beat(ctx, "a", at); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Beat(ctx, "b", 7); err != nil {
			t.Fatal(err)
		}
		if at, err := s.LastBeat(ctx, "a"); err != nil || at != 250 {
			t.Fatalf("last beat of a: %d %v", at, err)
		}
	})
}
