package store

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// concrete matches a name of one store in particular, which the server's
// other packages must not use: they take a DB or a Store, so that what
// they do holds on either database.
var concrete = regexp.MustCompile(`\bstore\.(Open)?(SQLite|Postgres)\b`)

// No package of the server but this one names a store in particular.
func TestFeaturesNameNoConcreteStore(t *testing.T) {
	root := ".." // the server's folder
	seen := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path == filepath.Join(root, "store") || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		seen++
		for i, line := range strings.Split(string(b), "\n") {
			if m := concrete.FindString(line); m != "" {
				t.Errorf("%s:%d names %s; take a store.DB (or store.Store) instead", path, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen == 0 {
		t.Fatal("no Go files found under the server's folder")
	}
}
