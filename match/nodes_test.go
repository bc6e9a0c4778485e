package match

import (
	"context"
	"os"
	"testing"

	"wyrm/internal/toygame"
)

// nodeSpy plays the first legal move and remembers the node limits it
// was given.
type nodeSpy struct {
	firstMove
	seen *[]uint64
}

func (s nodeSpy) Move(ctx context.Context, r Request) (string, error) {
	*s.seen = append(*s.seen, r.Nodes)
	return s.firstMove.Move(ctx, r)
}

// TestNodesReachPlayers checks that a node limit reaches every move's
// request, and that an external engine told "go nodes" answers in time.
func TestNodesReachPlayers(t *testing.T) {
	var seen []uint64
	_, err := Run(context.Background(), Config{
		Game: toygame.Game{}, NewA: func(uint64) (Player, error) { return nodeSpy{seen: &seen}, nil },
		NewB: factory("level:8"), Games: 1, MaxPlies: 20, Nodes: 777,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 {
		t.Fatal("the spy never moved")
	}
	for _, n := range seen {
		if n != 777 {
			t.Fatalf("requests carried node limits %v, want 777", seen)
		}
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	t.Setenv("WYRM_MATCH_UCI", "1")
	sum, err := Run(context.Background(), Config{
		Game: toygame.Game{}, NewA: factory("uci:" + exe + " option.UCI_Variant=toy"),
		NewB: factory("random"), Games: 2, MaxPlies: 60, Nodes: 2000,
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Tally.Games() != 2 {
		t.Fatalf("%+v", sum.Tally)
	}
}
