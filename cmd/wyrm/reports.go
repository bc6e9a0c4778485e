package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode"

	"wyrm/server/chat"
	"wyrm/server/store"
)

// runReports shows the operator the chat messages players reported, or
// everything said in one game, from the server's database.
func runReports(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reports", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", "wyrm.db", "the server's database: a SQLite file or a postgres:// URL")
	n := fs.Int("n", 50, "how many of the latest reports to list, newest first")
	gameID := fs.String("game", "", "instead, print everything said in this game, both rooms, in order")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *n < 1 {
		fmt.Fprintln(stderr, "wyrm reports: takes only flags, and -n of at least 1")
		return 2
	}
	if !store.IsPostgres(*dbPath) {
		// Opening a missing file would make an empty database there.
		if _, err := os.Stat(*dbPath); err != nil {
			fmt.Fprintln(stderr, "wyrm reports:", err)
			return 1
		}
	}
	st, err := store.Open(*dbPath)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm reports:", err)
		return 1
	}
	defer st.Close()
	ctx := context.Background()
	talk, err := chat.Open(ctx, st)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm reports:", err)
		return 1
	}
	defer talk.Close()
	if *gameID != "" {
		msgs, err := talk.Log(ctx, *gameID)
		if err != nil {
			fmt.Fprintln(stderr, "wyrm reports:", err)
			return 1
		}
		if len(msgs) == 0 {
			fmt.Fprintf(stdout, "nothing was said in game %s\n", shown(*gameID))
		}
		for _, m := range msgs {
			fmt.Fprintf(stdout, "%s  #%d  %-10s  %s: %s\n", when(m.AtMs), m.ID, m.Room, author(m), strconv.QuoteToGraphic(m.Text))
		}
		return 0
	}
	reports, err := talk.Reports(ctx, *n)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm reports:", err)
		return 1
	}
	if len(reports) == 0 {
		fmt.Fprintln(stdout, "no reports")
	}
	for _, r := range reports {
		m := r.Message
		reporter := shown(r.Reporter)
		if r.ReporterID != 0 {
			reporter += fmt.Sprintf(" (account %d)", r.ReporterID)
		}
		fmt.Fprintf(stdout, "%s  reported by %s\n  game %s, %s' room, message #%d, said %s by %s:\n  %s\n",
			when(r.AtMs), reporter, shown(m.Game), m.Room, m.ID, when(m.AtMs), author(m), strconv.QuoteToGraphic(m.Text))
	}
	return 0
}

// author names who said m, with the account behind the name.
func author(m chat.Message) string {
	switch {
	case m.UserID != 0:
		return fmt.Sprintf("%s (account %d)", shown(m.Name), m.UserID)
	case m.Seat >= 0:
		return fmt.Sprintf("%s (guest, seat %d)", shown(m.Name), m.Seat+1)
	}
	return shown(m.Name) + " (guest)"
}

// shown keeps what a client chose (a name, a game id) from writing to the
// operator's terminal anything but plain characters.
func shown(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsGraphic(r) {
			return r
		}
		return '?'
	}, s)
}

func when(ms int64) string { return time.UnixMilli(ms).UTC().Format("2006-01-02 15:04:05Z") }
