package dragonchess

import "sync"

// Entry modes: what a target square allows.
const (
	modeBoth    uint8 = iota // move there or capture there
	modeMove                 // move only, no capture
	modeCapture              // capture only
)

// afarBit marks a Move that captures without moving (the Dragon's capture
// from afar): the piece stays on From and the victim on To is removed.
const afarBit = 1 << 18

// entry is one target of a piece standing on a square, packed in 64 bits:
// the Move bits (to<<9 | afar flag) in the low 32 (OR the origin square in
// to make a Move), then the square that must be empty (noSq when none), the
// mode, and the number of entries after this one in its ray, skipped when
// this square is occupied.
type entry uint64

// rayFlag marks an entry on a line of two or more squares.
const rayFlag entry = 1 << 62

func makeEntry(bits uint32, cond int, mode uint8, skip int) entry {
	return entry(bits) | entry(cond)<<32 | entry(mode)<<48 | entry(skip)<<56
}

func (e entry) bits() uint32 { return uint32(e) }
func (e entry) to() int      { return int(uint32(e) >> 9 & 511) }
func (e entry) cond() int    { return int(e >> 32 & 0xffff) }
func (e entry) mode() uint8  { return uint8(e >> 48) }
func (e entry) skip() int    { return int(e >> 56 & 15) }

// bitset is a set of squares, bit sq%64 of word sq/64.
type bitset [(nSq + 63) / 64]uint64

func (s *bitset) set(sq int) { s[sq>>6] |= 1 << (sq & 63) }

// leapSet holds the targets of a piece on a square that need no empty
// square on the way (steps and jumps, not lines and not captures from
// afar), as sets by mode; lo..hi are the words that hold any of them.
type leapSet struct {
	both, move, capt bitset
	lo, hi           uint8
}

// revEntry is one square from which a piece may attack a given square.
type revEntry struct {
	mask uint64 // attacker piece codes that attack from sq (all of one colour)
	sq   uint16
	cond uint16 // a square that must be empty for the attack
	skip uint8  // like entry.skip, for rays walked outwards from the target
	ray  bool   // sq is on a ray of two or more squares (a line a piece may block)
}

// rules holds everything fixed by a set of variants: move tables, reverse
// attack tables, promotion table, home squares and the start position.
type rules struct {
	v       variant
	moves   []entry
	moveIdx [codeCount][nSq][2]uint32
	// moveList[pc][sq] is moves[moveIdx[pc][sq][0]:moveIdx[pc][sq][1]].
	moveList [codeCount][nSq][]entry
	// leap and special split moveList for generation: the plain steps as
	// bit sets, the rest (lines, conditions, captures from afar) as entries.
	leap    [codeCount][nSq]leapSet
	special [codeCount][nSq][]entry
	rev     [2][]revEntry
	revIdx  [2][nSq][2]uint32
	// promoted is the piece a code becomes on arriving at a square (Warrior
	// to Hero, Dwarf to reversed Dwarf); the code itself otherwise.
	promoted [codeCount][nSq]uint8
	// sylphHome and dwarfHome list each colour's starting squares.
	sylphHome [2][6]int
	dwarfHome [2][6]int
	// epHome marks Sylph starting squares per colour (en passant type I).
	epHome [2][nSq]bool
	// below is the square directly under sq for Ground squares (where a
	// Basilisk would freeze the piece), noSq for other levels.
	below [boardLen]uint16
	start string
}

var (
	rulesMu    sync.Mutex
	rulesCache = map[variant]*rules{}
)

// rulesFor returns the (shared, read-only) tables for v, building them once.
func rulesFor(v variant) *rules {
	rulesMu.Lock()
	defer rulesMu.Unlock()
	if r, ok := rulesCache[v]; ok {
		return r
	}
	r := buildRules(v)
	rulesCache[v] = r
	return r
}

func buildRules(v variant) *rules {
	r := &rules{v: v}
	rb := new(revBuild)
	sylphFiles, dwarfFiles := [6]int{0, 2, 4, 6, 8, 10}, [6]int{1, 3, 5, 7, 9, 11}
	if v.has(vSynchronized) {
		sylphFiles = dwarfFiles
	}
	for c := 0; c < 2; c++ {
		home := 1
		if c == scarlet {
			home = ranks - 2
		}
		for i := 0; i < 6; i++ {
			r.sylphHome[c][i] = square(lvSky, sylphFiles[i], home)
			r.dwarfHome[c][i] = square(lvUnder, dwarfFiles[i], home)
			r.epHome[c][r.sylphHome[c][i]] = true
		}
	}
	for sq := 0; sq < boardLen; sq++ {
		r.below[sq] = noSq
		if sq < nSq && levelOf(sq) == lvGround {
			r.below[sq] = uint16(sq - perLevel)
		}
	}
	for k := sylph; k < kindCount; k++ {
		for c := 0; c < 2; c++ {
			pc := code(k, c)
			for sq := 0; sq < nSq; sq++ {
				r.moveIdx[pc][sq][0] = uint32(len(r.moves))
				b := &builder{r: r, rb: rb, pc: pc, c: c, from: sq}
				b.piece(k, v)
				r.moveIdx[pc][sq][1] = uint32(len(r.moves))
				r.promoted[pc][sq] = pc
				if rankOf(sq) == lastRank(c) {
					switch {
					case k == warrior:
						r.promoted[pc][sq] = code(hero, c)
					case k == dwarf && v.has(vReversingDwarf):
						r.promoted[pc][sq] = code(revDwarf, c)
					}
				}
			}
		}
	}
	for pc := range r.moveList {
		for sq := range r.moveList[pc] {
			idx := r.moveIdx[pc][sq]
			r.moveList[pc][sq] = r.moves[idx[0]:idx[1]:idx[1]]
		}
	}
	r.splitLeaps()
	r.buildReverse(rb)
	r.start = startString(r)
	return r
}

// splitLeaps fills leap and special from moveList.
func (r *rules) splitLeaps() {
	var specials []entry
	var idx [codeCount][nSq][2]int
	for pc := range r.moveList {
		for sq, es := range r.moveList[pc] {
			ls := &r.leap[pc][sq]
			ls.lo, ls.hi = 255, 0
			idx[pc][sq][0] = len(specials)
			for _, e := range es {
				if e&rayFlag != 0 || e.cond() != noSq || e.bits()&afarBit != 0 {
					specials = append(specials, e)
					continue
				}
				switch e.mode() {
				case modeBoth:
					ls.both.set(e.to())
				case modeMove:
					ls.move.set(e.to())
				default:
					ls.capt.set(e.to())
				}
				w := uint8(e.to() >> 6)
				ls.lo, ls.hi = min(ls.lo, w), max(ls.hi, w)
			}
			idx[pc][sq][1] = len(specials)
		}
	}
	for pc := range r.special {
		for sq := range r.special[pc] {
			i := idx[pc][sq]
			r.special[pc][sq] = specials[i[0]:i[1]:i[1]]
		}
	}
}

// buildReverse flattens the collected attack data: for every colour and
// target square, the rays walked outwards (a step from the first square of
// a ray is merged into it) and then the remaining steps.
func (r *rules) buildReverse(rb *revBuild) {
	for c := 0; c < 2; c++ {
		for t := 0; t < nSq; t++ {
			r.revIdx[c][t][0] = uint32(len(r.rev[c]))
			steps := rb.steps[c][t]
			l, f, rk := levelOf(t), fileOf(t), rankOf(t)
			for dl := -1; dl <= 1; dl++ {
				for df := -1; df <= 1; df++ {
					for dr := -1; dr <= 1; dr++ {
						masks := &rb.rays[c][t][dirIndex(dl, df, dr)]
						n := 0
						for i, m := range masks {
							if m != 0 {
								n = i + 1
							}
						}
						if n == 0 {
							continue
						}
						for i := 0; i < n; i++ {
							sq := square(l+(i+1)*dl, f+(i+1)*df, rk+(i+1)*dr)
							e := revEntry{mask: masks[i], sq: uint16(sq), cond: noSq, skip: uint8(n - 1 - i), ray: n > 1}
							if i == 0 {
								for j := 0; j < len(steps); j++ {
									if int(steps[j].sq) == sq && steps[j].cond == noSq {
										e.mask |= steps[j].mask
										steps = append(steps[:j:j], steps[j+1:]...)
										j--
									}
								}
							}
							r.rev[c] = append(r.rev[c], e)
						}
					}
				}
			}
			r.rev[c] = append(r.rev[c], steps...)
			r.revIdx[c][t][1] = uint32(len(r.rev[c]))
		}
	}
}
