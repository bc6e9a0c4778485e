// Package localfile lets the local tools (the command line, the UCI engine)
// take a file a local user names as a game option's value, such as a
// Dungeon Chess map file. The server never imports it: there a client
// chooses among what the operator installed, and no client's path reaches
// the file system.
package localfile

import (
	"fmt"
	"io"
	"os"
	"slices"

	"wyrm/game"
)

// MaxSize bounds a file read for an option.
const MaxSize = 1 << 20

// Read returns the content of the regular file at path, refusing devices,
// directories and files over MaxSize.
func Read(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxSize {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, MaxSize)
	}
	return b, nil
}

// Options returns opts with every value that is not one of its option's
// choices, for an option that takes files (game.Option.File), replaced by
// that file's content in the option that carries it.
func Options(specs []game.Option, opts game.Options) (game.Options, error) {
	out := game.Options{}
	for k, v := range opts {
		out[k] = v
	}
	for _, s := range specs {
		v, ok := opts[s.Name]
		if !ok || s.File == "" || v == "" || slices.Contains(s.Choices, v) {
			continue
		}
		b, err := Read(v)
		if err != nil {
			return nil, fmt.Errorf("option %s: %q is neither one of %v nor a readable file: %w", s.Name, v, s.Choices, err)
		}
		delete(out, s.Name)
		out[s.File] = string(b)
	}
	return out, nil
}
