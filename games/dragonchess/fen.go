package dragonchess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Extra position-string fields, written only when a variant needs them.
const (
	epTag  = "ep="  // en passant: the square of the Dragon that may be captured
	revTag = "rev=" // reversed Dwarves: comma-separated squares
)

// middleRow is Gold's Ground back rank, files a..l.
const middleRow = "OUHTCMKPTHUO"

// startString builds the initial position string for r's variants.
func startString(r *rules) string {
	p := newPosition(r)
	for c := 0; c < 2; c++ {
		back, front := 0, 1
		if c == scarlet {
			back, front = ranks-1, ranks-2
		}
		for f := 0; f < files; f++ {
			p.b[square(lvGround, f, back)] = code(kind(letterCode[middleRow[f]]>>1), c)
			p.b[square(lvGround, f, front)] = code(warrior, c)
		}
		for _, f := range [2]int{2, 10} {
			p.b[square(lvSky, f, back)] = code(griffon, c)
			p.b[square(lvUnder, f, back)] = code(basilisk, c)
		}
		p.b[square(lvSky, 6, back)] = code(dragon, c)
		p.b[square(lvUnder, 6, back)] = code(elemental, c)
		for i := 0; i < 6; i++ {
			p.b[r.sylphHome[c][i]] = code(sylph, c)
			p.b[r.dwarfHome[c][i]] = code(dwarf, c)
		}
	}
	return p.String()
}

// String writes the position string: the Sky, Ground and Underworld boards,
// side, halfmove clock, fullmove number and any variant fields.
func (p *Position) String() string {
	var sb strings.Builder
	sb.Grow(200)
	var rev []string
	for l := lvSky; l >= lvUnder; l-- {
		if l != lvSky {
			sb.WriteByte('|')
		}
		for r := ranks - 1; r >= 0; r-- {
			empty := 0
			for f := 0; f < files; f++ {
				sq := square(l, f, r)
				pc := p.b[sq]
				if pc == 0 {
					empty++
					continue
				}
				if empty > 0 {
					sb.WriteString(strconv.Itoa(empty))
					empty = 0
				}
				sb.WriteByte(pieceLetter(pc))
				if kindOf(pc) == revDwarf {
					rev = append(rev, squareName(sq))
				}
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
			}
			if r > 0 {
				sb.WriteByte('/')
			}
		}
	}
	side := " g "
	if p.side == scarlet {
		side = " s "
	}
	sb.WriteString(side)
	sb.WriteString(strconv.Itoa(p.half))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(p.full))
	if p.ep != noSq {
		sb.WriteString(" " + epTag + squareName(p.ep))
	}
	if len(rev) > 0 {
		sb.WriteString(" " + revTag + strings.Join(rev, ","))
	}
	return sb.String()
}

// allowedLevels says on which levels each kind may stand (bit per level).
var allowedLevels = [kindCount]uint8{
	sylph: 6, griffon: 6, dragon: 4, warrior: 2, oliphant: 2, unicorn: 2, hero: 7, thief: 2,
	cleric: 7, mage: 7, king: 7, paladin: 7, dwarf: 3, basilisk: 1, elemental: 3, revDwarf: 3,
}

// parsePosition reads a position string under the tables r.
func parsePosition(s string, r *rules) (*Position, error) {
	fields := strings.Fields(s)
	if len(fields) < 4 {
		return nil, errors.New("position needs boards, side, halfmove clock and fullmove number")
	}
	p := newPosition(r)
	boards := strings.Split(fields[0], "|")
	if len(boards) != levels {
		return nil, fmt.Errorf("want 3 boards separated by '|', got %d", len(boards))
	}
	for i, bs := range boards {
		if err := p.parseBoard(bs, lvSky-i); err != nil {
			return nil, err
		}
	}
	switch fields[1] {
	case "g":
		p.side = gold
	case "s":
		p.side = scarlet
		p.hash ^= zSide
	default:
		return nil, fmt.Errorf("side %q: want g or s", fields[1])
	}
	var err error
	if p.half, err = strconv.Atoi(fields[2]); err != nil || p.half < 0 || p.half > 10000 {
		return nil, fmt.Errorf("halfmove clock %q: want a number from 0", fields[2])
	}
	if p.full, err = strconv.Atoi(fields[3]); err != nil || p.full < 1 || p.full > 1000000 {
		return nil, fmt.Errorf("fullmove number %q: want a number from 1", fields[3])
	}
	for _, f := range fields[4:] {
		if err := p.parseExtra(f); err != nil {
			return nil, err
		}
	}
	for c := 0; c < 2; c++ {
		if p.king[c] < 0 {
			return nil, fmt.Errorf("%s has no King", colourName(c))
		}
	}
	if p.attacked(p.king[p.side^1], p.side) {
		return nil, fmt.Errorf("%s, not to move, is in check", colourName(p.side^1))
	}
	return p, nil
}

func colourName(c int) string {
	if c == gold {
		return "Gold"
	}
	return "Scarlet"
}

func (p *Position) parseBoard(bs string, l int) error {
	rows := strings.Split(bs, "/")
	if len(rows) != ranks {
		return fmt.Errorf("board %d: want 8 ranks separated by '/', got %d", l+1, len(rows))
	}
	for i, row := range rows {
		r := ranks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '0' && ch <= '9' {
				if ch == '0' {
					return fmt.Errorf("board %d rank %d: an empty count cannot start with 0", l+1, r+1)
				}
				n := int(ch - '0')
				if j+1 < len(row) && row[j+1] >= '0' && row[j+1] <= '9' {
					n = n*10 + int(row[j+1]-'0')
					j++
				}
				if n < 1 || n > files {
					return fmt.Errorf("board %d rank %d: bad empty count %d", l+1, r+1, n)
				}
				f += n
				if f > files {
					return fmt.Errorf("board %d rank %d: more than 12 files", l+1, r+1)
				}
				continue
			}
			pc := letterCode[ch]
			if pc == 0 {
				return fmt.Errorf("board %d rank %d: %q is not a piece letter", l+1, r+1, ch)
			}
			if f >= files {
				return fmt.Errorf("board %d rank %d: more than 12 files", l+1, r+1)
			}
			k, c := kindOf(pc), colourOf(pc)
			if allowedLevels[k]>>l&1 == 0 {
				return fmt.Errorf("a %s cannot stand on board %d (%s)", kindNames[k], l+1, squareName(square(l, f, r)))
			}
			if k == warrior && r == lastRank(c) {
				return fmt.Errorf("a Warrior on its last rank (%s) must have become a Hero", squareName(square(l, f, r)))
			}
			if k == king && p.king[c] >= 0 {
				return fmt.Errorf("%s has two Kings", colourName(c))
			}
			if p.n[c] >= maxPieces {
				return fmt.Errorf("%s has more than %d pieces", colourName(c), maxPieces)
			}
			p.put(pc, square(l, f, r))
			f++
		}
		if f != files {
			return fmt.Errorf("board %d rank %d: %d files, want 12", l+1, r+1, f)
		}
	}
	return nil
}

// parseExtra reads one variant field.
func (p *Position) parseExtra(f string) error {
	v := p.r.v
	switch {
	case strings.HasPrefix(f, epTag):
		if !v.has(vEnPassant1 | vEnPassant2) {
			return fmt.Errorf("%q needs an en-passant Sylph variant", f)
		}
		if p.ep != noSq {
			return errors.New("two en-passant fields")
		}
		sq, n, err := parseSquare(f[len(epTag):])
		if err != nil || n != len(f)-len(epTag) {
			return fmt.Errorf("en-passant field %q: want ep=<square>", f)
		}
		if p.b[sq] != code(dragon, p.side^1) {
			return fmt.Errorf("en-passant square %s holds no Dragon of the side that just moved", squareName(sq))
		}
		p.ep = sq
		p.hash ^= zEp[sq]
	case strings.HasPrefix(f, revTag):
		if !v.has(vReversingDwarf) {
			return fmt.Errorf("%q needs the reversing-dwarf variant", f)
		}
		for _, s := range strings.Split(f[len(revTag):], ",") {
			sq, n, err := parseSquare(s)
			if err != nil || n != len(s) {
				return fmt.Errorf("reversed Dwarf %q: want a square", s)
			}
			pc := p.b[sq]
			if kindOf(pc) != dwarf {
				return fmt.Errorf("reversed Dwarf square %s holds no (unreversed) Dwarf", squareName(sq))
			}
			np := code(revDwarf, colourOf(pc))
			p.b[sq] = np
			p.hash ^= zPiece[pc][sq] ^ zPiece[np][sq]
		}
	default:
		return fmt.Errorf("unknown position field %q", f)
	}
	return nil
}
