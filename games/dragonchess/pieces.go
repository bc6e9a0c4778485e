package dragonchess

// kind is a piece type. A piece code on the board is kind<<1 | colour, so
// 0 is an empty square and codes run up to 2*kindCount-1.
type kind uint8

const (
	noKind kind = iota
	sylph
	griffon
	dragon
	warrior
	oliphant
	unicorn
	hero
	thief
	cleric
	mage
	king
	paladin
	dwarf
	basilisk
	elemental
	// revDwarf is a Dwarf reversed by the Reversing Dwarf variant: it moves
	// and captures towards its own home row.
	revDwarf
	kindCount
)

// Colours: Gold moves first.
const (
	gold    = 0
	scarlet = 1
)

const codeCount = int(kindCount) << 1

func code(k kind, c int) uint8 { return uint8(k)<<1 | uint8(c) }
func kindOf(p uint8) kind      { return kind(p >> 1) }
func colourOf(p uint8) int     { return int(p & 1) }

// kindLetters holds the upper-case letter of each kind (Gold's letter).
var kindLetters = [kindCount]byte{0, 'S', 'G', 'R', 'W', 'O', 'U', 'H', 'T', 'C', 'M', 'K', 'P', 'D', 'B', 'E', 'D'}

var kindNames = [kindCount]string{"", "Sylph", "Griffon", "Dragon", "Warrior", "Oliphant", "Unicorn", "Hero",
	"Thief", "Cleric", "Mage", "King", "Paladin", "Dwarf", "Basilisk", "Elemental", "Dwarf"}

// kindValues are Gygax's exchange values in centipawns; the King has none.
var kindValues = [kindCount]int{0, 100, 500, 800, 100, 500, 250, 450, 400, 900, 1100, 0, 1000, 200, 300, 400, 200}

// letterCode maps a position-string letter to its piece code (0 when not a
// piece letter). Reversed Dwarves are never written as letters.
var letterCode [256]uint8

func init() {
	for k := sylph; k <= elemental; k++ {
		l := kindLetters[k]
		letterCode[l] = code(k, gold)
		letterCode[l+'a'-'A'] = code(k, scarlet)
	}
}

// pieceLetter writes the letter of piece code p in the position string.
func pieceLetter(p uint8) byte {
	l := kindLetters[kindOf(p)]
	if colourOf(p) == scarlet {
		l += 'a' - 'A'
	}
	return l
}

// isPawnKind reports whether moves of k reset the 100-move clock.
func isPawnKind(k kind) bool { return k == warrior || k == sylph || k == dwarf || k == revDwarf }
