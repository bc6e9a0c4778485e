// Package sqlmigrate reads numbered schema steps (NNNN_what.sql) from an
// embedded folder: the one loader of the game store's and the accounts'
// migrations, each of which applies its steps in its own way.
package sqlmigrate

import (
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// Step is one numbered schema step.
type Step struct {
	Version int
	Name    string
	SQL     string
}

// Load returns the steps in dir of fsys in order. Their numbers must run
// 1, 2, 3... without gaps, so that a database's version is how many steps
// it has.
func Load(fsys fs.FS, dir string) ([]Step, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var out []Step
	for i, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("migration %s/%s is not named NNNN_what.sql", dir, e.Name())
		}
		// ReadDir sorts by name and the numbers are zero-padded, so the
		// order is numeric; no step may be missing or doubled.
		if v != i+1 {
			return nil, fmt.Errorf("migration %s/%s: want number %d", dir, e.Name(), i+1)
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, Step{Version: v, Name: e.Name(), SQL: string(b)})
	}
	return out, nil
}
