package game

import "fmt"

// Perft counts leaf nodes to depth through the Position interface. Games
// with a Perfter use their own; this one serves tests and checks that Play
// and Undo restore the position and hash at every node.
func Perft(p Position, depth int) uint64 {
	if f, ok := p.(Perfter); ok {
		return f.Perft(depth)
	}
	return perft(p, depth, nil)
}

// PerftChecked is Perft through Play and Undo that verifies at every node
// that Undo restores String and Hash. It returns the first mismatch found.
func PerftChecked(p Position, depth int) (uint64, error) {
	var err error
	n := perft(p, depth, &err)
	return n, err
}

func perft(p Position, depth int, check *error) uint64 {
	if depth <= 0 {
		return 1
	}
	moves := p.LegalMoves(make([]Move, 0, 128))
	if depth == 1 && check == nil {
		return uint64(len(moves))
	}
	var before string
	var hash uint64
	if check != nil {
		before, hash = p.String(), p.Hash()
	}
	var n uint64
	for _, m := range moves {
		p.Play(m)
		n += perft(p, depth-1, check)
		p.Undo()
		if check != nil && *check == nil {
			if after := p.String(); after != before || p.Hash() != hash {
				*check = fmt.Errorf("undo of %s in %s gave %s (hash %x, want %x)",
					p.MoveString(m), before, after, p.Hash(), hash)
			}
		}
	}
	return n
}

// DivideEntry is one root move's perft count.
type DivideEntry struct {
	Move  string
	Nodes uint64
}

// Divide returns the perft count below each root move.
func Divide(p Position, depth int) []DivideEntry {
	moves := p.LegalMoves(nil)
	out := make([]DivideEntry, 0, len(moves))
	for _, m := range moves {
		name := p.MoveString(m)
		var n uint64 = 1
		if depth > 1 {
			p.Play(m)
			n = Perft(p, depth-1)
			p.Undo()
		}
		out = append(out, DivideEntry{Move: name, Nodes: n})
	}
	return out
}
