package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"wyrm/server/store"
)

// runBackup writes a consistent copy of a live SQLite game store.
func runBackup(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "wyrm.db", "the SQLite game store to copy (a server may be using it)")
	out := fs.String("out", "", "the new file to write the copy to (required; must not exist)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if msg := dbFlagsProblem(fs, *db, "out", *out); msg != "" {
		fmt.Fprintln(stderr, "wyrm backup:", msg)
		return 2
	}
	info, err := store.BackupSQLite(context.Background(), *db, *out)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm backup:", err)
		return 1
	}
	fmt.Fprintf(stdout, "backed up %s to %s: %d games, schema version %d\n", *db, *out, info.Games, info.Schema)
	return 0
}

// dbFlagsProblem checks the flags backup and restore share: no stray
// arguments, a SQLite file (PostgreSQL has its own tools), and the other
// file named. "" when all is well.
func dbFlagsProblem(fs *flag.FlagSet, db, other, otherVal string) string {
	switch {
	case fs.NArg() > 0:
		return "unexpected arguments: " + strings.Join(fs.Args(), " ")
	case strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://"):
		return "-db is a PostgreSQL URL: use pg_dump and pg_restore (see docs/deploy.md)"
	case otherVal == "":
		return "-" + other + " is required"
	case otherVal == db:
		return "-db and -" + other + " name the same file"
	}
	return ""
}
