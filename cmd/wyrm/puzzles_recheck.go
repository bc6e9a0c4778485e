package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"wyrm/game"
	"wyrm/puzzlegen"
)

// puzzleFile is a puzzle file as "wyrm puzzles" writes it.
type puzzleFile struct {
	Recipe  string          `json:"recipe"`
	Rules   puzzlegen.Rules `json:"rules"`
	Puzzles []game.Puzzle   `json:"puzzles"`
}

// recheck searches every puzzle of g's file in dir again with the rules
// the file records, after a change of the engine: a puzzle the search
// still finds is kept as found now (its line, scores, themes and first
// rating may change), one it no longer finds is dropped. The file is
// written back with its recipe.
func recheck(ctx context.Context, g game.Game, dir string, log io.Writer) error {
	path := filepath.Join(dir, g.Info().Name, "puzzles.json")
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var f puzzleFile
	if err := json.Unmarshal(b, &f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	c := puzzlegen.NewChecker(f.Rules)
	rec := c.Refind(ctx, g, puzzlegen.Game{Puzzles: f.Puzzles})
	fmt.Fprintf(log, "%s: %d of %d puzzles found again\n", g.Info().Name, len(rec.Puzzles), len(f.Puzzles))
	run := puzzleRun{g: g, rules: f.Rules, recipe: f.Recipe}
	return os.WriteFile(path, run.file(rec.Puzzles), 0o644)
}
