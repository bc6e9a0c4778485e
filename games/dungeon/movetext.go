package dungeon

import (
	"fmt"
	"slices"
	"strings"

	"wyrm/game"
)

// MoveString implements game.Position: "d2d3" a move, "d2xd5" a capture,
// "e4xf6-e5" a Salamander capture and retreat, "d4@g7" the Shaman on d4
// hexing the unit on g7, "pass".
func (p *Position) MoveString(mv game.Move) string {
	m := p.m
	switch mType(mv) {
	case mtPass:
		return "pass"
	case mtHex:
		return m.squareName(mFrom(mv)) + "@" + m.squareName(mTo(mv))
	}
	s := m.squareName(mFrom(mv))
	if p.board[mTo(mv)] != 0 {
		s += "x"
	}
	s += m.squareName(mTo(mv))
	if r := mRetreat(mv); r != 0 {
		s += "-" + m.squareName(r)
	}
	return s
}

// ParseMove implements game.Position.
func (p *Position) ParseMove(text string) (game.Move, error) {
	s := strings.ToLower(strings.TrimSpace(text))
	if p.over() {
		return game.NoMove, fmt.Errorf("the game is over")
	}
	legal := p.LegalMoves(nil)
	if s == "pass" {
		if slices.Contains(legal, passMove) {
			return passMove, nil
		}
		return game.NoMove, fmt.Errorf("pass is only legal when no unit can move")
	}
	m := p.m
	from, n, err := m.parseSquare(s)
	if err != nil {
		return game.NoMove, fmt.Errorf("move %q: %w", text, err)
	}
	s = s[n:]
	hex, capture := false, false
	switch {
	case strings.HasPrefix(s, "@"):
		hex, s = true, s[1:]
	case strings.HasPrefix(s, "x"):
		capture, s = true, s[1:]
	case strings.HasPrefix(s, "-"):
		s = s[1:]
	}
	to, n, err := m.parseSquare(s)
	if err != nil {
		return game.NoMove, fmt.Errorf("move %q: %w", text, err)
	}
	s = s[n:]
	retreat := 0
	if s != "" {
		if s[0] == '-' {
			s = s[1:]
		}
		r, n, err := m.parseSquare(s)
		if err != nil {
			return game.NoMove, fmt.Errorf("move %q: retreat: %w", text, err)
		}
		if n != len(s) {
			return game.NoMove, fmt.Errorf("move %q: unexpected %q at the end", text, s[n:])
		}
		retreat = r
	}
	u := p.unitAt(from)
	if u == nil || int8(u.owner) != p.toMove {
		return game.NoMove, fmt.Errorf("move %q: no unit of the player to move on %s", text, m.squareName(from))
	}
	if capture && p.board[to] == 0 {
		return game.NoMove, fmt.Errorf("move %q: nothing to capture on %s", text, m.squareName(to))
	}
	want := mkRetreat(from, to, retreat)
	if hex {
		if retreat != 0 {
			return game.NoMove, fmt.Errorf("move %q: a hex has no retreat", text)
		}
		want = mkHex(from, to)
	}
	if slices.Contains(legal, want) {
		return want, nil
	}
	if u.kind == Salamander && !hex && retreat == 0 && p.board[to] != 0 {
		var opts []string
		for _, mv := range legal {
			if mFrom(mv) == from && mTo(mv) == to && mType(mv) == mtMove && mRetreat(mv) != 0 {
				opts = append(opts, m.squareName(mRetreat(mv)))
			}
		}
		if len(opts) > 0 {
			return game.NoMove, fmt.Errorf("move %q: a Salamander capture must name its retreat square (one of %s), as in %s-%s",
				text, strings.Join(opts, ", "), strings.TrimSpace(text), opts[0])
		}
	}
	return game.NoMove, fmt.Errorf("move %q is not legal here", text)
}
