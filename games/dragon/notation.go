package dragon

import (
	"fmt"
	"strings"

	"wyrm/game"
)

// promoLetters maps a piece type to its lower-case UCI promotion letter.
var promoLetters = [8]byte{0, 0, 'n', 'b', 'r', 'q', 'd', 0}

// MoveString writes m in UCI as the reference engine does: e2e4, e1g1,
// a7a8d, D@g1 (upper-case D for both sides).
func (p *Position) MoveString(m game.Move) string {
	from, to := moveFrom(m), moveTo(m)
	if moveKind(m) == kindDrop {
		return "D@" + squareName(to)
	}
	s := squareName(from) + squareName(to)
	if t := promoType(m); t != noType {
		s += string(promoLetters[t])
	}
	return s
}

// ParseMove reads a move in UCI or SAN and returns it if it is legal here.
func (p *Position) ParseMove(s string) (game.Move, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return game.NoMove, fmt.Errorf("dragon: empty move")
	}
	if r := p.drawnByRule(); r != "" {
		return game.NoMove, fmt.Errorf("dragon: move %q: the game is over (%s)", s, r)
	}
	var l moveList
	p.generate(&l)
	moves := l.moves[:l.n]
	if t := strings.TrimRight(s, "+#!?"); len(t) > 1 && t[1] == '@' {
		s = t // a drop reads the same in UCI and SAN
	}
	if m, ok, err := parseUCI(s, moves); ok {
		return m, err
	}
	return p.parseSAN(s, moves)
}

// parseUCI recognises UCI-shaped text; ok says whether s looked like UCI.
func parseUCI(s string, moves []game.Move) (m game.Move, ok bool, err error) {
	if len(s) > 1 && s[1] == '@' {
		if len(s) != 4 || (s[0] != 'D' && s[0] != 'd') {
			return game.NoMove, true, fmt.Errorf("dragon: drop %q: only a Dragon (D@ and a square) can be dropped", s)
		}
		to, valid := parseSquare(s[2:])
		if !valid {
			return game.NoMove, true, fmt.Errorf("dragon: move %q: %q is not a square", s, s[2:])
		}
		for _, m := range moves {
			if moveKind(m) == kindDrop && moveTo(m) == to {
				return m, true, nil
			}
		}
		return game.NoMove, true, fmt.Errorf("dragon: drop %q is not legal here", s)
	}
	if len(s) != 4 && len(s) != 5 {
		return game.NoMove, false, nil
	}
	from, ok1 := parseSquare(s[:2])
	to, ok2 := parseSquare(s[2:4])
	if !ok1 || !ok2 {
		return game.NoMove, false, nil
	}
	promo := noType
	if len(s) == 5 {
		promo = promoFromLetter(s[4])
		if promo == noType {
			return game.NoMove, true, fmt.Errorf("dragon: move %q: %q is not a promotion piece (q, r, b, n, d)", s, s[4])
		}
	}
	for _, m := range moves {
		if moveKind(m) != kindDrop && moveFrom(m) == from && moveTo(m) == to && promoType(m) == promo {
			return m, true, nil
		}
	}
	return game.NoMove, true, fmt.Errorf("dragon: move %q is not legal here", s)
}

func promoFromLetter(c byte) int {
	switch c {
	case 'q', 'Q':
		return queen
	case 'r', 'R':
		return rook
	case 'b', 'B':
		return bishop
	case 'n', 'N':
		return knight
	case 'd', 'D':
		return dragon
	}
	return noType
}

// SAN writes m in standard algebraic notation: e4, Nf3, Dad4, Dxf7+, a8=D,
// bxa1=D, O-O, O-O-O, D@g1, D@f1#.
func (p *Position) SAN(m game.Move) string {
	var b strings.Builder
	from, to, kind := moveFrom(m), moveTo(m), moveKind(m)
	switch {
	case kind == kindDrop:
		b.WriteString("D@")
		b.WriteString(squareName(to))
	case kind == kindCastle:
		if to&7 == 6 {
			b.WriteString("O-O")
		} else {
			b.WriteString("O-O-O")
		}
	case typeOf(p.board[from]) == pawn:
		if from&7 != to&7 {
			b.WriteByte('a' + byte(from&7))
			b.WriteByte('x')
		}
		b.WriteString(squareName(to))
		if t := promoType(m); t != noType {
			b.WriteByte('=')
			b.WriteByte(pieceLetters[t])
		}
	default:
		t := typeOf(p.board[from])
		b.WriteByte(pieceLetters[t])
		b.WriteString(p.disambiguation(m))
		if p.board[to] != 0 {
			b.WriteByte('x')
		}
		b.WriteString(squareName(to))
	}
	p.Play(m)
	if p.inCheck() {
		if !p.hasLegalMove() {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	p.Undo()
	return b.String()
}

// disambiguation returns the file, rank or square needed to tell m apart
// from other legal moves of the same piece type to the same square.
func (p *Position) disambiguation(m game.Move) string {
	from, to := moveFrom(m), moveTo(m)
	t := p.board[from]
	var l moveList
	p.generate(&l)
	others, sameFile, sameRank := false, false, false
	for _, o := range l.moves[:l.n] {
		of := moveFrom(o)
		if moveKind(o) == kindDrop || of == from || moveTo(o) != to || p.board[of] != t {
			continue
		}
		others = true
		sameFile = sameFile || of&7 == from&7
		sameRank = sameRank || of>>3 == from>>3
	}
	switch {
	case !others:
		return ""
	case !sameFile:
		return string('a' + byte(from&7))
	case !sameRank:
		return string('1' + byte(from>>3))
	}
	return squareName(from)
}

// parseSAN reads SAN leniently: check marks, "x" and "=" may be missing,
// castling may use zeros, and over-specified origins are accepted.
func (p *Position) parseSAN(s string, moves []game.Move) (game.Move, error) {
	t := strings.TrimRight(s, "+#!?")
	switch strings.ReplaceAll(t, "0", "O") {
	case "O-O", "O-O-O":
		to := []int{sqG1, sqG8}[p.side]
		if len(t) == 5 {
			to = []int{sqC1, sqC8}[p.side]
		}
		for _, m := range moves {
			if moveKind(m) == kindCastle && moveTo(m) == to {
				return m, nil
			}
		}
		return game.NoMove, fmt.Errorf("dragon: castling %q is not legal here", s)
	}
	piece := pawn
	if len(t) > 0 && strings.IndexByte("NBRQKD", t[0]) >= 0 {
		piece = typeOf(pieceFromLetter(t[0]))
		t = t[1:]
	}
	promo := noType
	if n := len(t); n > 0 && piece == pawn && (t[n-1] < '1' || t[n-1] > '8') {
		// Squares end in a digit, so a final letter names a promotion.
		if promo = promoFromLetter(t[n-1]); promo == noType {
			return game.NoMove, fmt.Errorf("dragon: %q is neither UCI nor SAN", s)
		}
		t = strings.TrimSuffix(t[:n-1], "=")
	}
	if len(t) < 2 {
		return game.NoMove, fmt.Errorf("dragon: %q is neither UCI nor SAN", s)
	}
	to, ok := parseSquare(t[len(t)-2:])
	if !ok {
		return game.NoMove, fmt.Errorf("dragon: %q is neither UCI nor SAN (no destination square)", s)
	}
	origin := strings.TrimSuffix(t[:len(t)-2], "x")
	fromFile, fromRank := -1, -1
	for i := 0; i < len(origin); i++ {
		switch c := origin[i]; {
		case c >= 'a' && c <= 'h' && fromFile < 0 && fromRank < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		default:
			return game.NoMove, fmt.Errorf("dragon: %q is neither UCI nor SAN", s)
		}
	}
	found := game.NoMove
	for _, m := range moves {
		from := moveFrom(m)
		if moveKind(m) == kindDrop || moveKind(m) == kindCastle || moveTo(m) != to ||
			typeOf(p.board[from]) != piece || promoType(m) != promo ||
			(fromFile >= 0 && from&7 != fromFile) || (fromRank >= 0 && from>>3 != fromRank) {
			continue
		}
		if found != game.NoMove {
			return game.NoMove, fmt.Errorf("dragon: move %q is ambiguous here", s)
		}
		found = m
	}
	if found == game.NoMove {
		return game.NoMove, fmt.Errorf("dragon: move %q is not legal here", s)
	}
	return found, nil
}
