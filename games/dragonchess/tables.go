package dragonchess

import (
	"sync"

	"wyrm/game"
)

// Entry modes: what a target square allows.
const (
	modeBoth    uint8 = iota // move there or capture there
	modeMove                 // move only, no capture
	modeCapture              // capture only
)

// afarBit marks a Move that captures without moving (the Dragon's capture
// from afar): the piece stays on From and the victim on To is removed.
const afarBit = 1 << 18

// entry is one target of a piece standing on a square.
type entry struct {
	bits uint32 // to<<9 | afar flag; OR the origin square in to make a Move
	to   uint16
	cond uint16 // a square that must be empty (noSq when none)
	mode uint8
	skip uint8 // entries after this one in its ray: skipped when this square is occupied
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

// revBuild collects reverse attack data while the move tables are built.
type revBuild struct {
	rays  [2][nSq][27][files]uint64 // per colour, target, direction index, distance-1
	steps [2][nSq][]revEntry
}

func dirIndex(dl, df, dr int) int { return (dl+1)*9 + (df+1)*3 + (dr + 1) }

type builder struct {
	r    *rules
	rb   *revBuild
	pc   uint8
	c    int
	from int
}

func (b *builder) add(to, cond int, mode uint8, afar bool, skip int) {
	if to < 0 {
		return
	}
	bits := uint32(to) << 9
	if afar {
		bits |= afarBit
	}
	b.r.moves = append(b.r.moves, entry{bits: bits, to: uint16(to), cond: uint16(cond), mode: mode, skip: uint8(skip)})
}

// step adds an unblockable target.
func (b *builder) step(to int, mode uint8) { b.stepIf(to, noSq, mode) }

// stepIf adds a target reachable only while cond is empty.
func (b *builder) stepIf(to, cond int, mode uint8) {
	if to < 0 || cond < 0 {
		return
	}
	for _, e := range b.r.moves[b.r.moveIdx[b.pc][b.from][0]:] {
		if int(e.to) == to && e.skip == 0 && int(e.cond) == cond {
			return // the same target twice (a Sylph's home square above it)
		}
	}
	b.add(to, cond, mode, false, 0)
	if mode != modeMove {
		b.revStep(to, cond)
	}
}

func (b *builder) revStep(to, cond int) {
	list := b.rb.steps[b.c][to]
	for i := range list {
		if int(list[i].sq) == b.from && int(list[i].cond) == cond {
			list[i].mask |= 1 << b.pc
			return
		}
	}
	b.rb.steps[b.c][to] = append(list, revEntry{mask: 1 << b.pc, sq: uint16(b.from), cond: uint16(cond)})
}

// afar adds a capture from afar of the square to.
func (b *builder) afar(to int) {
	if to < 0 {
		return
	}
	b.add(to, noSq, modeCapture, true, 0)
	b.revStep(to, noSq)
}

// ray adds a blockable line of up to maxLen squares in direction (dl,df,dr).
func (b *builder) ray(dl, df, dr, maxLen int) {
	l, f, r := levelOf(b.from), fileOf(b.from), rankOf(b.from)
	var sqs []int
	for i := 1; i <= maxLen; i++ {
		sq := square(l+i*dl, f+i*df, r+i*dr)
		if sq < 0 {
			break
		}
		sqs = append(sqs, sq)
	}
	d := dirIndex(-dl, -df, -dr)
	for i, sq := range sqs {
		b.add(sq, noSq, modeBoth, false, len(sqs)-1-i)
		b.rb.rays[b.c][sq][d][i] |= 1 << b.pc
	}
}

var (
	orthDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diagDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	kingDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	knight   = [8][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
	griffonL = [8][2]int{{2, 3}, {3, 2}, {-2, 3}, {-3, 2}, {2, -3}, {3, -2}, {-2, -3}, {-3, -2}}
)

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
	r.buildReverse(rb)
	r.start = startString(r)
	return r
}

// piece adds the targets of kind k standing on b.from.
func (b *builder) piece(k kind, v variant) {
	l, f, rk := levelOf(b.from), fileOf(b.from), rankOf(b.from)
	fw := forward(b.c)
	at := func(dl, df, dr int) int { return square(l+dl, f+df, rk+dr) }
	switch k {
	case sylph:
		switch l {
		case lvSky:
			b.step(at(0, -1, fw), modeMove)
			b.step(at(0, 1, fw), modeMove)
			b.step(at(0, 0, fw), modeCapture)
			b.step(at(-1, 0, 0), modeCapture)
		case lvGround:
			b.step(at(1, 0, 0), modeMove)
			for _, h := range b.r.sylphHome[b.c] {
				b.step(h, modeMove)
			}
		}
	case griffon:
		switch l {
		case lvSky:
			for _, d := range griffonL {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
			for _, d := range diagDirs {
				b.step(at(-1, d[0], d[1]), modeBoth)
			}
		case lvGround:
			for _, d := range diagDirs {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
			for _, d := range diagDirs {
				b.step(at(1, d[0], d[1]), modeBoth)
			}
		}
	case dragon:
		if l != lvSky {
			return
		}
		for _, d := range diagDirs {
			b.ray(0, d[0], d[1], files)
		}
		if !v.has(vHarnessed1) {
			for _, d := range orthDirs {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
		}
		b.afar(at(-1, 0, 0))
		if !v.has(vHarnessed2) {
			for _, d := range orthDirs {
				b.afar(at(-1, d[0], d[1]))
			}
		}
	case warrior:
		if l == lvGround {
			b.step(at(0, 0, fw), modeMove)
			b.step(at(0, -1, fw), modeCapture)
			b.step(at(0, 1, fw), modeCapture)
		}
	case oliphant, thief:
		if l != lvGround {
			return
		}
		dirs := orthDirs
		if k == thief {
			dirs = diagDirs
		}
		for _, d := range dirs {
			b.ray(0, d[0], d[1], files)
		}
	case unicorn:
		if l == lvGround {
			for _, d := range knight {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
		}
	case hero:
		if l == lvGround {
			for _, d := range diagDirs {
				b.step(at(0, d[0], d[1]), modeBoth)
				b.step(at(0, 2*d[0], 2*d[1]), modeBoth)
			}
			for _, d := range diagDirs {
				b.step(at(1, d[0], d[1]), modeBoth)
				b.step(at(-1, d[0], d[1]), modeBoth)
			}
		} else {
			for _, d := range diagDirs {
				b.step(square(lvGround, f+d[0], rk+d[1]), modeBoth)
			}
		}
	case cleric:
		for _, d := range kingDirs {
			b.step(at(0, d[0], d[1]), modeBoth)
		}
		b.step(at(1, 0, 0), modeBoth)
		b.step(at(-1, 0, 0), modeBoth)
	case mage:
		if l == lvGround {
			for _, d := range kingDirs {
				b.ray(0, d[0], d[1], files)
			}
		} else {
			for _, d := range orthDirs {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
		}
		b.ray(1, 0, 0, levels)
		b.ray(-1, 0, 0, levels)
	case king:
		if l == lvGround {
			for _, d := range kingDirs {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
			b.step(at(1, 0, 0), modeBoth)
			b.step(at(-1, 0, 0), modeBoth)
		} else {
			b.step(square(lvGround, f, rk), modeBoth)
		}
	case paladin:
		for _, d := range kingDirs {
			b.step(at(0, d[0], d[1]), modeBoth)
		}
		if l == lvGround {
			for _, d := range knight {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
		}
		for _, dl := range [4]int{1, -1, 2, -2} {
			n := 2
			if dl == 2 || dl == -2 {
				n = 1
			}
			for _, d := range orthDirs {
				b.step(at(dl, n*d[0], n*d[1]), modeBoth)
			}
		}
	case dwarf, revDwarf:
		b.dwarf(k, v, at)
	case basilisk:
		if l == lvUnder {
			b.step(at(0, 0, fw), modeBoth)
			b.step(at(0, -1, fw), modeBoth)
			b.step(at(0, 1, fw), modeBoth)
			b.step(at(0, 0, -fw), modeMove)
		}
	case elemental:
		switch l {
		case lvUnder:
			for _, d := range orthDirs {
				b.ray(0, d[0], d[1], 2)
			}
			for _, d := range diagDirs {
				b.step(at(0, d[0], d[1]), modeMove)
			}
			up := modeCapture
			if v.has(vSummonElemental) {
				up = modeBoth
			}
			for _, d := range orthDirs {
				b.stepIf(at(1, d[0], d[1]), at(0, d[0], d[1]), up)
			}
		case lvGround:
			for _, d := range orthDirs {
				b.stepIf(at(-1, d[0], d[1]), at(-1, 0, 0), modeBoth)
			}
		}
	}
}

// dwarf adds the targets of a Dwarf (or a reversed Dwarf, which moves
// towards its own home row).
func (b *builder) dwarf(k kind, v variant, at func(dl, df, dr int) int) {
	fw := forward(b.c)
	if k == revDwarf {
		fw = -fw
	}
	l := levelOf(b.from)
	if l == lvSky {
		return
	}
	b.step(at(0, 0, fw), modeMove)
	b.step(at(0, -1, fw), modeCapture)
	b.step(at(0, 1, fw), modeCapture)
	sideways := l == lvUnder || !v.has(vAboveGroundDwarf)
	if sideways {
		b.step(at(0, -1, 0), modeMove)
		b.step(at(0, 1, 0), modeMove)
	}
	free := v.has(vTrollDwarf)
	switch l {
	case lvUnder:
		if free {
			b.step(at(1, 0, 0), modeBoth)
		} else {
			b.step(at(1, 0, 0), modeCapture)
		}
	case lvGround:
		if v.has(vAboveGroundDwarf | vTrollDwarf) {
			b.step(at(0, 0, -fw), modeMove)
		}
		if free {
			b.step(at(-1, 0, 0), modeBoth)
		} else {
			b.step(at(-1, 0, 0), modeMove)
		}
		if v.has(vSynchronized) {
			for _, h := range b.r.dwarfHome[b.c] {
				b.step(h, modeMove)
			}
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

// Zobrist keys, fixed by seed.
var (
	zPiece [codeCount][nSq]uint64
	zSide  uint64
	zEp    [boardLen]uint64
)

func init() {
	ks := game.NewKeySource(0x6472616b6f6e)
	for pc := range zPiece {
		for sq := range zPiece[pc] {
			zPiece[pc][sq] = ks.Next()
		}
	}
	zSide = ks.Next()
	for sq := 0; sq < nSq; sq++ {
		zEp[sq] = ks.Next()
	}
}
