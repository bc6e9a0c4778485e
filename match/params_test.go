package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/games"
	"wyrm/internal/toygame"
)

func TestLevelPlayerWithParams(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "tuned.txt")
	if err := os.WriteFile(good, []byte("# two weights changed\nvalue.knight.mg 400\ntempo 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	unknown := filepath.Join(dir, "unknown.txt")
	if err := os.WriteFile(unknown, []byte("value.unicorn.mg 400\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := NewPlayer("level:2,params:"+good, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p.Name() != "wyrm level:2,params:tuned.txt" {
		t.Errorf("name %q", p.Name())
	}
	g, _ := games.Lookup("dragon")
	pos, _ := g.Start(game.Options{})
	if _, err := p.Move(context.Background(), Request{Game: g, Pos: pos}); err != nil {
		t.Fatal(err)
	}
	fresh, _ := g.Start(game.Options{})
	own := fresh.(game.Tuner).Params()
	for i, q := range pos.(game.Tuner).Params() {
		want := own[i].Value
		switch q.Name {
		case "value.knight.mg":
			want = 400
		case "tempo":
			want = 3
		}
		if q.Value != want {
			t.Errorf("the player searched with %s = %d, want %d", q.Name, q.Value, want)
		}
	}

	for _, spec := range []string{"random,params:" + good, "level:2,params:", "level:2,params:" + filepath.Join(dir, "missing.txt"), "level:9,params:" + good} {
		if _, err := NewPlayer(spec, 1); err == nil {
			t.Errorf("NewPlayer(%q) took it", spec)
		}
	}
	bad, err := NewPlayer("level:2,params:"+unknown, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bad.Move(context.Background(), Request{Game: g, Pos: pos.Clone()}); err == nil || !strings.Contains(err.Error(), "value.unicorn.mg") {
		t.Errorf("an unknown parameter: %v", err)
	}
	toy := toygame.Game{}
	tp, _ := toy.Start(game.Options{})
	if _, err := p.Move(context.Background(), Request{Game: toy, Pos: tp}); err == nil {
		t.Error("parameters applied to a game without them")
	}
}
