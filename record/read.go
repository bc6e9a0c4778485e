package record

import (
	"fmt"
	"io"
	"strings"
)

// Read reads every game of a PGN file.
func Read(r io.Reader) ([]Record, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return Parse(string(b))
}

// Parse reads every game of a PGN text: tag pairs, then movetext with
// move numbers, comments in braces or after ';', NAGs ($1), annotation
// marks (!, ?), variations in parentheses (skipped) and a result. Games
// follow one another; a game may lack tags or a result. Lines starting
// with '%' are ignored, as PGN says.
func Parse(text string) ([]Record, error) {
	p := parser{s: strings.TrimPrefix(text, "\uFEFF"), line: 1}
	var out []Record
	for {
		rec, ok, err := p.game()
		if err != nil {
			return out, fmt.Errorf("record: line %d: %w", p.line, err)
		}
		if !ok {
			return out, nil
		}
		out = append(out, rec)
	}
}

// parser walks a PGN text.
type parser struct {
	s    string
	i    int
	line int
}

// game reads the next game; ok is false at the end of the text.
func (p *parser) game() (rec Record, ok bool, err error) {
	var g rawGame
	for {
		p.space()
		if p.i >= len(p.s) {
			break
		}
		c := p.s[p.i]
		if c == '%' && (p.i == 0 || p.s[p.i-1] == '\n') {
			p.skipLine()
			continue
		}
		switch c {
		case '[':
			if g.moved || g.result != "" {
				return g.done()
			}
			name, value, err := p.tag()
			if err != nil {
				return Record{}, false, err
			}
			g.tags = append(g.tags, Tag{name, value})
			g.begun = true
			continue
		case '{':
			if err := p.comment(); err != nil {
				return Record{}, false, err
			}
			continue
		case ';':
			p.skipLine()
			continue
		case '(':
			if err := p.variation(); err != nil {
				return Record{}, false, err
			}
			continue
		case ')', ']', '}':
			return Record{}, false, fmt.Errorf("unexpected %q", c)
		}
		tok := p.token()
		if g.result != "" {
			// Movetext after a result begins a game without tags.
			p.i -= len(tok)
			return g.done()
		}
		g.begun = true
		m := moveOf(tok)
		if _, isResult := tokenResults(m); isResult {
			g.result = m
			continue
		}
		if m != "" {
			g.moves = append(g.moves, m)
			g.moved = true
		}
	}
	if !g.begun {
		return Record{}, false, nil
	}
	return g.done()
}

// space skips white space, counting lines.
func (p *parser) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case '\n':
			p.line++
		case ' ', '\t', '\r', '\v', '\f':
		default:
			return
		}
		p.i++
	}
}

// skipLine skips to the end of the line (a ';' comment, a '%' line).
func (p *parser) skipLine() {
	if j := strings.IndexByte(p.s[p.i:], '\n'); j >= 0 {
		p.i += j
	} else {
		p.i = len(p.s)
	}
}

// tag reads [Name "value"] with the value's escapes undone and control
// characters made spaces.
func (p *parser) tag() (name, value string, err error) {
	p.i++ // '['
	p.blanks()
	start := p.i
	for p.i < len(p.s) && (isLetter(p.s[p.i]) || p.s[p.i] >= '0' && p.s[p.i] <= '9' || p.s[p.i] == '_') {
		p.i++
	}
	name = p.s[start:p.i]
	if !validTagName(name) {
		return "", "", fmt.Errorf("a tag needs a name of letters, digits and '_'")
	}
	p.blanks()
	if p.i >= len(p.s) || p.s[p.i] != '"' {
		return "", "", fmt.Errorf("tag %s: its value must be in quotes", name)
	}
	p.i++
	var b strings.Builder
	for {
		if p.i >= len(p.s) || p.s[p.i] == '\n' {
			return "", "", fmt.Errorf("tag %s: the value's closing quote is missing", name)
		}
		c := p.s[p.i]
		p.i++
		if c == '"' {
			break
		}
		switch {
		case c == '\\' && p.i < len(p.s) && (p.s[p.i] == '"' || p.s[p.i] == '\\'):
			c = p.s[p.i]
			p.i++
		case c < ' ' || c == 0x7f:
			c = ' ' // as the writer does: a value is one line of text
		}
		b.WriteByte(c)
	}
	p.blanks()
	if p.i >= len(p.s) || p.s[p.i] != ']' {
		return "", "", fmt.Errorf("tag %s: ']' missing after the value", name)
	}
	p.i++
	return name, b.String(), nil
}

// blanks skips spaces and tabs within a line.
func (p *parser) blanks() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// comment skips a comment in braces, which may span lines.
func (p *parser) comment() error {
	j := strings.IndexByte(p.s[p.i:], '}')
	if j < 0 {
		return fmt.Errorf("a comment '{' is never closed")
	}
	p.line += strings.Count(p.s[p.i:p.i+j], "\n")
	p.i += j + 1
	return nil
}

// variation skips a variation in parentheses, with the variations and
// comments inside it.
func (p *parser) variation() error {
	depth := 0
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				p.i++
				return nil
			}
		case '{':
			if err := p.comment(); err != nil {
				return err
			}
			continue
		case ';':
			p.skipLine()
			continue
		case '\n':
			p.line++
		}
		p.i++
	}
	return fmt.Errorf("a variation '(' is never closed")
}

// token reads a run of characters up to white space or a character with a
// meaning of its own in movetext.
func (p *parser) token() string {
	start := p.i
	for p.i < len(p.s) && !isDelimiter(p.s[p.i]) {
		p.i++
	}
	return p.s[start:p.i]
}

func isDelimiter(c byte) bool {
	return strings.IndexByte(" \t\r\n\v\f{}();[]", c) >= 0
}

// moveOf returns what a movetext token holds once its move number
// ("12.", "12...") and annotation marks ("!?") are taken off: a move, a
// result, or "" for a NAG, a bare number, lone dots or a '%' escape.
func moveOf(tok string) string {
	tok = strings.TrimRight(tok, "!?")
	if tok == "" || tok[0] == '$' || tok[0] == '%' {
		return ""
	}
	digits := 0
	for digits < len(tok) && tok[digits] >= '0' && tok[digits] <= '9' {
		digits++
	}
	if digits == len(tok) {
		return "" // a move number without its dot
	}
	if tok[digits] == '.' {
		return moveOf(strings.TrimLeft(tok[digits:], "."))
	}
	return tok
}

// isMoveToken reports whether a move reads back as itself from movetext.
func isMoveToken(m string) bool {
	if m == "" || strings.ContainsAny(m, " \t\r\n\v\f{}();[]") {
		return false
	}
	if _, isResult := tokenResults(m); isResult {
		return false
	}
	return moveOf(m) == m
}
