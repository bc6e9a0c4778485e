package dungeon

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"wyrm/game"
)

// Game is Dungeon Chess. It implements game.SetupGame. The zero value
// knows the built-in maps; New adds maps an operator installs.
type Game struct {
	installed []*Map
}

var _ game.SetupGame = Game{}

// New returns Dungeon Chess with the built-in maps and the given ones,
// which must not reuse a map ID.
func New(installed ...*Map) (Game, error) {
	seen := map[string]bool{}
	for _, m := range BuiltinMaps() {
		seen[m.ID] = true
	}
	for _, m := range installed {
		if seen[m.ID] {
			return Game{}, fmt.Errorf("map %q is already known; installed maps need IDs of their own", m.ID)
		}
		seen[m.ID] = true
	}
	return Game{installed: installed}, nil
}

// Maps lists the maps this game offers: the built-in ones, then the
// installed ones.
func (g Game) Maps() []*Map {
	return append(BuiltinMaps()[:len(BuiltinMaps()):len(BuiltinMaps())], g.installed...)
}

// Info names the game. Games end by the rules (a King is taken, or rounds
// pass without a capture), but on the long maps games of several hundred
// turns are ordinary: the longest of level 8's games against random and
// greedy movers took 822; hence the long move cap.
func (Game) Info() game.Info {
	return game.Info{Name: "dungeon", Title: "Dungeon Chess", MaxPlies: 4000, Contempt: drawContempt, Placings: true}
}

// Option names that are read in more than one place.
const (
	optMap     = "map"
	optMapData = "map-data"
)

// Options implements game.Game. The map is one of the maps this game
// offers; a stored game carries an installed map's text in the internal
// option map-data, and local tools put a map file's text there.
func (g Game) Options() []game.Option {
	var ids, titles []string
	for _, m := range g.Maps() {
		ids, titles = append(ids, m.ID), append(titles, fmt.Sprintf("%s (up to %d players)", m.Name, m.Zones))
	}
	factions, titles := factionNames[:], factionTitles[:]
	return []game.Option{
		{Name: optMap, Label: "Map", Kind: game.Choice, Choices: ids, ChoiceLabels: titles, File: optMapData,
			Description: "the dungeon; by default the Two Player Dungeon for 2 players, the Four Player Dungeon for 3 or 4"},
		{Name: optMapData, Kind: game.Text, Internal: true, Description: "the map's text, carried by a game on a map that is not built in"},
		{Name: "players", Label: "Players", Kind: game.Int, Min: 2, Max: 4, Default: "2", Description: "number of players"},
		{Name: "factions", Label: "Factions", Kind: game.PerSeat, Choices: factions, ChoiceLabels: titles,
			Description: "each seat's faction; by default chosen in the draft (or drawn from the seed in a quick game)"},
		{Name: "deployment", Label: "Deployment", Kind: game.Choice, Choices: []string{"simultaneous", "sequential"},
			ChoiceLabels: []string{"All at once", "One after another"},
			ChoiceHelp:   []string{"Everyone places their units at the same time, hidden until all have placed.", "Players place their units in turn order, seeing the armies placed before."},
			Default:      "simultaneous", Description: "deploy all at once, hidden until everyone has placed, or one after another in turn order"},
		{Name: "armies", Label: "Quick-game armies", Kind: game.Choice, Choices: []string{"random", "sample"},
			ChoiceLabels: []string{"Random drafts", "The rulebook's examples"},
			ChoiceHelp:   []string{"Each seat gets a random legal army.", "Each seat fields its faction's example army from the rulebook."},
			Default:      "random", Description: "armies of a quick game: random legal drafts, or each faction's example army from the rulebook"},
		{Name: "seed", Label: "Seed", Kind: game.Int, Min: 0, Max: 1<<31 - 1, Default: "1", Description: "seed for the random armies and deployment of a quick game"},
	}
}

// Normalize implements game.Game: a map that is not built in travels in
// the options as its text.
func (g Game) Normalize(opts game.Options) (game.Options, error) {
	opts, err := game.Normalize(g.Options(), factionIDs(opts))
	if err != nil {
		return nil, err
	}
	c, err := g.config(opts)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(BuiltinMaps(), c.m) {
		opts[optMapData] = c.m.Text()
	}
	return opts, nil
}

// SeatNames implements game.Game: the factions when the options fix them,
// otherwise the seats' numbers.
func (g Game) SeatNames(opts game.Options) ([]string, error) {
	c, err := g.config(opts)
	if err != nil {
		return nil, err
	}
	names := make([]string, c.players)
	for i := range names {
		names[i] = game.SeatNumber(game.Player(i))
		if c.factions != nil {
			names[i] = c.factions[i].Title()
		}
	}
	return names, nil
}

// factionIDs is opts with the factions named by their identifiers, so
// that an option written with the name people read ("infernal") is taken.
func factionIDs(opts game.Options) game.Options {
	fs, ok := opts["factions"]
	if !ok {
		return opts
	}
	parts := strings.Split(fs, ",")
	for i, p := range parts {
		if f, ok := ParseFaction(p); ok {
			parts[i] = f.String()
		}
	}
	out := maps.Clone(opts)
	out["factions"] = strings.Join(parts, ",")
	return out
}

// config is the options read and checked.
type config struct {
	m        *Map
	players  int
	zones    []int
	factions []Faction // nil when not given
	seq      bool
	sample   bool // quick start with the example armies
	seed     uint64
}

// mapFor finds the map that opts name: the text in map-data, or one of the
// maps offered, or by default the one for the number of players.
func (g Game) mapFor(opts game.Options, players int) (*Map, error) {
	if data := opts.Get(optMapData, ""); data != "" {
		m, err := ParseMap(data)
		if err != nil {
			return nil, fmt.Errorf("option map-data: %w", err)
		}
		if name := opts.Get(optMap, ""); name != "" && !strings.EqualFold(name, m.ID) {
			return nil, fmt.Errorf("option map names %q but map-data holds %q", name, m.ID)
		}
		return m, nil
	}
	name := opts.Get(optMap, "")
	if name == "" {
		name = "two-player-dungeon"
		if players > 2 {
			name = "four-player-dungeon"
		}
	}
	for _, m := range g.Maps() {
		if strings.EqualFold(m.ID, name) {
			return m, nil
		}
	}
	return nil, fmt.Errorf("unknown map %q", name)
}

func (g Game) config(opts game.Options) (*config, error) {
	opts = factionIDs(opts)
	if err := game.Validate(g.Options(), opts); err != nil {
		return nil, err
	}
	c := &config{}
	c.players, _ = strconv.Atoi(opts.Get("players", "2"))
	var err error
	if c.m, err = g.mapFor(opts, c.players); err != nil {
		return nil, err
	}
	if c.zones, err = c.m.SeatZones(c.players); err != nil {
		return nil, err
	}
	if fs := opts.Get("factions", ""); fs != "" {
		parts := strings.Split(fs, ",")
		if len(parts) != c.players {
			return nil, fmt.Errorf("option factions: %d factions for %d players", len(parts), c.players)
		}
		for _, s := range parts {
			f, _ := ParseFaction(s) // Validate checked the names and that they differ
			c.factions = append(c.factions, f)
		}
	}
	c.seq = opts.Get("deployment", "simultaneous") == "sequential"
	c.sample = opts.Get("armies", "random") == "sample"
	seed, _ := strconv.Atoi(opts.Get("seed", "1"))
	c.seed = uint64(seed)
	return c, nil
}

// newRand returns the deterministic generator for a seed.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x64756e67656f6e))
}

// Start implements game.Game: random legal armies (or with option
// armies=sample the rulebook's example armies), randomly deployed, all
// drawn from the seed option, so the same options give the same game.
func (g Game) Start(opts game.Options) (game.Position, error) {
	c, err := g.config(opts)
	if err != nil {
		return nil, err
	}
	rng := newRand(c.seed)
	factions := c.factions
	if factions == nil {
		all := []Faction{Human, Undead, Redskin, Greenskin}
		rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		factions = all[:c.players]
	}
	drafts := make([]Army, c.players)
	armies := make([][]placement, c.players)
	live := make([]bool, c.players)
	deploy := func(s int) error {
		d := RandomDeployment(c.m, c.zones[s], drafts[s], rng)
		var err error
		if armies[s], err = ParseDeployment(c.m, c.zones[s], drafts[s], d); err != nil {
			return fmt.Errorf("random deployment: %w", err) // a bug, not bad input
		}
		return nil
	}
	for s := range armies {
		drafts[s] = RandomArmy(factions[s], c.m.ZoneSize(c.zones[s]), rng)
		if c.sample {
			drafts[s] = SampleArmy(factions[s])
			if err := drafts[s].Validate(c.m.ZoneSize(c.zones[s])); err != nil {
				return nil, fmt.Errorf("the %s example army on %s: %w", factions[s], c.m.Name, err)
			}
		}
		if err := deploy(s); err != nil {
			return nil, err
		}
		live[s] = true
	}
	// A random deployment can leave a King en prise from the first move
	// (a cannon line down an open corridor, say), which no player would
	// choose: deploy again until no King stands in check.
	for try := 0; ; try++ {
		p, err := newPosition(c.m, factions, c.zones, armies, live)
		if err != nil {
			return nil, err
		}
		if try == 100 || !p.anyInCheck() {
			return p, nil
		}
		for s := range armies {
			if err := deploy(s); err != nil {
				return nil, err
			}
		}
	}
}

// anyInCheck reports whether some seat's King could be taken at once.
func (p *Position) anyInCheck() bool {
	for s := 0; s < p.n; s++ {
		if p.isLive(s) && p.inCheck(s) {
			return true
		}
	}
	return false
}

// Parse implements game.Game: it reads a position string, whose first
// field names its map: one of the maps offered, or the one in option
// map-data.
func (g Game) Parse(s string, opts game.Options) (game.Position, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return nil, err
	}
	var data *Map
	if d := opts.Get(optMapData, ""); d != "" {
		m, err := ParseMap(d)
		if err != nil {
			return nil, fmt.Errorf("option map-data: %w", err)
		}
		data = m
	}
	p, err := parsePosition(s, append(g.installed[:len(g.installed):len(g.installed)], data))
	if err != nil {
		return nil, err
	}
	return p, nil
}
