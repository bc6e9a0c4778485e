package server

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"wyrm/game"
	"wyrm/games/dungeon"
)

// setupHelper fills what game.Setup does not say for one game: a valid
// choice for a computer seat, and the squares a seat deploys on.
type setupHelper struct {
	suggest func(s game.Setup, opts game.Options, p game.Player, seed uint64) (string, error)
	zone    func(opts game.Options, p game.Player) []int
	guide   func(opts game.Options, p game.Player, stage string) *setupGuide
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
	"dungeon": {suggest: dungeonSuggest, zone: dungeonZone, guide: dungeonGuide},
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

// dungeonSuggest drafts a random army of a free faction, or deploys the
// seat's army at random in its zone.
func dungeonSuggest(s game.Setup, opts game.Options, p game.Player, seed uint64) (string, error) {
	m, zones, err := dungeonMap(opts)
	if err != nil {
		return "", err
	}
	if int(p) >= len(zones) {
		return "", errors.New("no such seat")
	}
	zone := zones[p]
	rng := rand.New(rand.NewPCG(seed, uint64(p)+1))
	visible := strings.Split(s.Visible(p), "\n")
	switch s.Stage() {
	case "draft":
		var f dungeon.Faction
		if fs := opts.Get("factions", ""); fs != "" {
			parts := strings.Split(fs, ",")
			ok := false
			if int(p) < len(parts) {
				f, ok = dungeon.ParseFaction(strings.TrimSpace(parts[p]))
			}
			if !ok {
				return "", errors.New("bad factions option")
			}
		} else {
			var taken []string
			for _, l := range visible {
				// "seat 2: undead, drafted" or "seat 2: undead: K,... (80 XP)"
				if _, rest, ok := strings.Cut(l, ": "); ok && strings.HasPrefix(l, "seat ") {
					taken = append(taken, strings.TrimRight(strings.Fields(rest)[0], ":,"))
				}
			}
			var free []dungeon.Faction
			for _, name := range []string{"human", "undead", "redskin", "greenskin"} {
				if fc, ok := dungeon.ParseFaction(name); ok && !slices.Contains(taken, fc.String()) && !slices.Contains(taken, name) {
					free = append(free, fc)
				}
			}
			if len(free) == 0 {
				return "", errors.New("no faction left")
			}
			f = free[rng.IntN(len(free))]
		}
		return dungeon.RandomArmy(f, m.ZoneSize(zone), rng).String(), nil
	case "deploy":
		prefix := fmt.Sprintf("seat %d (you): ", p+1)
		for _, l := range visible {
			if rest, ok := strings.CutPrefix(l, prefix); ok {
				if i := strings.LastIndex(rest, " ("); i > 0 {
					rest = rest[:i]
				}
				a, err := dungeon.ParseArmy(rest)
				if err != nil {
					return "", err
				}
				return dungeon.RandomDeployment(m, zone, a, rng), nil
			}
		}
		return "", errors.New("own army not found")
	}
	return "", fmt.Errorf("nothing to suggest in stage %q", s.Stage())
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
