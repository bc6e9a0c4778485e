package dungeon

import (
	"fmt"
	"slices"
	"strings"

	"wyrm/game"
)

var roleNames = [numRoles]string{"Pawn", "Castle", "Knight", "Bishop", "Queen", "King"}

// Help implements game.Setup: in the draft the budget and every unit a
// seat may draft (its own faction's only, once the options fix it), each
// pictured in the seat's colour; in deployment the zone.
func (s *Setup) Help(p game.Player) game.SetupHelp {
	if p < 0 || int(p) >= s.c.players {
		return game.SetupHelp{}
	}
	zone := s.c.zones[p]
	size := s.c.m.ZoneSize(zone)
	switch s.Stage() {
	case "draft":
		h := game.SetupHelp{Budget: Budget, Text: fmt.Sprintf("Choose a faction and its units: at most %d XP, exactly one King, "+
			"at least one Pawn, and at most %d units (your zone's squares). Every player's faction differs.", Budget, size)}
		for f := Faction(0); f < numFactions; f++ {
			if s.c.factions != nil && s.c.factions[p] != f {
				continue
			}
			h.Units = append(h.Units, unitsHelp(f, p)...)
		}
		return h
	case "deploy":
		h := game.SetupHelp{Text: fmt.Sprintf("Place every unit of your army on your zone (%d squares).", size)}
		for _, b := range s.c.m.zoneSqs[zone] {
			h.Zone = append(h.Zone, int(s.c.m.fromBox[b]))
		}
		slices.Sort(h.Zone)
		if a := s.armies[p]; a != nil && s.placed[p] == nil {
			h.Units = unitsHelp(a.Faction, p)
			for _, k := range a.Units {
				h.Place = append(h.Place, string(k.Letter()))
			}
		}
		return h
	}
	return game.SetupHelp{}
}

// unitsHelp describes faction f's units for a person, pictured in seat
// p's colour.
func unitsHelp(f Faction, p game.Player) []game.UnitHelp {
	var out []game.UnitHelp
	for r := Role(0); r < numRoles; r++ {
		k := KindOf(f, r)
		out = append(out, game.UnitHelp{Letter: string(k.Letter()), Name: k.Name(), Group: f.Title(), Role: roleNames[r], Cost: k.Cost(), Art: artOf(k, int(p))})
	}
	return out
}

// SeatName implements game.Setup: a seat is known by its faction once it
// has drafted (or the options fix it), by its number before.
func (s *Setup) SeatName(p game.Player) string {
	if p < 0 || int(p) >= s.c.players {
		return ""
	}
	if a := s.armies[p]; a != nil && (s.Stage() != "draft" || s.c.factions != nil) {
		return a.Faction.Title()
	}
	if s.c.factions != nil {
		return s.c.factions[p].Title()
	}
	return game.SeatNumber(p)
}

// Board implements game.Setup: the map, with the units placed so far that
// seat p may see (its own; everyone's once all have placed, or as they are
// placed when deployment is sequential).
func (s *Setup) Board(p game.Player) game.Board {
	b := &setupBoard{m: s.c.m}
	for i, pl := range s.placed {
		if pl == nil || !(game.Player(i) == p || s.c.seq || s.Stage() == "") {
			continue
		}
		for _, u := range pl {
			b.pieces = append(b.pieces, game.PieceView{Square: int(s.c.m.fromBox[u.sq]), Owner: game.Player(i),
				Letter: u.kind.Letter(), Name: u.kind.Name(), Royal: u.kind.Role() == King, Art: artOf(u.kind, i)})
		}
	}
	return b
}

// setupBoard is the board of a setup: a map and the units placed on it.
type setupBoard struct {
	m      *Map
	pieces []game.PieceView
}

func (b *setupBoard) Geometry() game.Geometry { return b.m.geometry() }

func (b *setupBoard) Pieces(dst []game.PieceView) []game.PieceView { return append(dst, b.pieces...) }

func (b *setupBoard) SquareName(sq int) string { return b.m.viewSquareName(sq) }

// Game is Dungeon Chess.
func (p *Position) Game() game.Game { return Game{} }

// unitsOf lists a faction's letters, for the diagrams.
func unitsOf(f Faction) string {
	var b strings.Builder
	for r := Role(0); r < numRoles; r++ {
		b.WriteByte(KindOf(f, r).Letter())
	}
	return b.String()
}
