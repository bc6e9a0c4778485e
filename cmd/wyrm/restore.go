package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"wyrm/server/store"
)

// runRestore puts a copy made by wyrm backup back as the game store.
func runRestore(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "wyrm.db", "the SQLite game store to replace (its server stopped); the old file is kept as FILE.before-restore")
	from := fs.String("from", "", "the copy to restore (required), as wyrm backup wrote it")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if msg := dbFlagsProblem(fs, *db, "from", *from); msg != "" {
		fmt.Fprintln(stderr, "wyrm restore:", msg)
		return 2
	}
	info, err := store.RestoreSQLite(context.Background(), *from, *db)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm restore:", err)
		return 1
	}
	fmt.Fprintf(stdout, "restored %s from %s: %d games, schema version %d\n", *db, *from, info.Games, info.Schema)
	return 0
}
