package record

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wyrm/game"
)

// Names of the tags this package writes and reads itself.
const (
	tagEvent       = "Event"
	tagSite        = "Site"
	tagDate        = "Date"
	tagRound       = "Round"
	tagWhite       = "White"
	tagBlack       = "Black"
	tagResult      = "Result"
	tagVariant     = "Variant"
	tagGame        = "Game"
	tagOptions     = "Options"
	tagSetUp       = "SetUp"
	tagFEN         = "FEN"
	tagTermination = "Termination"
	tagReason      = "Reason"
	tagResults     = "Results"
	tagLeft        = "Left"
	seatTagPrefix  = "Seat"
)

var ownTags = []string{tagEvent, tagSite, tagDate, tagRound, tagWhite, tagBlack, tagResult,
	tagVariant, tagGame, tagOptions, tagSetUp, tagFEN, tagTermination, tagReason, tagResults, tagLeft}

// isOwnTag reports whether name is a tag this package fills from Record's
// fields, so that it may not appear among Record.Tags.
func isOwnTag(name string) bool {
	return slices.Contains(ownTags, name) || seatTag(name) > 0
}

// seatTag returns n for a tag named Seat<n>, n from 1 to game.MaxPlayers,
// and 0 for any other name.
func seatTag(name string) int {
	rest, ok := strings.CutPrefix(name, seatTagPrefix)
	if !ok || len(rest) != 1 {
		return 0
	}
	n := int(rest[0] - '0')
	if n < 1 || n > game.MaxPlayers {
		return 0
	}
	return n
}

// validTagName reports whether name is a PGN tag name: letters, digits
// and underscores, starting with a letter.
func validTagName(name string) bool {
	if name == "" || !isLetter(name[0]) {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !isLetter(c) && !(c >= '0' && c <= '9') && c != '_' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// escapeValue makes s a PGN tag value: backslash and quote escaped, and
// control characters (a tag value is one line) turned into spaces.
func escapeValue(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		// Bytewise, so that text in any encoding passes unchanged.
		switch c := s[i]; {
		case c == '\\' || c == '"':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < ' ' || c == 0x7f:
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// resultToken is the Result tag and movetext end for results: a two-seat
// game's 1-0, 0-1 or 1/2-1/2, and "*" for anything PGN cannot say.
func resultToken(results []game.Result, seats int) string {
	if seats != 2 || len(results) < 2 {
		return "*"
	}
	switch a, b := results[0], results[1]; {
	case a == game.Win || b == game.Loss:
		return "1-0"
	case b == game.Win || a == game.Loss:
		return "0-1"
	case a == game.Draw && b == game.Draw:
		return "1/2-1/2"
	}
	return "*"
}

// tokenResults reads a two-seat result token; ok is false for other text.
func tokenResults(tok string) (r []game.Result, ok bool) {
	switch tok {
	case "1-0":
		return []game.Result{game.Win, game.Loss}, true
	case "0-1":
		return []game.Result{game.Loss, game.Win}, true
	case "1/2-1/2":
		return []game.Result{game.Draw, game.Draw}, true
	case "*":
		return []game.Result{game.Ongoing, game.Ongoing}, true
	}
	return nil, false
}

// resultWords writes each seat's result as the Results tag does, or ""
// while every seat's game goes on.
func resultWords(results []game.Result) string {
	if !slices.ContainsFunc(results, func(r game.Result) bool { return r != game.Ongoing }) {
		return ""
	}
	words := make([]string, len(results))
	for i, r := range results {
		words[i] = r.String()
	}
	return strings.Join(words, ",")
}

// parseResultWords reads a Results tag for seats seats.
func parseResultWords(s string, seats int) ([]game.Result, error) {
	words := strings.Split(s, ",")
	if len(words) != seats {
		return nil, fmt.Errorf("Results %q names %d seats, the record has %d", s, len(words), seats)
	}
	out := make([]game.Result, seats)
	for i, w := range words {
		r, ok := parseResult(strings.TrimSpace(w))
		if !ok {
			return nil, fmt.Errorf("Results %q: %q is not a result", s, w)
		}
		out[i] = r
	}
	return out, nil
}

// parseResult reads a game.Result written by its String method.
func parseResult(w string) (game.Result, bool) {
	for r := game.Ongoing; r <= game.Eliminated; r++ {
		if r.String() == w {
			return r, true
		}
	}
	return game.Ongoing, false
}

// formatLeft writes the Left tag: seat@ply, seats from 1, by spaces.
func formatLeft(left []Leave) string {
	parts := make([]string, len(left))
	for i, l := range left {
		parts[i] = fmt.Sprintf("%d@%d", int(l.Seat)+1, l.Ply)
	}
	return strings.Join(parts, " ")
}

// parseLeft reads a Left tag for a game of seats seats.
func parseLeft(s string, seats int) ([]Leave, error) {
	var out []Leave
	for _, f := range strings.Fields(s) {
		a, b, ok := strings.Cut(f, "@")
		seat, err1 := strconv.Atoi(a)
		ply, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || seat < 1 || seat > seats || ply < 0 {
			return nil, fmt.Errorf("Left %q: %q is not seat@ply", s, f)
		}
		out = append(out, Leave{Ply: ply, Seat: game.Player(seat - 1)})
	}
	return out, nil
}

// optionEscaper keeps ';' and '=' of option values apart from the
// separators of the Options tag.
var (
	optionEscaper   = strings.NewReplacer("%", "%25", ";", "%3B", "=", "%3D")
	optionUnescaper = strings.NewReplacer("%25", "%", "%3B", ";", "%3D", "=")
)

// formatOptions writes options as name=value pairs by ';', sorted by name.
func formatOptions(o game.Options) string {
	names := make([]string, 0, len(o))
	for k := range o {
		names = append(names, k)
	}
	slices.Sort(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = optionEscaper.Replace(k) + "=" + optionEscaper.Replace(o[k])
	}
	return strings.Join(parts, ";")
}

// parseOptions reads what formatOptions writes.
func parseOptions(s string) (game.Options, error) {
	o := game.Options{}
	for _, part := range strings.Split(s, ";") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("Options %q: %q is not name=value", s, part)
		}
		o[optionUnescaper.Replace(k)] = optionUnescaper.Replace(v)
	}
	return o, nil
}
