package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"wyrm/server/account"
	"wyrm/server/store"
)

// runMod is the operator's side of moderation: grant or revoke the
// moderator role, and read the moderators' log.
func runMod(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	const use = "usage: wyrm mod grant NAME | revoke NAME | log [-n N]   (each with --db FILE)"
	if len(args) == 0 {
		fmt.Fprintln(stderr, use)
		return 2
	}
	verb := args[0]
	fs := flag.NewFlagSet("mod "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", "wyrm.db", "the server's database: a SQLite file or a postgres:// URL")
	n := fs.Int("n", 50, "log: how many of the latest entries to print, newest first")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	// The name may come before the flags as well as after them.
	var names []string
	for fs.NArg() > 0 {
		names = append(names, fs.Arg(0))
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			return 2
		}
	}
	switch {
	case (verb == "grant" || verb == "revoke") && len(names) == 1:
	case verb == "log" && len(names) == 0 && *n >= 1:
	default:
		fmt.Fprintln(stderr, use)
		return 2
	}
	if !store.IsPostgres(*dbPath) {
		// Opening a missing file would make an empty database there.
		if _, err := os.Stat(*dbPath); err != nil {
			fmt.Fprintln(stderr, "wyrm mod:", err)
			return 1
		}
	}
	st, err := store.Open(*dbPath)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm mod:", err)
		return 1
	}
	defer st.Close()
	ctx := context.Background()
	acc, err := account.Open(ctx, st, account.Config{})
	if err != nil {
		fmt.Fprintln(stderr, "wyrm mod:", err)
		return 1
	}
	defer acc.Close()
	if verb == "log" {
		entries, err := acc.ModLog(ctx, *n)
		if err != nil {
			fmt.Fprintln(stderr, "wyrm mod:", err)
			return 1
		}
		if len(entries) == 0 {
			fmt.Fprintln(stdout, "the log is empty")
		}
		for _, e := range entries {
			fmt.Fprintf(stdout, "%s  %s: %s %s", when(e.At.UnixMilli()), shown(e.Moderator), e.Action, shown(e.Target))
			if e.Detail != "" {
				fmt.Fprintf(stdout, " (%s)", shown(e.Detail))
			}
			if e.Reason != "" {
				fmt.Fprintf(stdout, "  reason: %s", strconv.QuoteToGraphic(e.Reason))
			}
			fmt.Fprintln(stdout)
		}
		return 0
	}
	name := names[0]
	if err := acc.SetModerator(ctx, name, verb == "grant", account.Actor{Moderator: "operator"}); err != nil {
		if errors.Is(err, account.ErrNoUser) {
			fmt.Fprintf(stderr, "wyrm mod: no open account is named %s\n", shown(name))
			return 1
		}
		fmt.Fprintln(stderr, "wyrm mod:", err)
		return 1
	}
	if verb == "grant" {
		fmt.Fprintf(stdout, "%s is a moderator\n", shown(name))
	} else {
		fmt.Fprintf(stdout, "%s is no longer a moderator\n", shown(name))
	}
	return 0
}
