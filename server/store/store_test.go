package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

func TestRoundTripSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateGame(ctx, Game{ID: "g1", CreatedMs: 5, Def: []byte(`{"game":"x"}`)}); err != nil {
		t.Fatal(err)
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

	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	gs, err := s.Games(ctx)
	if err != nil || len(gs) != 1 || gs[0].ID != "g1" || string(gs[0].Def) != `{"game":"x"}` {
		t.Fatalf("games %+v %v", gs, err)
	}
	got, err := s.Actions(ctx, "g1")
	if err != nil || len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("actions %+v %v", got, err)
	}
}
