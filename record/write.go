package record

import (
	"fmt"
	"io"
	"strings"

	"wyrm/game"
)

// lineWidth is the longest movetext line written; PGN asks for lines
// under 80 characters.
const lineWidth = 79

// Write writes r as one PGN game, followed by a blank line so that games
// can follow one another in a file.
func Write(w io.Writer, r *Record) error {
	text, err := Format(r)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, text)
	return err
}

// Format returns r as one PGN game, ending in a blank line. It fails for a
// record that would not read back the same: a move that is not one
// movetext token, Movers of another length than Moves, or an extra tag
// with a bad name or one of the package's own.
func Format(r *Record) (string, error) {
	if err := check(r); err != nil {
		return "", err
	}
	var b strings.Builder
	tag := func(name, value string) {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, escapeValue(value))
	}
	seats := r.Seats()
	result := resultToken(r.Results, seats)
	tag(tagEvent, orUnknown(r.Event))
	tag(tagSite, orUnknown(r.Site))
	tag(tagDate, or(r.Date, "????.??.??"))
	tag(tagRound, orUnknown(r.Round))
	if seats == 2 {
		tag(tagWhite, orUnknown(name(r.Players, 0)))
		tag(tagBlack, orUnknown(name(r.Players, 1)))
	} else {
		tag(tagWhite, "?")
		tag(tagBlack, "?")
	}
	tag(tagResult, result)
	if seats != 2 {
		for i := range seats {
			tag(fmt.Sprintf("%s%d", seatTagPrefix, i+1), orUnknown(r.Players[i]))
		}
	}
	if r.Variant != "" {
		tag(tagVariant, r.Variant)
	}
	if r.Game != "" {
		tag(tagGame, r.Game)
	}
	if len(r.Options) > 0 {
		tag(tagOptions, formatOptions(r.Options))
	}
	if r.Start != "" {
		tag(tagSetUp, "1")
		tag(tagFEN, r.Start)
	}
	if r.Termination != "" {
		tag(tagTermination, string(r.Termination))
	}
	if r.Reason != "" {
		tag(tagReason, r.Reason)
	}
	if seats != 2 {
		if w := resultWords(r.Results); w != "" {
			tag(tagResults, w)
		}
	}
	if len(r.Left) > 0 {
		tag(tagLeft, formatLeft(r.Left))
	}
	for _, t := range r.Tags {
		tag(t.Name, t.Value)
	}
	b.WriteByte('\n')
	writeMovetext(&b, r, result)
	b.WriteString("\n\n")
	return b.String(), nil
}

// check finds what would make the written record read back differently.
func check(r *Record) error {
	if len(r.Movers) != 0 && len(r.Movers) != len(r.Moves) {
		return fmt.Errorf("record: %d movers for %d moves", len(r.Movers), len(r.Moves))
	}
	if len(r.Players) == 1 || len(r.Players) > game.MaxPlayers {
		return fmt.Errorf("record: %d players", len(r.Players))
	}
	for i, m := range r.Moves {
		if !isMoveToken(m) {
			return fmt.Errorf("record: move %d %q cannot be written as one movetext token", i+1, m)
		}
	}
	for _, t := range r.Tags {
		if !validTagName(t.Name) || isOwnTag(t.Name) {
			return fmt.Errorf("record: %q cannot be an extra tag name", t.Name)
		}
	}
	return nil
}

// writeMovetext writes the moves with their numbers and the result,
// wrapped at lineWidth. A number and its move stay on one line.
func writeMovetext(b *strings.Builder, r *Record, result string) {
	seats := r.Seats()
	line := 0
	put := func(unit string) {
		switch {
		case line == 0:
		case line+1+len(unit) > lineWidth:
			b.WriteByte('\n')
			line = 0
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(unit)
		line += len(unit)
	}
	round := 0
	prev := game.Player(-1)
	for i, m := range r.Moves {
		mover := game.Player(i % seats)
		if len(r.Movers) > 0 {
			mover = r.Movers[i]
		}
		if i == 0 || mover <= prev {
			round++
			dots := "."
			if i == 0 && seats == 2 && mover == 1 {
				dots = "..."
			}
			m = fmt.Sprintf("%d%s %s", round, dots, m)
		}
		put(m)
		prev = mover
	}
	put(result)
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func orUnknown(s string) string { return or(s, "?") }

func name(players []string, i int) string {
	if i < len(players) {
		return players[i]
	}
	return ""
}
