package dragon

import "wyrm/game"

// Diagrams shows each piece on d4 (the Pawn on d2) beside its King, and a
// Dragon dropped from the hand.
func (gameDef) Diagrams() []game.Diagram {
	var ds []game.Diagram
	for _, l := range "KQRBNPD" {
		row := "3" + string(l) + "4"
		pos := "1k6/7p/8/8/" + row + "/8/P7/K7 w - - 0 1"
		switch l {
		case 'K':
			pos = "1k6/7p/8/8/" + row + "/8/P7/8 w - - 0 1"
		case 'P':
			pos = "1k6/7p/8/8/8/8/3P4/K7 w - - 0 1"
		}
		ds = append(ds, game.Diagram{Letter: byte(l), Position: pos})
	}
	return append(ds, game.Diagram{Letter: 'D', Drop: true, Position: "1k6/7p/8/8/8/8/P7/K7[D] w - - 0 1",
		Note: "A Dragon in hand may be dropped on an empty square of its own back rank."})
}
