package dungeon

import "wyrm/game"

// Move layout: bits 0-9 from square, 10-19 to square, 20-29 retreat square
// (Salamander) and bits 30-31 the action type. Squares are mailbox indices,
// never 0, so a move or hex is never NoMove; a pass has type bits set.
const (
	mtMove = 0
	mtHex  = 1
	mtPass = 2

	passMove = game.Move(mtPass << 30)
)

func mkMove(from, to int) game.Move { return game.Move(from | to<<10) }

func mkRetreat(from, to, r int) game.Move { return game.Move(from | to<<10 | r<<20) }

func mkHex(shaman, target int) game.Move { return game.Move(shaman | target<<10 | mtHex<<30) }

func mFrom(m game.Move) int    { return int(m & 0x3ff) }
func mTo(m game.Move) int      { return int(m >> 10 & 0x3ff) }
func mRetreat(m game.Move) int { return int(m >> 20 & 0x3ff) }
func mType(m game.Move) int    { return int(m >> 30) }
