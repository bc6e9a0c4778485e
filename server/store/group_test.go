package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

// Many games appending at once are group committed; every append that
// returned nil is there after reopening, and a conflict in the middle of a
// batch fails only itself.
func TestConcurrentAppendsAllLand(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	const games, moves = 40, 25
	for g := 0; g < games; g++ {
		if err := s.CreateGame(ctx, Game{ID: fmt.Sprint("g", g), Def: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errc := make(chan error, games*moves*2)
	for g := 0; g < games; g++ {
		wg.Add(1)
		go func(id string) {
			defer wg.Done()
			for m := 0; m < moves; m++ {
				if err := s.Append(ctx, id, Action{Seq: m, Kind: "move", Data: fmt.Sprint(m)}); err != nil {
					errc <- err
				}
				// A duplicate interleaved with other games' appends.
				if err := s.Append(ctx, id, Action{Seq: m, Kind: "move"}); !errors.Is(err, ErrConflict) {
					errc <- fmt.Errorf("duplicate %s/%d: %v", id, m, err)
				}
			}
		}(fmt.Sprint("g", g))
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		t.Error(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for g := 0; g < games; g++ {
		acts, err := s.Actions(ctx, fmt.Sprint("g", g))
		if err != nil || len(acts) != moves {
			t.Fatalf("game %d: %d actions, %v", g, len(acts), err)
		}
		for i, a := range acts {
			if a.Seq != i || a.Data != fmt.Sprint(i) {
				t.Fatalf("game %d action %d: %+v", g, i, a)
			}
		}
	}
}

func TestAppendAfterCloseIsRefused(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateGame(context.Background(), Game{ID: "g", Def: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := s.Append(context.Background(), "g", Action{Seq: 0, Kind: "move"}); !errors.Is(err, ErrClosed) {
		t.Fatalf("append after close: %v, want ErrClosed", err)
	}
}

func BenchmarkAppendParallel(b *testing.B) {
	ctx := context.Background()
	s, err := Open(filepath.Join(b.TempDir(), "t.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	var mu sync.Mutex
	next := 0
	b.SetParallelism(64)
	b.RunParallel(func(pb *testing.PB) {
		mu.Lock()
		id := fmt.Sprint("g", next)
		next++
		mu.Unlock()
		if err := s.CreateGame(ctx, Game{ID: id, Def: []byte(`{}`)}); err != nil {
			b.Error(err)
			return
		}
		for seq := 0; pb.Next(); seq++ {
			if err := s.Append(ctx, id, Action{Seq: seq, Kind: "move", Data: "e2e4"}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
