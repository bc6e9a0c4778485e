package dungeon

import (
	"embed"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Terrain codes in the mailbox.
const (
	tFloor uint8 = iota
	tWater
	tVoid
)

const (
	pad       = 2    // void border around the map, deep enough for knight leaps
	maxSide   = 26   // files a..z; ranks likewise
	maxBox    = 1024 // mailbox squares; (26+4)^2 = 900 fits
	maxZones  = 4
	bitsWords = maxBox / 64
)

// Map is a dungeon board: its terrain, its deployment zones and the
// precomputed tables move generation uses. A Map is immutable and shared.
type Map struct {
	// Name is the map's title ("Two Player Dungeon").
	Name string
	// ID is the name as one lower-case token, used in position strings.
	ID string
	// Zones is the number of deployment zones, the most players it seats.
	Zones        int
	Files, Ranks int
	cells        []byte // viewer order: rank*Files+file; 'f', 'w', '.', '1'..'4'

	w, size int                 // mailbox row width and number of squares
	terrain [maxBox]uint8       // tFloor, tWater, tVoid
	zone    [maxBox]uint8       // 0 or deployment zone 1..4
	toBox   []int               // viewer square -> mailbox
	fromBox [maxBox]int16       // mailbox -> viewer square, -1 in the padding
	zoneSqs [maxZones + 1][]int // mailbox squares of each zone
	aligned [][bitsWords]uint64 // per square: squares on its 8 lines up to void
	// reach holds, for each square t and attack class c (see attackClass),
	// the squares from which a unit of class c might capture a unit on t:
	// the five by five box around t and, for c's lines, the lines through
	// t up to void. Bitsets of words words each, at (t*numClasses+c)*words.
	reach []uint64
	words int
	// floorQ and floorL have a bit per direction of queen and leaps, set
	// where that neighbour of the square is floor: the generators loop
	// over these bits alone.
	floorQ   [maxBox]uint8
	floorL   [maxBox]uint8
	ortho    [4]int
	diag     [4]int
	queen    [8]int
	leaps    [8]int
	backward [maxZones + 1]int // step towards each zone's own edge
	file     [maxBox]int8      // map file of each mailbox square (padding: outside 0..Files-1)
	rank     [maxBox]int8

	walkOnce sync.Once
	walk     []uint8 // walking distances, see walkDist
	frontier int     // see approachRef
	farthest int     // see farthestWalk
}

//go:embed maps/*.map
var mapFiles embed.FS

var builtin = sync.OnceValues(func() ([]*Map, error) {
	ents, err := mapFiles.ReadDir("maps")
	if err != nil {
		return nil, err
	}
	var out []*Map
	for _, e := range ents {
		b, err := mapFiles.ReadFile("maps/" + e.Name())
		if err != nil {
			return nil, err
		}
		m, err := ParseMap(string(b))
		if err != nil {
			return nil, fmt.Errorf("built-in map %s: %w", e.Name(), err)
		}
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
})

// BuiltinMaps returns the maps that come with the game.
func BuiltinMaps() []*Map {
	ms, err := builtin()
	if err != nil {
		panic(err) // the embedded files are part of the program
	}
	return ms
}

// LookupMap returns the built-in map with this ID or name.
func LookupMap(name string) (*Map, error) {
	for _, m := range BuiltinMaps() {
		if strings.EqualFold(m.ID, name) || strings.EqualFold(m.Name, name) {
			return m, nil
		}
	}
	return nil, fmt.Errorf("unknown map %q", name)
}

// ParseMap reads a map in the text format: "name <title>", "players <n>"
// and then one row of squares per rank, North first, each square one of
// 'f' floor, 'w' water, '.' void or a zone digit '1'..'n' (floor where
// seat n deploys). Blank lines and lines starting with '#' are ignored.
func ParseMap(text string) (*Map, error) {
	m := &Map{}
	var rows []string
	var rowLines []int
	zones := -1
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		switch {
		case strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#"):
		case strings.HasPrefix(line, "name ") || line == "name":
			m.Name = strings.TrimSpace(strings.TrimPrefix(line, "name"))
		case strings.HasPrefix(line, "players"):
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "players")))
			if err != nil || n < 2 || n > maxZones {
				return nil, fmt.Errorf("line %d: players must be a number from 2 to %d", i+1, maxZones)
			}
			zones = n
		default:
			rows = append(rows, line)
			rowLines = append(rowLines, i+1)
		}
	}
	if m.Name == "" {
		return nil, fmt.Errorf("missing \"name <title>\" line")
	}
	m.ID = slug(m.Name)
	if m.ID == "" {
		return nil, fmt.Errorf("map name %q has no letters or digits", m.Name)
	}
	if zones < 0 {
		return nil, fmt.Errorf("missing \"players <n>\" line")
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no rows of squares")
	}
	m.Zones, m.Files, m.Ranks = zones, len(rows[0]), len(rows)
	if m.Files < 1 || m.Files > maxSide || m.Ranks > maxSide {
		return nil, fmt.Errorf("map is %dx%d; at most %dx%d is supported", m.Files, m.Ranks, maxSide, maxSide)
	}
	m.cells = make([]byte, m.Files*m.Ranks)
	for i, row := range rows {
		if len(row) != m.Files {
			return nil, fmt.Errorf("line %d: row has %d squares, the first row has %d", rowLines[i], len(row), m.Files)
		}
		rank := m.Ranks - 1 - i
		for f := 0; f < len(row); f++ {
			c := row[f]
			switch {
			case c == 'f' || c == 'w' || c == '.':
			case c >= '1' && c <= '9':
				if int(c-'0') > zones {
					return nil, fmt.Errorf("line %d column %d: zone %c but the map has %d players", rowLines[i], f+1, c, zones)
				}
			default:
				return nil, fmt.Errorf("line %d column %d: %q is not a square (f, w, . or a zone digit)", rowLines[i], f+1, c)
			}
			m.cells[rank*m.Files+f] = c
		}
	}
	m.build()
	for z := 1; z <= zones; z++ {
		if len(m.zoneSqs[z]) == 0 {
			return nil, fmt.Errorf("zone %d has no squares", z)
		}
	}
	return m, nil
}

func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(s) {
		if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(c)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// build fills the mailbox and the tables from cells.
func (m *Map) build() {
	m.w = m.Files + 2*pad
	m.size = m.w * (m.Ranks + 2*pad)
	for i := range m.terrain {
		m.terrain[i] = tVoid
		m.fromBox[i] = -1
	}
	m.toBox = make([]int, len(m.cells))
	for sq, c := range m.cells {
		f, r := sq%m.Files, sq/m.Files
		b := (r+pad)*m.w + f + pad
		m.toBox[sq] = b
		m.fromBox[b] = int16(sq)
		switch c {
		case 'w':
			m.terrain[b] = tWater
		case '.':
			m.terrain[b] = tVoid
		default:
			m.terrain[b] = tFloor
			if c >= '1' && c <= '9' {
				z := c - '0'
				m.zone[b] = z
				m.zoneSqs[z] = append(m.zoneSqs[z], b)
			}
		}
	}
	w := m.w
	for b := 0; b < m.size; b++ {
		m.file[b], m.rank[b] = int8(b%w-pad), int8(b/w-pad)
	}
	m.ortho = [4]int{1, -1, w, -w}
	m.diag = [4]int{w + 1, w - 1, -w + 1, -w - 1}
	m.queen = [8]int{1, -1, w, -w, w + 1, w - 1, -w + 1, -w - 1}
	m.leaps = [8]int{2*w + 1, 2*w - 1, -2*w + 1, -2*w - 1, w + 2, w - 2, -w + 2, -w - 2}
	m.aligned = make([][bitsWords]uint64, m.size)
	for a := 0; a < m.size; a++ {
		if m.terrain[a] == tVoid {
			continue
		}
		for _, d := range m.queen {
			for s := a + d; m.terrain[s] != tVoid; s += d {
				m.aligned[a][s>>6] |= 1 << (s & 63)
			}
		}
	}
	m.buildReach()
	for b := 0; b < m.size; b++ {
		if m.terrain[b] == tVoid {
			continue
		}
		for i := range 8 {
			if m.terrain[b+m.queen[i]] == tFloor {
				m.floorQ[b] |= 1 << i
			}
			if m.terrain[b+m.leaps[i]] == tFloor {
				m.floorL[b] |= 1 << i
			}
		}
	}
	// Backward is towards the side of the board the zone lies on.
	for z := 1; z <= maxZones; z++ {
		m.backward[z] = -w
		if len(m.zoneSqs[z]) == 0 {
			continue
		}
		var sx, sy float64
		for _, b := range m.zoneSqs[z] {
			sq := int(m.fromBox[b])
			sx += float64(sq % m.Files)
			sy += float64(sq / m.Files)
		}
		n := float64(len(m.zoneSqs[z]))
		dx, dy := sx/n-float64(m.Files-1)/2, sy/n-float64(m.Ranks-1)/2
		switch {
		case abs(dy) >= abs(dx) && dy > 0:
			m.backward[z] = w
		case abs(dy) >= abs(dx):
			m.backward[z] = -w
		case dx > 0:
			m.backward[z] = 1
		default:
			m.backward[z] = -1
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// onLine reports whether b lies on one of the eight lines from a, not
// counting lines cut by void.
func (m *Map) onLine(a, b int) bool { return m.aligned[a][b>>6]>>(b&63)&1 != 0 }

// SeatZones returns the deployment zone of each seat for a game of n
// players, or an error when the map cannot seat n. Two players on a
// four-zone map sit opposite each other; three take the first three zones.
func (m *Map) SeatZones(n int) ([]int, error) {
	if n < 2 || n > m.Zones {
		return nil, fmt.Errorf("map %s seats 2 to %d players, not %d", m.ID, m.Zones, n)
	}
	if n == 2 && m.Zones == 4 {
		return []int{1, 3}, nil
	}
	z := make([]int, n)
	for i := range z {
		z[i] = i + 1
	}
	return z, nil
}

// ZoneSize is the number of squares in zone z.
func (m *Map) ZoneSize(z int) int {
	if z < 1 || z > maxZones {
		return 0
	}
	return len(m.zoneSqs[z])
}

// Text writes the map in its text format; ParseMap reads it back.
func (m *Map) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "name %s\nplayers %d\n", m.Name, m.Zones)
	for r := m.Ranks - 1; r >= 0; r-- {
		b.Write(m.cells[r*m.Files : (r+1)*m.Files])
		b.WriteByte('\n')
	}
	return b.String()
}

// squareName names mailbox square b ("c19").
func (m *Map) squareName(b int) string {
	if b < 0 || b >= maxBox || m.fromBox[b] < 0 {
		return "??"
	}
	sq := int(m.fromBox[b])
	return string(rune('a'+sq%m.Files)) + strconv.Itoa(sq/m.Files+1)
}

// parseSquare reads a square name at the start of s and returns its mailbox
// index and the length read.
func (m *Map) parseSquare(s string) (int, int, error) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return 0, 0, fmt.Errorf("%q does not start with a square (file letter and rank)", s)
	}
	f := int(s[0] - 'a')
	n := 1
	for n < len(s) && n < 4 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	r, err := strconv.Atoi(s[1:n])
	if err != nil || f >= m.Files || r < 1 || r > m.Ranks {
		return 0, 0, fmt.Errorf("%q is not a square of the %dx%d map %s", s[:max(n, 1)], m.Files, m.Ranks, m.ID)
	}
	return m.toBox[(r-1)*m.Files+f], n, nil
}

// Attack classes: which lines through its target a unit's attack pattern
// can use from beyond two squares. Every unit can capture from the box
// around the target (steps, leaps, Orc and gapped moves, the Fragile rule).
const (
	classOrtho = 1 << iota // rook slide, cannon, Tomb
	classDiag              // bishop slide
	numClasses = 4
)

// attackClass is each kind's attack class.
var attackClass = func() (c [32]uint8) {
	for k := Kind(0); k < numKinds; k++ {
		pat := kinds[k].attack
		if pat&(pSlideO|pCannon|pPhase) != 0 {
			c[k] |= classOrtho
		}
		if pat&pSlideD != 0 {
			c[k] |= classDiag
		}
	}
	return c
}()

// buildReach fills m.reach.
func (m *Map) buildReach() {
	m.words = (m.size + 63) / 64
	m.reach = make([]uint64, m.size*numClasses*m.words)
	w := m.w
	for t := 0; t < m.size; t++ {
		if m.terrain[t] == tVoid {
			continue
		}
		row := m.reach[t*numClasses*m.words : (t+1)*numClasses*m.words]
		set := func(c, b int) {
			for cl := 0; cl < numClasses; cl++ {
				if cl&c == c {
					row[cl*m.words+b>>6] |= 1 << (b & 63)
				}
			}
		}
		for dr := -2; dr <= 2; dr++ {
			for df := -2; df <= 2; df++ {
				if df != 0 || dr != 0 {
					set(0, t+dr*w+df)
				}
			}
		}
		for i, d := range m.queen {
			c := classOrtho
			if i >= 4 {
				c = classDiag
			}
			for b := t + d; m.terrain[b] != tVoid; b += d {
				set(c, b)
			}
		}
	}
}
