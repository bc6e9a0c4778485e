package dungeon

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"wyrm/game"
)

// Game is Dungeon Chess. It implements game.SetupGame.
type Game struct{}

var _ game.SetupGame = Game{}

// Name implements game.Game.
func (Game) Name() string { return "dungeon" }

var _ game.LongGame = Game{}

// MaxPlies implements game.LongGame. Games end by the rules (a King is
// taken, or 100 turns pass without a capture), but on the long maps games
// of several hundred turns are ordinary: the longest of level 8's games
// against random and greedy movers took 822.
func (Game) MaxPlies() int { return 4000 }

// Title implements game.Game.
func (Game) Title() string { return "Dungeon Chess" }

// Options implements game.Game.
func (Game) Options() []game.Option {
	return []game.Option{
		{Name: "map", Kind: game.Text, Description: "built-in map (compact-skirmish, two-player-dungeon, four-player-dungeon) or a map file; default two-player-dungeon for 2 players, four-player-dungeon for 3 or 4"},
		{Name: "players", Kind: game.Int, Min: 2, Max: 4, Default: "2", Description: "number of players"},
		{Name: "factions", Kind: game.Text, Description: "comma list of factions by seat (human, undead, redskin, greenskin); default: drawn from the seed (Start) or chosen in the draft (setup)"},
		{Name: "deployment", Kind: game.Choice, Choices: []string{"simultaneous", "sequential"}, Default: "simultaneous", Description: "deploy all at once, hidden until everyone has placed, or one after another in turn order"},
		{Name: "armies", Kind: game.Choice, Choices: []string{"random", "sample"}, Default: "random", Description: "armies of a quick game: random legal drafts, or each faction's example army from the rulebook"},
		{Name: "seed", Kind: game.Int, Min: 0, Max: 1<<31 - 1, Default: "1", Description: "seed for the random armies and deployment of a quick game"},
	}
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

func (g Game) config(opts game.Options) (*config, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return nil, err
	}
	c := &config{}
	c.players, _ = strconv.Atoi(opts.Get("players", "2"))
	name := opts.Get("map", "")
	if name == "" {
		name = "two-player-dungeon"
		if c.players > 2 {
			name = "four-player-dungeon"
		}
	}
	var err error
	if c.m, err = LoadMap(name); err != nil {
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
		for i, s := range parts {
			f, ok := ParseFaction(s)
			if !ok {
				return nil, fmt.Errorf("option factions: unknown faction %q", s)
			}
			for j := 0; j < i; j++ {
				if c.factions[j] == f {
					return nil, fmt.Errorf("option factions: %s chosen twice; factions must differ", f)
				}
			}
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

// Parse implements game.Game: it reads a position string; option map names
// the map file when the position is on a user's map.
func (g Game) Parse(s string, opts game.Options) (game.Position, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return nil, err
	}
	p, err := ParsePosition(s, opts.Get("map", ""))
	if err != nil {
		return nil, err
	}
	return p, nil
}
