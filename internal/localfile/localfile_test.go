package localfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wyrm/game"
)

var specs = []game.Option{
	{Name: "map", Kind: game.Choice, Choices: []string{"small"}, File: "map-data"},
	{Name: "map-data", Kind: game.Text, Internal: true},
	{Name: "seed", Kind: game.Int, Max: 9},
}

func TestOptionsReadsNamedFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "vault.map")
	if err := os.WriteFile(path, []byte("name Vault\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Options(specs, game.Options{"map": path, "seed": "3"})
	if err != nil || got["map-data"] != "name Vault\n" || got["seed"] != "3" {
		t.Fatalf("Options = %v, %v", got, err)
	}
	if _, ok := got["map"]; ok {
		t.Fatal("the path stayed in the options")
	}
	if got, err := Options(specs, game.Options{"map": "small"}); err != nil || got["map"] != "small" || got["map-data"] != "" {
		t.Fatalf("a choice was read as a file: %v %v", got, err)
	}
}

func TestReadRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, MaxSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{"/dev/zero", "not a regular file"},
		{dir, "not a regular file"},
		{big, "larger than"},
		{filepath.Join(dir, "missing"), "no such file"},
	} {
		if _, err := Read(c.path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Read(%s) = %v, want %q", c.path, err, c.want)
		}
	}
}
