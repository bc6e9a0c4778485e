package dungeon

import "wyrm/game"

// Geometry implements game.Viewer: one level, the map's files and ranks,
// terrain 'f', 'w' or '.' per square (zones are floor).
func (p *Position) Geometry() game.Geometry { return p.m.geometry() }

func (m *Map) geometry() game.Geometry {
	t := make([]byte, len(m.cells))
	for i, c := range m.cells {
		switch c {
		case 'w', '.':
			t[i] = c
		default:
			t[i] = 'f'
		}
	}
	return game.Geometry{Levels: 1, Files: m.Files, Ranks: m.Ranks, Terrain: t, LevelNames: []string{m.Name}}
}

// Pieces implements game.Viewer.
func (p *Position) Pieces(dst []game.PieceView) []game.PieceView {
	for i := 0; i < p.nUnits; i++ {
		u := &p.units[i]
		if !u.alive {
			continue
		}
		var marks []string
		if u.wounded {
			marks = append(marks, "wounded")
		}
		if u.hexLeft > 0 {
			marks = append(marks, "hexed")
		}
		if u.hexUsed {
			marks = append(marks, "hex-used")
		}
		dst = append(dst, game.PieceView{Square: int(p.m.fromBox[u.sq]), Owner: game.Player(u.owner),
			Letter: u.kind.Letter(), Name: u.kind.Name(), Marks: marks, Royal: u.kind.Role() == King,
			Art: artOf(u.kind, int(u.owner))})
	}
	return dst
}

// Hands implements game.Viewer; Dungeon Chess has no pieces in hand.
func (p *Position) Hands() [game.MaxPlayers]string { return [game.MaxPlayers]string{} }

// DescribeMove implements game.Viewer. A Salamander's retreat is in Then;
// a hex has From and To -1 and the hexed unit's square in Target.
func (p *Position) DescribeMove(mv game.Move) game.MoveView {
	m := p.m
	v := game.MoveView{Text: p.MoveString(mv), From: -1, To: -1, Target: -1}
	switch mType(mv) {
	case mtPass:
	case mtHex:
		v.Target = int(m.fromBox[mTo(mv)])
	default:
		v.From, v.To = int(m.fromBox[mFrom(mv)]), int(m.fromBox[mTo(mv)])
		if p.board[mTo(mv)] != 0 {
			v.Target = v.To
		}
		if r := mRetreat(mv); r != 0 {
			v.Then = []int{int(m.fromBox[r])}
		}
	}
	return v
}

// SquareName implements game.Viewer ("c19").
func (p *Position) SquareName(sq int) string { return p.m.viewSquareName(sq) }

func (m *Map) viewSquareName(sq int) string {
	if sq < 0 || sq >= len(m.toBox) {
		return "??"
	}
	return m.squareName(m.toBox[sq])
}

// HandArt implements game.Viewer: no pieces are held in hand.
func (p *Position) HandArt(game.Player, byte) string { return "" }
