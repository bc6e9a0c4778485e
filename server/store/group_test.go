package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
)

// Many games appending at once are group committed; every append that
// returned nil is there after reopening, and a conflict or an unknown game
// in the middle of a batch fails only itself.
func TestConcurrentAppendsAllLand(t *testing.T) {
	forEach(t, func(t *testing.T, target string) {
		ctx := context.Background()
		s, err := Open(target)
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
		errc := make(chan error, games*moves*3)
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
					// So is an action of a game that does not exist.
					if m%5 == 0 {
						if err := s.Append(ctx, "no-"+id, Action{Seq: m, Kind: "move"}); err == nil || errors.Is(err, ErrConflict) {
							errc <- fmt.Errorf("unknown game no-%s/%d: %v", id, m, err)
						}
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
		s = mustOpen(t, target)
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
	})
}

func TestAppendAfterCloseIsRefused(t *testing.T) {
	forEach(t, func(t *testing.T, target string) {
		s, err := Open(target)
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
	})
}
