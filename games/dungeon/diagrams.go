package dungeon

import (
	"fmt"

	"wyrm/game"
)

// Diagrams shows each unit on c5 of the Compact Skirmish map, beside the
// lake, with its King on a1 and three enemy Pawns (a4, b6, c8) to show its
// attacks.
func (Game) Diagrams() []game.Diagram {
	var ds []game.Diagram
	for f := Faction(0); f < numFactions; f++ {
		foe := (f + 1) % numFactions
		king, foeKing, foePawn := KindOf(f, King).Letter(), KindOf(foe, King).Letter(), KindOf(foe, Pawn).Letter()
		for _, u := range unitsOf(f) {
			own := fmt.Sprintf("%ca1,%cc5", king, u)
			if byte(u) == king {
				own = fmt.Sprintf("%cc5", u)
			}
			ds = append(ds, game.Diagram{Letter: byte(u), Options: game.Options{optMap: "compact-skirmish"},
				Position: fmt.Sprintf("compact-skirmish %s:%s %s:%ca4,%cb6,%cc8,%cj10 1 0 0", f, own, foe, foePawn, foePawn, foePawn, foeKing)})
		}
	}
	return ds
}
