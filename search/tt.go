package search

import "wyrm/game"

// Bound kinds stored with a transposition table score.
const (
	boundNone uint8 = iota
	boundUpper
	boundLower
	boundExact
)

// ttEntry is 16 bytes: the full key, the best move and a packed score.
type ttEntry struct {
	key   uint64
	move  game.Move
	score int16
	depth int8
	flags uint8 // bound in the low 2 bits, age in the upper 6
}

func (e *ttEntry) bound() uint8 { return e.flags & 3 }
func (e *ttEntry) age() uint8   { return e.flags >> 2 }

// boundOf is the kind of bound a fail-soft search of the window
// (alpha, beta) proved with best.
func boundOf(best, alpha, beta int) uint8 {
	switch {
	case best >= beta:
		return boundLower
	case best > alpha:
		return boundExact
	}
	return boundUpper
}

// table is a fixed-size transposition table in buckets of two entries: one
// kept by depth, one always replaced. It belongs to one Engine and is only
// used by its searching goroutine, so it needs no locking.
type table struct {
	entries []ttEntry
	mask    uint64 // bucket index mask
	age     uint8
	// keepDeep stores a position's entry where it already is and keeps
	// a deep entry from a much shallower bound of the same search; the
	// selective search, whose quiescence stores depth-0 entries, sets it.
	keepDeep bool
}

const ttEntrySize = 16

func newTable(mb int) *table {
	if mb < 1 {
		mb = 1
	}
	n := uint64(mb) << 20 / ttEntrySize
	buckets := uint64(1)
	for buckets*2*2 <= n {
		buckets *= 2
	}
	return &table{entries: make([]ttEntry, buckets*2), mask: buckets - 1}
}

func (t *table) clear() {
	clear(t.entries)
	t.age = 0
}

func (t *table) newSearch() { t.age = (t.age + 1) & 63 }

func (t *table) probe(key uint64) (ttEntry, bool) {
	i := (key & t.mask) * 2
	if e := t.entries[i]; e.key == key && e.bound() != boundNone {
		return e, true
	}
	if e := t.entries[i+1]; e.key == key && e.bound() != boundNone {
		return e, true
	}
	return ttEntry{}, false
}

func (t *table) store(key uint64, m game.Move, score, depth int, bound uint8) {
	i := (key & t.mask) * 2
	slot := &t.entries[i]
	if slot.key != key && slot.age() == t.age && int(slot.depth) > depth {
		slot = &t.entries[i+1] // keep the deeper entry of this search
	}
	if t.keepDeep && slot.key != key && t.entries[i+1].key == key {
		slot = &t.entries[i+1]
	}
	if slot.key == key && m == game.NoMove {
		m = slot.move // keep the old best move when this pass found none
	}
	// A much shallower bound (from quiescence, say) does not replace a
	// deep entry of the same position from this search.
	if t.keepDeep && slot.key == key && slot.age() == t.age && int(slot.depth) > depth+3 && bound != boundExact {
		return
	}
	*slot = ttEntry{key: key, move: m, score: int16(score), depth: int8(max(min(depth, 127), -1)),
		flags: bound | t.age<<2}
}

// hashfull returns the permille of entries written in this search.
func (t *table) hashfull() int {
	n := min(len(t.entries), 1000)
	used := 0
	for _, e := range t.entries[:n] {
		if e.bound() != boundNone && e.age() == t.age {
			used++
		}
	}
	return used * 1000 / n
}
