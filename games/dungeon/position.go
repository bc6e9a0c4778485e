package dungeon

import (
	"math/bits"
	"sync"

	"wyrm/game"
)

const (
	maxUnits    = 128 // all seats together
	maxArmy     = 32  // one seat; hex bookkeeping uses a 32-bit mask
	noUnit      = 0xff
	hexTurns    = 2  // a hex lasts its target owner's next two turns
	quietRounds = 50 // rounds without a capture that draw (see quietLimit)
)

// unit is one unit on (or once on) the board.
type unit struct {
	sq      int16
	kind    Kind
	owner   uint8
	alive   bool
	wounded bool  // Troll hit once
	hexUsed bool  // Shaman has spent its hex
	hexLeft uint8 // owner turns this unit still cannot act
}

// seat is one player's fixed data.
type seat struct {
	faction Faction
	zone    int
	back    int   // mailbox step towards the seat's own edge
	first   uint8 // units[first:end] belong to the seat
	end     uint8
	king    uint8 // the seat's King, noUnit if it drafted none (parse only)
}

// undoRec is what Undo needs to take back one Play.
type undoRec struct {
	move     game.Move
	hash     uint64
	quiet    int32
	turn     int32
	toMove   int8
	live     uint8
	mover    uint8 // moving unit, noUnit for pass and hex
	from     int16
	target   uint8  // captured, pushed or hexed unit, noUnit when none
	pushedTo int16  // Troll's square after a push, -1 when no push
	removed0 uint16 // removed-stack height before the target's removal
	removed1 uint16 // removed-stack height after it (explosions follow)
	hexPrev  uint8  // hexLeft of a hex target before the hex
	hexDec   uint32 // mover's units whose hex counter this turn lowered
	nHexed   int16
	thrice   bool
}

// Position is a Dungeon Chess position with its history. It implements
// game.Position, game.Perfter and game.Eliminator.
type Position struct {
	m        *Map
	z        *zobrist // the hash keys, cached off the sync.Once
	n        int      // seats
	seats    [game.MaxPlayers]seat
	board    [maxBox]uint8 // unit index+1, 0 empty
	units    [maxUnits]unit
	nUnits   int
	live     uint8 // bit per seat still in the game
	toMove   int8  // -1 when over
	quiet    int32 // turns since the last capture
	turn     int32 // turns played, for display
	nHexed   int16 // units with hexLeft > 0, dead or alive
	resigned uint8 // seats that resigned, for the outcome's reason
	hash     uint64
	ogres    [game.MaxPlayers]int8 // living Ogres per seat, for intimidation
	// ogreSeats has a bit per seat with a living Ogre (ogres above zero).
	ogreSeats uint8
	// skeletons has a bit per seat that started with a Skeleton: only
	// against those is the Fragile pass (in genCaptures) worth running.
	skeletons uint8
	undo      []undoRec
	removed   []uint8
	hashes    []uint64 // hash before each Play, for repetition
	// thrice records that the position has occurred three times, counted
	// once per Play: the search asks ToMove several times a node.
	thrice bool
	// rootPress is the approach's extra weight where the current search
	// began, from the quiet count and its limit there (see MarkRoot).
	rootPress int32
	// w is the evaluation's parameter table: the game's own, shared by
	// every position, unless SetWeights gave another.
	w *weights
}

// zobrist keys: per (hash kind, owner, mailbox square); hash kinds are the
// 24 kinds plus wounded Troll and spent Shaman. Hex counters and the seat
// to move have their own keys.
const (
	hkWounded = int(numKinds)
	hkSpent   = int(numKinds) + 1
	hkCount   = int(numKinds) + 2
)

type zobrist struct {
	unit   [hkCount * game.MaxPlayers][maxBox]uint64
	hex    [hexTurns + 1][maxBox]uint64
	toMove [game.MaxPlayers + 1]uint64
	out    [game.MaxPlayers]uint64
}

var keys = sync.OnceValue(func() *zobrist {
	z := new(zobrist)
	ks := game.NewKeySource(0xd06e0c4e55)
	for i := range z.unit {
		for j := range z.unit[i] {
			z.unit[i][j] = ks.Next()
		}
	}
	for i := range z.hex {
		for j := range z.hex[i] {
			z.hex[i][j] = ks.Next()
		}
	}
	for i := range z.toMove {
		z.toMove[i] = ks.Next()
	}
	for i := range z.out {
		z.out[i] = ks.Next()
	}
	return z
})

// ukey is the hash contribution of a living unit.
func (z *zobrist) ukey(u *unit) uint64 {
	hk := int(u.kind)
	if u.wounded {
		hk = hkWounded
	} else if u.hexUsed {
		hk = hkSpent
	}
	k := z.unit[hk*game.MaxPlayers+int(u.owner)][u.sq]
	if u.hexLeft > 0 {
		k ^= z.hex[u.hexLeft][u.sq]
	}
	return k
}

// recomputeHash builds the hash from scratch.
func (p *Position) recomputeHash() uint64 {
	z := keys()
	var h uint64
	for i := 0; i < p.nUnits; i++ {
		if p.units[i].alive {
			h ^= z.ukey(&p.units[i])
		}
	}
	h ^= z.toMove[p.toMove+1]
	for s := 0; s < p.n; s++ {
		if p.live&(1<<s) == 0 {
			h ^= z.out[s]
		}
	}
	return h
}

// Map returns the position's map.
func (p *Position) Map() *Map { return p.m }

// Faction returns seat s's faction.
func (p *Position) Faction(s game.Player) Faction { return p.seats[s].faction }

// Players implements game.Position.
func (p *Position) Players() int { return p.n }

// ToMove implements game.Position: NoPlayer once the game is over.
func (p *Position) ToMove() game.Player {
	if p.over() {
		return game.NoPlayer
	}
	return game.Player(p.toMove)
}

// Hash implements game.Position.
func (p *Position) Hash() uint64 { return p.hash }

// Clone implements game.Position.
func (p *Position) Clone() game.Position {
	c := *p
	c.undo = append(make([]undoRec, 0, cap(p.undo)), p.undo...)
	c.removed = append(make([]uint8, 0, cap(p.removed)), p.removed...)
	c.hashes = append(make([]uint64, 0, cap(p.hashes)), p.hashes...)
	return &c
}

// isLive reports whether seat s is still in the game.
func (p *Position) isLive(s int) bool { return p.live&(1<<s) != 0 }

// nextLive returns the next live seat after s in turn order, or -1.
func (p *Position) nextLive(s int) int8 {
	for i := 1; i <= p.n; i++ {
		t := (s + i) % p.n
		if p.isLive(t) {
			return int8(t)
		}
	}
	return -1
}

// liveCount is the number of seats still in the game.
func (p *Position) liveCount() int { return bits.OnesCount8(p.live) }

// quietLimit is the number of turns without a capture that draws: 50
// rounds of the seats still in, so 100 turns with two, 150 with three and
// 200 with four.
func (p *Position) quietLimit() int32 { return quietRounds * int32(p.liveCount()) }

// kingSq returns seat s's King square, or -1 when its King is gone.
func (p *Position) kingSq(s int) int {
	k := p.seats[s].king
	if k == noUnit || !p.units[k].alive {
		return -1
	}
	return int(p.units[k].sq)
}

// unitAt returns the unit on b, or nil.
func (p *Position) unitAt(b int) *unit {
	if id := p.board[b]; id != 0 {
		return &p.units[id-1]
	}
	return nil
}

// removeUnit takes unit id off the board and records it for Undo.
func (p *Position) removeUnit(id uint8) {
	u := &p.units[id]
	p.hash ^= p.z.ukey(u)
	p.board[u.sq] = 0
	u.alive = false
	if u.kind == Ogre {
		p.loseOgre(u.owner)
	}
	p.removed = append(p.removed, id)
}

// restoreUnit puts a removed unit back.
func (p *Position) restoreUnit(id uint8) {
	u := &p.units[id]
	u.alive = true
	p.board[u.sq] = id + 1
	if u.kind == Ogre {
		p.gainOgre(u.owner)
	}
}

// loseOgre counts off one of seat s's living Ogres.
func (p *Position) loseOgre(s uint8) {
	p.ogres[s&(game.MaxPlayers-1)]--
	if p.ogres[s&(game.MaxPlayers-1)] == 0 {
		p.ogreSeats &^= 1 << s
	}
}

// gainOgre counts one more living Ogre for seat s.
func (p *Position) gainOgre(s uint8) {
	p.ogres[s&(game.MaxPlayers-1)]++
	p.ogreSeats |= 1 << s
}

// moveUnit moves unit id to b, updating board and hash.
func (p *Position) moveUnit(id uint8, b int) {
	u := &p.units[id]
	z := p.z
	p.hash ^= z.ukey(u)
	p.board[u.sq] = 0
	u.sq = int16(b)
	p.board[b] = id + 1
	p.hash ^= z.ukey(u)
}
