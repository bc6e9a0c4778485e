package dungeon

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"wyrm/game"
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
	w := written{m: p.m, toMove: int(p.toMove), quiet: int(p.quiet), turn: int(p.turn)}
	for s := 0; s < p.n; s++ {
		st := &p.seats[s]
		w.factions = append(w.factions, st.faction)
		w.live = append(w.live, p.isLive(s))
		var army []placement
		for id := st.first; id < st.end; id++ {
			if u := &p.units[id]; u.alive && p.isLive(s) {
				army = append(army, placement{kind: u.kind, sq: int(u.sq), wounded: u.wounded, hexUsed: u.hexUsed, hexLeft: u.hexLeft})
			}
		}
		w.armies = append(w.armies, army)
	}
	return w.String()
}

// written is a position as its string has it, before any check of
// whether it can be played: the position string's one writer and the
// first half of its reader.
type written struct {
	m        *Map
	factions []Faction
	armies   [][]placement // squares are mailbox indices
	live     []bool        // false for a seat written "<faction>:-"
	toMove   int           // seat index, -1 for "-"
	quiet    int
	turn     int
}

// String writes w, each seat's units in the order of their squares.
func (w written) String() string {
	var b strings.Builder
	b.WriteString(w.m.ID)
	for s, f := range w.factions {
		b.WriteByte(' ')
		b.WriteString(f.String())
		b.WriteByte(':')
		if !w.live[s] {
			b.WriteByte('-')
			continue
		}
		army := slices.Clone(w.armies[s])
		slices.SortFunc(army, func(a, c placement) int { return int(w.m.fromBox[a.sq]) - int(w.m.fromBox[c.sq]) })
		for i, u := range army {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteByte(u.kind.Letter())
			b.WriteString(w.m.squareName(u.sq))
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
	if w.toMove < 0 {
		b.WriteString(" -")
	} else {
		fmt.Fprintf(&b, " %d", w.toMove+1)
	}
	fmt.Fprintf(&b, " %d %d", w.quiet, w.turn)
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
	w, err := readWritten(s, maps)
	if err != nil {
		return nil, err
	}
	zones, _ := w.m.SeatZones(len(w.factions)) // readWritten checked the count
	p, err := newPosition(w.m, w.factions, zones, w.armies, w.live)
	if err != nil {
		return nil, err
	}
	if w.toMove < 0 {
		if p.liveCount() > 1 {
			return nil, fmt.Errorf("no seat to move (-) but %d seats are still in the game", p.liveCount())
		}
		p.toMove = -1
	} else {
		if !w.live[w.toMove] {
			return nil, fmt.Errorf("seat to move %d is eliminated", w.toMove+1)
		}
		if p.liveCount() <= 1 {
			return nil, fmt.Errorf("only one seat is left, so nobody moves: write - as the seat to move")
		}
		p.toMove = int8(w.toMove)
	}
	// The limit is that of the seats still in (50 rounds of them); a count
	// at the limit is a game drawn by the rule.
	if limit := int(p.quietLimit()); w.quiet > limit {
		return nil, fmt.Errorf("quiet turns %d is not a number from 0 to %d (50 rounds of the %d seats still in)", w.quiet, limit, p.liveCount())
	}
	p.quiet, p.turn = int32(w.quiet), int32(w.turn)
	p.hash = p.recomputeHash()
	return p, nil
}

// maxQuiet bounds the quiet turns of any position: 50 rounds of four.
const maxQuiet = quietRounds * game.MaxPlayers

// readWritten reads a position string as it is written: its map, seats
// and units, and the three numbers, checking how they are written but not
// whether the position can be played.
func readWritten(s string, maps []*Map) (written, error) {
	var w written
	f := strings.Fields(s)
	if len(f) < 1 {
		return w, fmt.Errorf("empty position string")
	}
	m, err := mapForID(f[0], maps)
	if err != nil {
		return w, err
	}
	w.m = m
	var seatTok []string
	i := 1
	for i < len(f) && strings.Contains(f[i], ":") {
		seatTok = append(seatTok, f[i])
		i++
	}
	if len(f)-i != 3 {
		return w, fmt.Errorf("after the seats want 3 fields (to move, quiet turns, turns played), got %d", len(f)-i)
	}
	n := len(seatTok)
	if _, err := m.SeatZones(n); err != nil {
		return w, err
	}
	w.factions = make([]Faction, n)
	w.armies = make([][]placement, n)
	w.live = make([]bool, n)
	for si, tok := range seatTok {
		name, list, _ := strings.Cut(tok, ":")
		fac, ok := ParseFaction(name)
		if !ok {
			return w, fmt.Errorf("seat %d: unknown faction %q (%s)", si+1, name, factionList)
		}
		for sj := 0; sj < si; sj++ {
			if w.factions[sj] == fac {
				return w, fmt.Errorf("seat %d: faction %s already belongs to seat %d", si+1, fac.Title(), sj+1)
			}
		}
		w.factions[si] = fac
		if list == "-" {
			continue
		}
		w.live[si] = true
		if list == "" {
			return w, fmt.Errorf("seat %d: no units (write %s:- for an eliminated seat)", si+1, fac)
		}
		for _, ut := range strings.Split(list, ",") {
			pl, err := parseUnit(m, ut, fac)
			if err != nil {
				return w, fmt.Errorf("seat %d: %w", si+1, err)
			}
			w.armies[si] = append(w.armies[si], pl)
		}
	}
	tm, quiet, turn := f[i], f[i+1], f[i+2]
	w.toMove = -1
	if tm != "-" {
		t, err := strconv.Atoi(tm)
		if err != nil || t < 1 || t > n {
			return w, fmt.Errorf("seat to move %q is not a seat number from 1 to %d", tm, n)
		}
		w.toMove = t - 1
	}
	q, err := strconv.Atoi(quiet)
	if err != nil || q < 0 || q > maxQuiet {
		return w, fmt.Errorf("quiet turns %q is not a number from 0 to %d", quiet, maxQuiet)
	}
	tn, err := strconv.Atoi(turn)
	if err != nil || tn < 0 || tn > maxTurn {
		return w, fmt.Errorf("turns played %q is not a number of turns", turn)
	}
	w.quiet, w.turn = q, tn
	return w, nil
}

// maxTurn bounds the turns played a position string may give.
const maxTurn = 1 << 30

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
		return pl, fmt.Errorf("unit %q: a %s is %s, not %s", tok, k.Name(), k.Faction().Title(), fac.Title())
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
