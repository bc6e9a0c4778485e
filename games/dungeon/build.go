package dungeon

import "fmt"

// newPosition builds a position from armies; live[s] false means seat s
// is eliminated. It checks squares, Kings and sizes; seat 0 is to move.
func newPosition(m *Map, factions []Faction, zones []int, armies [][]placement, live []bool) (*Position, error) {
	n := len(factions)
	p := &Position{m: m, n: n, z: keys(), w: defaultWeights}
	total := 0
	for s := 0; s < n; s++ {
		if len(armies[s]) > maxArmy {
			return nil, fmt.Errorf("seat %d has %d units; at most %d are supported", s+1, len(armies[s]), maxArmy)
		}
		total += len(armies[s])
	}
	if total > maxUnits {
		return nil, fmt.Errorf("%d units on the board; at most %d are supported", total, maxUnits)
	}
	for s := 0; s < n; s++ {
		st := &p.seats[s]
		st.faction, st.zone, st.back, st.king = factions[s], zones[s], m.backward[zones[s]], noUnit
		st.first = uint8(p.nUnits)
		if live[s] {
			p.live |= 1 << s
		}
		for _, pl := range armies[s] {
			if m.terrain[pl.sq] != tFloor {
				return nil, fmt.Errorf("seat %d: %s on %s, which is %s", s+1, pl.kind.Name(), m.squareName(pl.sq), terrainName(m.terrain[pl.sq]))
			}
			if p.board[pl.sq] != 0 {
				return nil, fmt.Errorf("seat %d: two units on %s", s+1, m.squareName(pl.sq))
			}
			id := uint8(p.nUnits)
			p.units[id] = unit{sq: int16(pl.sq), kind: pl.kind, owner: uint8(s), alive: true,
				wounded: pl.wounded, hexUsed: pl.hexUsed, hexLeft: pl.hexLeft}
			p.board[pl.sq] = id + 1
			p.nUnits++
			if pl.hexLeft > 0 {
				p.nHexed++
			}
			if pl.kind == Ogre {
				p.gainOgre(uint8(s))
			}
			if pl.kind == Skeleton {
				p.skeletons |= 1 << s
			}
			if pl.kind.Role() == King {
				if st.king != noUnit {
					return nil, fmt.Errorf("seat %d has more than one King", s+1)
				}
				st.king = id
			}
		}
		st.end = uint8(p.nUnits)
		if live[s] && st.king == noUnit {
			return nil, fmt.Errorf("seat %d has no King", s+1)
		}
	}
	if p.liveCount() <= 1 {
		p.toMove = -1
	}
	p.undo = make([]undoRec, 0, 64)
	p.removed = make([]uint8, 0, 64)
	p.hashes = make([]uint64, 0, 64)
	p.hash = p.recomputeHash()
	return p, nil
}

func terrainName(t uint8) string {
	switch t {
	case tWater:
		return "water"
	case tVoid:
		return "void or off the map"
	}
	return "floor"
}
