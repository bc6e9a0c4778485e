package server

import (
	"fmt"
	"strings"

	"wyrm/game"
	"wyrm/games/dungeon"
)

// setupHelper fills what game.Setup does not say for one game: the squares
// a seat deploys on and a guide to the stage. (Valid choices for computer
// seats come from the Setup itself, through SetupAdvisor.)
type setupHelper struct {
	zone  func(opts game.Options, p game.Player) []int
	guide func(opts game.Options, p game.Player, stage string) *setupGuide
}

// setupGuide explains a setup stage to a person: how to write the choice,
// and for a draft the budget and each letter's cost so that the page can
// add up a draft as it is typed.
type setupGuide struct {
	Text   string         `json:"text"`
	Budget int            `json:"budget,omitempty"`
	Costs  map[string]int `json:"costs,omitempty"`
}

var setupHelpers = map[string]setupHelper{
	"dungeon": {zone: dungeonZone, guide: dungeonGuide},
}

// dungeonGuide lists each faction's units with letters and costs for the
// draft, and the notation of a deployment.
func dungeonGuide(opts game.Options, p game.Player, stage string) *setupGuide {
	m, zones, err := dungeonMap(opts)
	if err != nil || int(p) >= len(zones) {
		return nil
	}
	size := m.ZoneSize(zones[p])
	if stage == "deploy" {
		return &setupGuide{Text: fmt.Sprintf("Place every unit of your army on your zone (%d squares, tinted blue): "+
			"letter and square, separated by commas, e.g. Pd1,We1,Hc2. Click squares to add their names.", size)}
	}
	g := &setupGuide{Budget: dungeon.Budget, Costs: map[string]int{}}
	var b strings.Builder
	fmt.Fprintf(&b, "Spend at most %d XP: exactly one King, at least one Pawn, at most %d units (your zone's squares). "+
		"Write the faction, a colon, then the units with counts, e.g. \"human: P, W, A, N, 7H\". Factions must differ.\n", dungeon.Budget, size)
	roles := []string{"Pawn", "Castle", "Knight", "Bishop", "Queen", "King"}
	for _, name := range []string{"human", "undead", "redskin", "greenskin"} {
		f, _ := dungeon.ParseFaction(name)
		fmt.Fprintf(&b, "\n%s:", name)
		for r := dungeon.Pawn; r <= dungeon.King; r++ {
			k := dungeon.KindOf(f, r)
			g.Costs[string(k.Letter())] = k.Cost()
			fmt.Fprintf(&b, "  %c %s %d XP (%s)", k.Letter(), k.Name(), k.Cost(), roles[r])
			if r < dungeon.King {
				b.WriteString(",")
			}
		}
	}
	g.Text = b.String()
	return g
}

// dungeonMap returns the map and the zones of the seats, as the game
// reads its options.
func dungeonMap(opts game.Options) (*dungeon.Map, []int, error) {
	players := 2
	fmt.Sscan(opts.Get("players", "2"), &players)
	name := opts.Get("map", "")
	if name == "" {
		name = "two-player-dungeon"
		if players > 2 {
			name = "four-player-dungeon"
		}
	}
	m, err := dungeon.LoadMap(name)
	if err != nil {
		return nil, nil, err
	}
	z, err := m.SeatZones(players)
	return m, z, err
}

// dungeonZone lists the squares (viewer numbering) of seat p's zone, read
// from the map's text: rows from the top, zone digits 1 to 4.
func dungeonZone(opts game.Options, p game.Player) []int {
	m, zones, err := dungeonMap(opts)
	if err != nil || int(p) >= len(zones) {
		return nil
	}
	digit := byte('0' + zones[p])
	var rows []string
	for _, l := range strings.Split(m.Text(), "\n") {
		l = strings.TrimSpace(l)
		if len(l) == m.Files && !strings.ContainsAny(l, " #") {
			rows = append(rows, l)
		}
	}
	if len(rows) != m.Ranks {
		return nil
	}
	var out []int
	for i, row := range rows {
		rank := m.Ranks - 1 - i
		for f := 0; f < m.Files; f++ {
			if row[f] == digit {
				out = append(out, rank*m.Files+f)
			}
		}
	}
	return out
}
