package pgtest

import (
	"errors"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
)

// serverBin returns the folder holding initdb and postgres: Debian keeps
// them out of PATH in /usr/lib/postgresql/<major>/bin, so the newest major
// there wins, then PATH.
func serverBin() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	major := func(dir string) int {
		n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
		return n
	}
	slices.SortFunc(dirs, func(a, b string) int { return major(b) - major(a) })
	for _, d := range dirs {
		if executable(filepath.Join(d, "initdb")) && executable(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		d := filepath.Dir(p)
		if executable(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	return "", errors.New("no initdb and postgres in /usr/lib/postgresql/*/bin or PATH")
}

func executable(path string) bool {
	_, err := exec.LookPath(path)
	return err == nil
}
