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
// seat to move is 1-based, "-" when the game is over.
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

// ParsePosition reads a position string. The map is a built-in one named by
// its ID, or the map file given by mapPath whose ID must match.
func ParsePosition(s, mapPath string) (*Position, error) {
	f := strings.Fields(s)
	if len(f) < 1 {
		return nil, fmt.Errorf("empty position string")
	}
	m, err := mapForID(f[0], mapPath)
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
	q, err := strconv.Atoi(quiet)
	if err != nil || q < 0 || q > quietLimit {
		return nil, fmt.Errorf("quiet turns %q is not a number from 0 to %d", quiet, quietLimit)
	}
	tn, err := strconv.Atoi(turn)
	if err != nil || tn < 0 || tn > 1<<30 {
		return nil, fmt.Errorf("turns played %q is not a number of turns", turn)
	}
	p.quiet, p.turn = int32(q), int32(tn)
	p.hash = p.recomputeHash()
	return p, nil
}

// mapForID finds the map a position string names.
func mapForID(id, mapPath string) (*Map, error) {
	for _, m := range BuiltinMaps() {
		if m.ID == id {
			return m, nil
		}
	}
	if mapPath == "" {
		return nil, fmt.Errorf("unknown map %q: not built in, and no map file given (option map)", id)
	}
	m, err := LoadMap(mapPath)
	if err != nil {
		return nil, err
	}
	if m.ID != id {
		return nil, fmt.Errorf("the position is on map %q but the map option gives %q", id, m.ID)
	}
	return m, nil
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

// newPosition builds a position from armies; live[s] false means seat s
// is eliminated. It checks squares, Kings and sizes; seat 0 is to move.
func newPosition(m *Map, factions []Faction, zones []int, armies [][]placement, live []bool) (*Position, error) {
	n := len(factions)
	p := &Position{m: m, n: n, z: keys()}
	total := 0
	for s := 0; s < n; s++ {
		if len(armies[s]) > maxArmy {
			return nil, fmt.Errorf("seat %d has %d units; at most %d are supported", s+1, len(armies[s]), maxArmy)
		}
		total += len(armies[s])
	}
	if total > maxUnits {
		return nil, fmt.Errorf("%d units on the board; at most %d are supported", total, maxUnits)
	}
	for s := 0; s < n; s++ {
		st := &p.seats[s]
		st.faction, st.zone, st.back, st.king = factions[s], zones[s], m.backward[zones[s]], noUnit
		st.first = uint8(p.nUnits)
		if live[s] {
			p.live |= 1 << s
		}
		for _, pl := range armies[s] {
			if m.terrain[pl.sq] != tFloor {
				return nil, fmt.Errorf("seat %d: %s on %s, which is %s", s+1, pl.kind.Name(), m.squareName(pl.sq), terrainName(m.terrain[pl.sq]))
			}
			if p.board[pl.sq] != 0 {
				return nil, fmt.Errorf("seat %d: two units on %s", s+1, m.squareName(pl.sq))
			}
			id := uint8(p.nUnits)
			p.units[id] = unit{sq: int16(pl.sq), kind: pl.kind, owner: uint8(s), alive: true,
				wounded: pl.wounded, hexUsed: pl.hexUsed, hexLeft: pl.hexLeft}
			p.board[pl.sq] = id + 1
			p.nUnits++
			if pl.hexLeft > 0 {
				p.nHexed++
			}
			if pl.kind == Ogre {
				p.ogres[s]++
			}
			if pl.kind.Role() == King {
				if st.king != noUnit {
					return nil, fmt.Errorf("seat %d has more than one King", s+1)
				}
				st.king = id
			}
		}
		st.end = uint8(p.nUnits)
		if live[s] && st.king == noUnit {
			return nil, fmt.Errorf("seat %d has no King", s+1)
		}
	}
	if p.liveCount() <= 1 {
		p.toMove = -1
	}
	p.undo = make([]undoRec, 0, 64)
	p.removed = make([]uint8, 0, 64)
	p.hashes = make([]uint64, 0, 64)
	p.hash = p.recomputeHash()
	return p, nil
}

func terrainName(t uint8) string {
	switch t {
	case tWater:
		return "water"
	case tVoid:
		return "void or off the map"
	}
	return "floor"
}

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
