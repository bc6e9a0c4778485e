package dragon

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the rulebook start: two Dragons in hand for each side.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 1"

// StartFENOneDragon is the pychess / Fairy-Stockfish start with one Dragon
// each (option dragons=1).
const StartFENOneDragon = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Dd] w KQkq - 0 1"

// ParseFEN reads a position in the reference engine's FEN dialect: the
// board, the hand in brackets ("[DDdd]", may be empty or missing), side to
// move, castling rights, en-passant square and the two move counters (which
// may be missing). The hand is taken as written. Castling rights without
// their king and rook are dropped, and so is an en-passant square that no
// pawn could capture on, so that equal positions read equal.
func ParseFEN(s string) (*Position, error) {
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > 6 {
		return nil, fmt.Errorf("dragon FEN %q: want 2 to 6 fields (board[hand] side castling ep halfmove fullmove)", s)
	}
	p := &Position{ep: -1, fullmove: 1, hist: make([]undo, 0, 256), w: defaultWeights}
	if err := p.parseBoard(f[0]); err != nil {
		return nil, fmt.Errorf("dragon FEN %q: %w", s, err)
	}
	switch f[1] {
	case "w":
		p.side = white
	case "b":
		p.side = black
	default:
		return nil, fmt.Errorf("dragon FEN %q: side to move %q is not w or b", s, f[1])
	}
	if len(f) > 2 {
		if err := p.parseCastling(f[2]); err != nil {
			return nil, fmt.Errorf("dragon FEN %q: %w", s, err)
		}
	}
	if len(f) > 3 {
		if err := p.parseEP(f[3]); err != nil {
			return nil, fmt.Errorf("dragon FEN %q: %w", s, err)
		}
	}
	if len(f) > 4 {
		n, err := strconv.Atoi(f[4])
		if err != nil || n < 0 || n > 1<<20 {
			return nil, fmt.Errorf("dragon FEN %q: halfmove clock %q is not a small non-negative number", s, f[4])
		}
		p.halfmove = int32(n)
	}
	if len(f) > 5 {
		n, err := strconv.Atoi(f[5])
		if err != nil || n < 0 || n > 1<<20 {
			return nil, fmt.Errorf("dragon FEN %q: move number %q is not a small non-negative number", s, f[5])
		}
		p.fullmove = int32(max(n, 1))
	}
	them := p.side ^ 1
	if p.attackedBy(p.kingSq(them), p.side, p.occ()) {
		return nil, fmt.Errorf("dragon FEN %q: the side not to move is in check", s)
	}
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) parseBoard(s string) error {
	hand := ""
	if i := strings.IndexByte(s, '['); i >= 0 {
		if !strings.HasSuffix(s, "]") {
			return errors.New("hand has no closing ]")
		}
		s, hand = s[:i], s[i+1:len(s)-1]
	}
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("board has %d ranks, want 8", len(ranks))
	}
	for i, row := range ranks {
		r, file := 7-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				if file > 8 {
					break
				}
				continue
			}
			pc := pieceFromLetter(c)
			if pc == 0 {
				return fmt.Errorf("unknown piece letter %q", c)
			}
			if file >= 8 {
				file++
				break
			}
			if typeOf(pc) == pawn && (r == 0 || r == 7) {
				return fmt.Errorf("pawn on rank %d", r+1)
			}
			p.put(pc, r*8+file)
			file++
		}
		if file != 8 {
			return fmt.Errorf("rank %d does not have 8 squares", r+1)
		}
	}
	for c, name := range []string{"White", "Black"} {
		if n := popcount(p.pieces(c, king)); n != 1 {
			return fmt.Errorf("%s has %d kings, want 1", name, n)
		}
	}
	for i := 0; i < len(hand); i++ {
		var c int
		switch hand[i] {
		case 'D':
			c = white
		case 'd':
			c = black
		default:
			return fmt.Errorf("hand holds %q; only Dragons (D, d) may be in hand", hand[i])
		}
		if p.hand[c] >= maxHand {
			return fmt.Errorf("hand holds more than %d Dragons of one side", maxHand)
		}
		p.hand[c]++
	}
	for c, name := range []string{"White", "Black"} {
		if n := popcount(p.byColor[c]) + int(p.hand[c]); n > maxPieces {
			return fmt.Errorf("%s has %d pieces on the board and in hand, more than %d", name, n, maxPieces)
		}
	}
	return nil
}

func pieceFromLetter(c byte) uint8 {
	for pc, l := range pieceLetters {
		if l == c && l != 0 {
			return uint8(pc)
		}
	}
	return 0
}

func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		var right uint8
		var ksq, rsq int
		var c int
		switch s[i] {
		case 'K':
			right, ksq, rsq, c = castleWK, sqE1, sqH1, white
		case 'Q':
			right, ksq, rsq, c = castleWQ, sqE1, sqA1, white
		case 'k':
			right, ksq, rsq, c = castleBK, sqE8, sqH8, black
		case 'q':
			right, ksq, rsq, c = castleBQ, sqE8, sqA8, black
		default:
			return fmt.Errorf("castling field %q: %q is not one of KQkq", s, s[i])
		}
		if p.castle&right != 0 {
			return fmt.Errorf("castling field %q repeats %q", s, s[i])
		}
		if p.board[ksq] == makePiece(c, king) && p.board[rsq] == makePiece(c, rook) {
			p.castle |= right
		}
	}
	return nil
}

func (p *Position) parseEP(s string) error {
	if s == "-" {
		return nil
	}
	sq, ok := parseSquare(s)
	if !ok {
		return fmt.Errorf("en-passant field %q is not a square", s)
	}
	// Keep it only if a pawn just passed sq and one of ours stands beside.
	wantRank := 5
	if p.side == black {
		wantRank = 2
	}
	us := p.side
	if sq>>3 == wantRank && p.board[sq] == 0 && p.board[sq+pushDelta[us]] == 0 &&
		p.board[sq-pushDelta[us]] == makePiece(us^1, pawn) &&
		pawnAttacks[us^1][sq]&p.pieces(us, pawn) != 0 {
		p.ep = int8(sq)
	}
	return nil
}

func parseSquare(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return 0, false
	}
	return int(s[1]-'1')*8 + int(s[0]-'a'), true
}

func squareName(sq int) string {
	return string([]byte{'a' + byte(sq&7), '1' + byte(sq>>3)})
}

// FEN writes the position as the reference engine does.
func (p *Position) FEN() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[r*8+f]
			if pc == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte('0' + byte(empty))
				empty = 0
			}
			b.WriteByte(pieceLetters[pc])
		}
		if empty > 0 {
			b.WriteByte('0' + byte(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte('[')
	b.WriteString(strings.Repeat("D", int(p.hand[white])))
	b.WriteString(strings.Repeat("d", int(p.hand[black])))
	b.WriteString("] ")
	b.WriteString([]string{"w", "b"}[p.side])
	b.WriteByte(' ')
	if p.castle == 0 {
		b.WriteByte('-')
	}
	for i, c := range "KQkq" {
		if p.castle&(1<<i) != 0 {
			b.WriteRune(c)
		}
	}
	b.WriteByte(' ')
	if p.ep >= 0 {
		b.WriteString(squareName(int(p.ep)))
	} else {
		b.WriteByte('-')
	}
	fmt.Fprintf(&b, " %d %d", p.halfmove, p.fullmove)
	return b.String()
}

// String writes the position as FEN.
func (p *Position) String() string { return p.FEN() }
