package docs

import (
	"io/fs"
	"strings"
	"testing"
)

func TestEveryGameHasEmbeddedRules(t *testing.T) {
	for _, name := range []string{"dragon-chess.md", "dragonchess.md", "dungeon-chess.md"} {
		b, err := fs.ReadFile(Rules, name)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), "#") || len(b) < 2000 {
			t.Errorf("%s: %d bytes, does not look like a rules document", name, len(b))
		}
	}
}
