package dungeon

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// String implements game.Position. The position string is
//
//	<map> <seat 1> ... <seat n> <to move> <quiet turns> <turns played>
//
// where each seat is "<faction>:<units>" with units comma-separated as
// <letter><square><marks> (marks: w wounded Troll, u spent Shaman hex,
// h1 or h2 hex turns left), or "<faction>:-" for an eliminated seat; the
// seat to move is 1-based, "-" when the game is over; quiet turns are the
// turns since the last capture, at most 50 per seat still in.
func (p *Position) String() string {
	var b strings.Builder
	b.WriteString(p.m.ID)
	var ids []int
	for s := 0; s < p.n; s++ {
		st := &p.seats[s]
		b.WriteByte(' ')
		b.WriteString(st.faction.String())
		b.WriteByte(':')
		if !p.isLive(s) {
			b.WriteByte('-')
			continue
		}
		ids = ids[:0]
		for id := st.first; id < st.end; id++ {
			if p.units[id].alive {
				ids = append(ids, int(id))
			}
		}
		slices.SortFunc(ids, func(a, c int) int {
			return int(p.m.fromBox[p.units[a].sq]) - int(p.m.fromBox[p.units[c].sq])
		})
		for i, id := range ids {
			if i > 0 {
				b.WriteByte(',')
			}
			u := &p.units[id]
			b.WriteByte(u.kind.Letter())
			b.WriteString(p.m.squareName(int(u.sq)))
			if u.wounded {
				b.WriteByte('w')
			}
			if u.hexUsed {
				b.WriteByte('u')
			}
			if u.hexLeft > 0 {
				b.WriteByte('h')
				b.WriteByte('0' + u.hexLeft)
			}
		}
	}
	if p.toMove < 0 {
		b.WriteString(" -")
	} else {
		fmt.Fprintf(&b, " %d", p.toMove+1)
	}
	fmt.Fprintf(&b, " %d %d", p.quiet, p.turn)
	return b.String()
}

// placement is one unit of a seat before the position is built.
type placement struct {
	kind    Kind
	sq      int
	wounded bool
	hexUsed bool
	hexLeft uint8
}

// ParsePosition reads a position string on a built-in map, or on one of
// maps, named by its ID in the first field.
func ParsePosition(s string, maps ...*Map) (*Position, error) {
	return parsePosition(s, maps)
}

func parsePosition(s string, maps []*Map) (*Position, error) {
	f := strings.Fields(s)
	if len(f) < 1 {
		return nil, fmt.Errorf("empty position string")
	}
	m, err := mapForID(f[0], maps)
	if err != nil {
		return nil, err
	}
	var seatTok []string
	i := 1
	for i < len(f) && strings.Contains(f[i], ":") {
		seatTok = append(seatTok, f[i])
		i++
	}
	if len(f)-i != 3 {
		return nil, fmt.Errorf("after the seats want 3 fields (to move, quiet turns, turns played), got %d", len(f)-i)
	}
	n := len(seatTok)
	zones, err := m.SeatZones(n)
	if err != nil {
		return nil, err
	}
	factions := make([]Faction, n)
	armies := make([][]placement, n)
	live := make([]bool, n)
	for si, tok := range seatTok {
		name, list, _ := strings.Cut(tok, ":")
		fac, ok := ParseFaction(name)
		if !ok {
			return nil, fmt.Errorf("seat %d: unknown faction %q (human, undead, redskin, greenskin)", si+1, name)
		}
		for sj := 0; sj < si; sj++ {
			if factions[sj] == fac {
				return nil, fmt.Errorf("seat %d: faction %s already belongs to seat %d", si+1, fac, sj+1)
			}
		}
		factions[si] = fac
		if list == "-" {
			continue
		}
		live[si] = true
		if list == "" {
			return nil, fmt.Errorf("seat %d: no units (write %s:- for an eliminated seat)", si+1, fac)
		}
		for _, ut := range strings.Split(list, ",") {
			pl, err := parseUnit(m, ut, fac)
			if err != nil {
				return nil, fmt.Errorf("seat %d: %w", si+1, err)
			}
			armies[si] = append(armies[si], pl)
		}
	}
	p, err := newPosition(m, factions, zones, armies, live)
	if err != nil {
		return nil, err
	}
	tm, quiet, turn := f[i], f[i+1], f[i+2]
	if tm == "-" {
		if p.liveCount() > 1 {
			return nil, fmt.Errorf("no seat to move (-) but %d seats are still in the game", p.liveCount())
		}
		p.toMove = -1
	} else {
		t, err := strconv.Atoi(tm)
		if err != nil || t < 1 || t > n {
			return nil, fmt.Errorf("seat to move %q is not a seat number from 1 to %d", tm, n)
		}
		if !live[t-1] {
			return nil, fmt.Errorf("seat to move %d is eliminated", t)
		}
		if p.liveCount() <= 1 {
			return nil, fmt.Errorf("only one seat is left, so nobody moves: write - as the seat to move")
		}
		p.toMove = int8(t - 1)
	}
	// The limit is that of the seats still in (50 rounds of them); a count
	// at the limit is a game drawn by the rule.
	q, err := strconv.Atoi(quiet)
	if limit := int(p.quietLimit()); err != nil || q < 0 || q > limit {
		return nil, fmt.Errorf("quiet turns %q is not a number from 0 to %d (50 rounds of the %d seats still in)", quiet, limit, p.liveCount())
	}
	tn, err := strconv.Atoi(turn)
	if err != nil || tn < 0 || tn > 1<<30 {
		return nil, fmt.Errorf("turns played %q is not a number of turns", turn)
	}
	p.quiet, p.turn = int32(q), int32(tn)
	p.hash = p.recomputeHash()
	return p, nil
}

// mapForID finds the map a position string names among the built-in maps
// and maps (nil entries are skipped).
func mapForID(id string, maps []*Map) (*Map, error) {
	for _, m := range append(BuiltinMaps(), maps...) {
		if m != nil && m.ID == id {
			return m, nil
		}
	}
	return nil, fmt.Errorf("unknown map %q in the position string", id)
}

// parseUnit reads one "<letter><square><marks>" of faction fac.
func parseUnit(m *Map, tok string, fac Faction) (placement, error) {
	var pl placement
	if len(tok) < 3 {
		return pl, fmt.Errorf("unit %q: want a unit letter and a square, such as Pd1", tok)
	}
	k, ok := KindByLetter(tok[0])
	if !ok {
		return pl, fmt.Errorf("unit %q: %q is not a unit letter", tok, tok[0])
	}
	if k.Faction() != fac {
		return pl, fmt.Errorf("unit %q: a %s is %s, not %s", tok, k.Name(), k.Faction(), fac)
	}
	sq, n, err := m.parseSquare(tok[1:])
	if err != nil {
		return pl, fmt.Errorf("unit %q: %w", tok, err)
	}
	pl.kind, pl.sq = k, sq
	rest := tok[1+n:]
	for rest != "" {
		switch {
		case rest[0] == 'w' && k == Troll && !pl.wounded:
			pl.wounded = true
			rest = rest[1:]
		case rest[0] == 'u' && k == Shaman && !pl.hexUsed:
			pl.hexUsed = true
			rest = rest[1:]
		case len(rest) >= 2 && rest[0] == 'h' && rest[1] >= '1' && rest[1] <= '0'+hexTurns && pl.hexLeft == 0:
			pl.hexLeft = rest[1] - '0'
			rest = rest[2:]
		default:
			return pl, fmt.Errorf("unit %q: bad mark %q (w wounded Troll, u spent Shaman, h1 or h2 hexed)", tok, rest)
		}
	}
	return pl, nil
}
