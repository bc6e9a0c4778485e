package dragonchess

import "fmt"

// Board geometry. Internal level 0 is the Underworld (board 1 in notation),
// 1 the Ground (board 2), 2 the Sky (board 3).
const (
	files    = 12
	ranks    = 8
	levels   = 3
	perLevel = files * ranks
	nSq      = levels * perLevel
	// noSq is a sentinel square that is always empty: conditions that do not
	// apply point at it so that the hot loops need no branch.
	noSq = nSq
	// boardLen leaves room for the sentinel.
	boardLen = nSq + 1
)

const (
	lvUnder  = 0
	lvGround = 1
	lvSky    = 2
)

func square(l, f, r int) int {
	if l < 0 || l >= levels || f < 0 || f >= files || r < 0 || r >= ranks {
		return -1
	}
	return l*perLevel + r*files + f
}

func levelOf(sq int) int { return sq / perLevel }
func fileOf(sq int) int  { return sq % files }
func rankOf(sq int) int  { return sq % perLevel / files }

// squareName writes sq as level, file, rank: "2g1".
func squareName(sq int) string {
	if sq < 0 || sq >= nSq {
		return "?"
	}
	return string([]byte{byte('1' + levelOf(sq)), byte('a' + fileOf(sq)), byte('1' + rankOf(sq))})
}

// parseSquare reads "2g1" at the start of s and returns the square and the
// number of bytes used.
func parseSquare(s string) (int, int, error) {
	if len(s) < 3 {
		return 0, 0, fmt.Errorf("square %q too short", s)
	}
	l, f, r := int(s[0])-'1', int(s[1])-'a', int(s[2])-'1'
	sq := square(l, f, r)
	if sq < 0 {
		return 0, 0, fmt.Errorf("no square %q (want level 1-3, file a-l, rank 1-8)", s[:3])
	}
	return sq, 3, nil
}

// lastRank is the rank a piece of colour c moving forward ends on.
func lastRank(c int) int {
	if c == gold {
		return ranks - 1
	}
	return 0
}

// forward is the rank step of colour c.
func forward(c int) int { return 1 - 2*c }
