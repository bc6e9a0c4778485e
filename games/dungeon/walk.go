package dungeon

// unreachable is the walking distance between squares with no floor path.
const unreachable = 255

// walkDist returns the walking distances of the map: the number of King
// steps over floor between every two squares, indexed [from*n+to] in viewer
// order (n = Files*Ranks), unreachable when no path exists. The evaluation
// measures how near a unit stands to an enemy King by it, because a straight
// line through void or water says nothing about how far a unit really has
// to go on a map of chambers and corridors. Computed once per map.
func (m *Map) walkDist() []uint8 {
	m.walkOnce.Do(func() {
		n := m.Files * m.Ranks
		d := make([]uint8, n*n)
		for i := range d {
			d[i] = unreachable
		}
		queue := make([]int, n)
		for src := 0; src < n; src++ {
			b := m.toBox[src]
			if m.terrain[b] != tFloor {
				continue
			}
			row := d[src*n : (src+1)*n]
			row[src] = 0
			queue[0] = b
			head, tail := 0, 1
			for head < tail {
				x := queue[head]
				head++
				next := min(int(row[m.fromBox[x]])+1, unreachable-1)
				for _, step := range m.queen {
					y := x + step
					if m.terrain[y] != tFloor || row[m.fromBox[y]] != unreachable {
						continue
					}
					row[m.fromBox[y]] = uint8(next)
					queue[tail] = y
					tail++
				}
			}
		}
		m.walk = d
		m.frontier = m.zoneGap(d, n) + 2
		for _, x := range d {
			if x != unreachable {
				m.farthest = max(m.farthest, int(x))
			}
		}
	})
	return m.walk
}

// approachRef is the walking distance from which the evaluation starts to
// reward a unit for nearing an enemy King: two more than the shortest walk
// between two deployment zones, so a unit still at home earns (almost)
// nothing (farther away it loses a little, so that its first steps out
// count too). Counted from a fixed far distance instead, every unit earned a
// large constant for merely existing, and armies of many cheap units
// looked hundreds of centipawns better than equal ones.
func (m *Map) approachRef() int {
	m.walkDist()
	return m.frontier
}

// farthestWalk is the longest walking distance between two floor squares
// of the map.
func (m *Map) farthestWalk() int {
	m.walkDist()
	return m.farthest
}

// zoneGap is the shortest walking distance between squares of different
// deployment zones (unreachable-1 on a map with one zone).
func (m *Map) zoneGap(d []uint8, n int) int {
	gap := unreachable - 1
	for z := range m.zoneSqs {
		for y := z + 1; y < len(m.zoneSqs); y++ {
			for _, a := range m.zoneSqs[z] {
				for _, b := range m.zoneSqs[y] {
					gap = min(gap, int(d[int(m.fromBox[a])*n+int(m.fromBox[b])]))
				}
			}
		}
	}
	return gap
}
