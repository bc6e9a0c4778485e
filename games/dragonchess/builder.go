package dragonchess

// The move tables are built here, one builder per piece, colour and square.

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
	b.r.moves = append(b.r.moves, makeEntry(bits, cond, mode, skip))
}

// step adds an unblockable target.
func (b *builder) step(to int, mode uint8) { b.stepIf(to, noSq, mode) }

// stepIf adds a target reachable only while cond is empty.
func (b *builder) stepIf(to, cond int, mode uint8) {
	if to < 0 || cond < 0 {
		return
	}
	for _, e := range b.r.moves[b.r.moveIdx[b.pc][b.from][0]:] {
		if e.to() == to && e.skip() == 0 && e.cond() == cond {
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
		if len(sqs) > 1 {
			b.r.moves[len(b.r.moves)-1] |= rayFlag
		}
		b.rb.rays[b.c][sq][d][i] |= 1 << b.pc
	}
}
