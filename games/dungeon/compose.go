package dungeon

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wyrm/game"
)

// The fields of a composition: the position string's two counters.
const (
	fieldQuiet = "quiet"
	fieldTurn  = "turn"
)

// The marks of a placed unit: its states as the position string writes
// them (w, u, h1 and h2).
const (
	markWounded  = "wounded"
	markHexUsed  = "hex-used"
	markHexedOne = "hexed-1" // a hex with its owner's one turn left
	markHexedTwo = "hexed-2"
)

// paletteRoles is the order in which the editor offers a faction's units:
// the same role at the same place for every faction, so that an army keeps
// its shape when its seat changes faction.
var paletteRoles = []Role{King, Queen, Bishop, KnightRole, Castle, Pawn}

var composeFields = []game.Option{
	{Name: fieldQuiet, Label: "Turns without a capture", Kind: game.Int, Min: 0, Max: maxQuiet, Default: "0",
		Description: "the game is drawn after 50 rounds of the seats still in"},
	{Name: fieldTurn, Label: "Turns played", Kind: game.Int, Min: 0, Max: maxTurn, Default: "0"},
}

var _ game.Composer = Game{}

// composeFactions are the seats' factions in an editor: as the options
// fix them, else the first factions in rulebook order.
func (c *config) composeFactions() []Faction {
	if c.factions != nil {
		return c.factions
	}
	fs := make([]Faction, c.players)
	for i := range fs {
		fs[i] = Faction(i)
	}
	return fs
}

// Palette implements game.Composer: the map, each seat's six units (and a
// wounded Troll and a Shaman that has spent its hex, for the faction that
// has them), and the counters. The map, the number of players and the
// factions shape it.
func (g Game) Palette(opts game.Options) (game.Palette, error) {
	c, err := g.config(opts)
	if err != nil {
		return game.Palette{}, err
	}
	pal := game.Palette{Board: &setupBoard{m: c.m}, Fields: composeFields, Shaping: []string{optMap, "players", "factions"}}
	for s, f := range c.composeFactions() {
		pal.Seats = append(pal.Seats, f.Title())
		var units []game.PieceView
		view := func(k Kind, marks ...string) game.PieceView {
			return game.PieceView{Square: -1, Owner: game.Player(s), Letter: k.Letter(), Name: k.Name(), Royal: k.Role() == King,
				Art: artOf(k, s), Marks: marks}
		}
		for _, r := range paletteRoles {
			units = append(units, view(KindOf(f, r)))
		}
		for _, r := range paletteRoles {
			switch k := KindOf(f, r); k {
			case Troll:
				units = append(units, view(k, markWounded))
			case Shaman:
				units = append(units, view(k, markHexUsed))
			}
		}
		pal.Pieces = append(pal.Pieces, units)
	}
	return pal, nil
}

// Compose implements game.Composer: the composition is written as a
// position string and read back by Parse, which says why a position cannot
// be played. A seat with no units is written as eliminated.
func (g Game) Compose(opts game.Options, c game.Composition) (string, error) {
	cfg, err := g.config(opts)
	if err != nil {
		return "", err
	}
	pal, err := g.Palette(opts)
	if err != nil {
		return "", err
	}
	if err := pal.Check(c); err != nil {
		return "", err
	}
	w := written{m: cfg.m, factions: cfg.composeFactions(), toMove: int(c.ToMove)}
	w.armies = make([][]placement, len(w.factions))
	w.live = make([]bool, len(w.factions))
	for _, pc := range c.Pieces {
		k, _ := KindByLetter(pc.Letter[0]) // Check found the letter among the seat's units
		pl := placement{kind: k, sq: cfg.m.toBox[pc.Square]}
		for _, mark := range pc.Marks {
			switch {
			case mark == markWounded && k == Troll:
				pl.wounded = true
			case mark == markHexUsed && k == Shaman:
				pl.hexUsed = true
			case mark == markHexedOne || mark == markHexedTwo:
				pl.hexLeft = mark[len(mark)-1] - '0'
			default:
				return "", fmt.Errorf("a %s cannot be %s (on %s)", k.Name(), mark, cfg.m.viewSquareName(pc.Square))
			}
		}
		w.armies[pc.Owner] = append(w.armies[pc.Owner], pl)
		w.live[pc.Owner] = true
	}
	w.quiet, _ = strconv.Atoi(c.Fields.Get(fieldQuiet, "0"))
	w.turn, _ = strconv.Atoi(c.Fields.Get(fieldTurn, "0"))
	text := w.String()
	p, err := g.Parse(text, opts)
	if err != nil {
		return text, err
	}
	return p.String(), nil
}

// Decompose implements game.Composer. It reads the position string as
// written, without the checks of what can be played (a King a seat, units
// on floor, a seat to move that is still in): Compose makes those. The
// options it returns name the string's map, seats and factions.
func (g Game) Decompose(s string, opts game.Options) (game.Composition, game.Options, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return game.Composition{}, nil, err
	}
	var data *Map
	if d := opts.Get(optMapData, ""); d != "" {
		m, err := ParseMap(d)
		if err != nil {
			return game.Composition{}, nil, fmt.Errorf("option map-data: %w", err)
		}
		data = m
	}
	w, err := readWritten(s, append(g.installed[:len(g.installed):len(g.installed)], data))
	if err != nil {
		return game.Composition{}, nil, err
	}
	if data != nil && w.m != data {
		return game.Composition{}, nil, errors.New("the position is on another map than the game's own")
	}
	out := game.Options{}
	for k, v := range opts {
		out[k] = v
	}
	names := make([]string, len(w.factions))
	for i, f := range w.factions {
		names[i] = f.String()
	}
	out[optMap], out["players"], out["factions"] = w.m.ID, strconv.Itoa(len(w.factions)), strings.Join(names, ",")
	c := game.Composition{Pieces: []game.Placed{}, ToMove: game.Player(w.toMove),
		Fields: game.Options{fieldQuiet: strconv.Itoa(w.quiet), fieldTurn: strconv.Itoa(w.turn)}}
	for s, army := range w.armies {
		for _, u := range army {
			pc := game.Placed{Square: int(w.m.fromBox[u.sq]), Owner: game.Player(s), Letter: string(u.kind.Letter())}
			if u.wounded {
				pc.Marks = append(pc.Marks, markWounded)
			}
			if u.hexUsed {
				pc.Marks = append(pc.Marks, markHexUsed)
			}
			if u.hexLeft > 0 {
				pc.Marks = append(pc.Marks, "hexed-"+strconv.Itoa(int(u.hexLeft)))
			}
			c.Pieces = append(c.Pieces, pc)
		}
	}
	slices.SortFunc(c.Pieces, func(a, b game.Placed) int { return a.Square - b.Square })
	for i := 1; i < len(c.Pieces); i++ {
		if c.Pieces[i].Square == c.Pieces[i-1].Square {
			return game.Composition{}, nil, fmt.Errorf("two units on %s", w.m.viewSquareName(c.Pieces[i].Square))
		}
	}
	return c, out, nil
}
