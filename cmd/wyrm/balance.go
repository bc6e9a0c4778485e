package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"wyrm/game"
	"wyrm/games"
	"wyrm/games/dungeon"
	"wyrm/match"
)

// runBalance plays Dungeon Chess faction against faction and army against
// army on each map, two computers at level 8, and writes a table of
// scores with error bars in Markdown (and a chart in SVG).
func runBalance(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("balance", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mapList := fs.String("maps", "", "maps to play, comma-separated (default: every built-in map)")
	n := fs.Int("games", 4, "games per pairing of factions (even: each side plays each seat)")
	nodes := fs.Uint64("nodes", 5000, "nodes of search per move")
	seed := fs.Uint64("seed", 1, "seed of the games' deployments and choices")
	conc := fs.Int("concurrency", 1, "games played at once")
	out := fs.String("out", "", "write the Markdown report here (default: standard output)")
	svg := fs.String("svg", "", "write the chart of faction scores here")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	g, err := games.Lookup("dungeon")
	if err != nil {
		fmt.Fprintln(stderr, "wyrm balance:", err)
		return 1
	}
	maps := dungeon.BuiltinMaps()
	if *mapList != "" {
		maps = nil
		for _, id := range strings.Split(*mapList, ",") {
			var found *dungeon.Map
			for _, m := range dungeon.BuiltinMaps() {
				if m.ID == strings.TrimSpace(id) {
					found = m
				}
			}
			if found == nil {
				fmt.Fprintf(stderr, "wyrm balance: unknown map %q\n", id)
				return 2
			}
			maps = append(maps, found)
		}
	}
	var report []balanceMap
	for _, m := range maps {
		bm := balanceMap{m: m}
		zones, err := m.SeatZones(2)
		if err != nil {
			fmt.Fprintln(stderr, "wyrm balance:", err)
			return 1
		}
		for f := range bm.armies {
			bm.armies[f] = dungeon.ChooseArmy(m, zones[0], 2, dungeon.Faction(f)).String()
			bm.fits[f] = dungeon.SampleArmy(dungeon.Faction(f)).Validate(min(m.ZoneSize(zones[0]), m.ZoneSize(zones[1]))) == nil
		}
		for mode := range bm.stats {
			for f1 := 0; f1 < numFactions; f1++ {
				for f2 := f1 + 1; f2 < numFactions; f2++ {
					if mode > 0 && (!bm.fits[f1] || !bm.fits[f2]) {
						continue
					}
					// A drafts as the mode says for its side, B with the
					// examples unless both use the computer's armies.
					aSample, bSample := mode == 2, mode > 0
					cfg := match.Config{Game: g, Games: *n, Nodes: *nodes, Concurrency: *conc,
						Seed:    *seed + uint64(100*mode+10*f1+f2),
						Options: game.Options{"map": m.ID, "factions": factionName(f1) + "," + factionName(f2)},
						NewA:    balancePlayer(aSample), NewB: balancePlayer(bSample)}
					sum, err := match.Run(context.Background(), cfg)
					if err != nil {
						fmt.Fprintln(stderr, "wyrm balance:", err)
						return 1
					}
					for _, r := range sum.Records {
						a := f1
						if r.Seat == 1 {
							a = f2
						}
						bm.stats[mode][a].add(r.Points)
						if mode != 1 {
							// Both sides draft alike: B's result counts for its faction too.
							bm.stats[mode][f1+f2-a].add(1 - r.Points)
						}
					}
					fmt.Fprintf(stderr, "%s mode %d %s-%s: +%d =%d -%d\n", m.ID, mode, factionName(f1), factionName(f2), sum.Tally.Wins, sum.Tally.Draws, sum.Tally.Losses)
				}
			}
		}
		report = append(report, bm)
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(stderr, "wyrm balance:", err)
			return 1
		}
		defer f.Close()
		w = f
	}
	writeBalance(w, report, fmt.Sprintf("wyrm balance --games %d --nodes %d --seed %d", *n, *nodes, *seed))
	if *svg != "" {
		if err := os.WriteFile(*svg, []byte(balanceSVG(report)), 0o644); err != nil {
			fmt.Fprintln(stderr, "wyrm balance:", err)
			return 1
		}
	}
	return 0
}

const numFactions = 4

func factionName(f int) string { return dungeon.Faction(f).String() }

// balanceMap holds one map's results: stats[mode][faction], where mode 0
// is the computer's armies on both sides, 1 the computer's army (A)
// against the opponents' examples, 2 examples on both sides.
type balanceMap struct {
	m      *dungeon.Map
	armies [numFactions]string
	fits   [numFactions]bool
	stats  [3][numFactions]scoreStat
}

// scoreStat accumulates one side's game scores (1, ½ or 0).
type scoreStat struct {
	n         int
	sum, sum2 float64
}

func (s *scoreStat) add(x float64) { s.n++; s.sum += x; s.sum2 += x * x }

// mean and err95 are the mean score and the half-width of its 95%
// interval (normal approximation).
func (s scoreStat) mean() float64 { return s.sum / float64(max(s.n, 1)) }

func (s scoreStat) err95() float64 {
	if s.n < 2 {
		return math.Inf(1)
	}
	m := s.mean()
	v := (s.sum2/float64(s.n) - m*m) * float64(s.n) / float64(s.n-1)
	return 1.96 * math.Sqrt(max(v, 0)/float64(s.n))
}

func (s scoreStat) String() string {
	if s.n == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%% ± %.0f (%d)", 100*s.mean(), 100*s.err95(), s.n)
}

// balancePlayer is level 8 that drafts the example army (sample) or its
// own, and deploys as the computer does.
func balancePlayer(sample bool) func(uint64) (match.Player, error) {
	return func(seed uint64) (match.Player, error) {
		p, err := match.NewPlayer("level:8", seed)
		if err != nil {
			return nil, err
		}
		return draftingPlayer{Player: p, sample: sample}, nil
	}
}

type draftingPlayer struct {
	match.Player
	sample bool
}

func (p draftingPlayer) SetupChoice(s game.Setup, seat game.Player) (string, error) {
	if p.sample && s.Stage() == "draft" {
		f, ok := dungeon.ParseFaction(s.SeatName(seat))
		if !ok {
			return "", fmt.Errorf("seat %d has no faction", seat+1)
		}
		return dungeon.SampleArmy(f).String(), nil
	}
	return s.Suggest(seat)
}

func writeBalance(w io.Writer, report []balanceMap, cmd string) {
	fmt.Fprintf(w, "# Dungeon Chess balance\n\nMade by `%s` (`go run ./cmd/wyrm balance`): two computers at level 8 play every pairing of factions on each map, each side in each seat, deploying as the computer does. A score is a faction's points per game (a draw is half), with the half-width of its 95%% interval and the number of games.\n\n", cmd)
	fmt.Fprintln(w, "- *own armies*: both sides draft the computer's army (ChooseArmy) — the balance of the factions as the computer plays them;")
	fmt.Fprintln(w, "- *own vs examples*: the faction drafts the computer's army against opponents with the rulebook's example armies;")
	fmt.Fprintln(w, "- *examples*: both sides field the example armies. The difference between the last two columns is what the computer's draft gains over the example army.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "![faction scores with the computer's armies](balance.svg)")
	for _, bm := range report {
		fmt.Fprintf(w, "\n## %s\n\n| faction | computer's army | own armies | own vs examples | examples |\n|---|---|---|---|---|\n", bm.m.Name)
		for f := 0; f < numFactions; f++ {
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", dungeon.Faction(f).Title(), bm.armies[f], bm.stats[0][f], bm.stats[1][f], bm.stats[2][f])
		}
	}
}

// balanceSVG draws each map's faction scores with the computer's armies
// as bars with their 95% intervals.
func balanceSVG(report []balanceMap) string {
	const rowH, left, width = 18, 260, 400
	var b strings.Builder
	h := 20 + len(report)*(numFactions*rowH+30)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", left+width+40, h)
	y := 20
	for _, bm := range report {
		fmt.Fprintf(&b, `<text x="4" y="%d" font-weight="bold">%s</text>`+"\n", y, bm.m.Name)
		y += 8
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#888" stroke-dasharray="3,3"/>`+"\n", left+width/2, y, left+width/2, y+numFactions*rowH)
		for f := 0; f < numFactions; f++ {
			s := bm.stats[0][f]
			m := s.mean()
			e := math.Min(s.err95(), 1)
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s %.0f%%</text>`+"\n", left-6, y+13, dungeon.Faction(f).Title(), 100*m)
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="#6a8caf"/>`+"\n", left, y+3, m*width, rowH-6)
			lo, hi := math.Max(m-e, 0), math.Min(m+e, 1)
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#222"/>`+"\n", left+lo*width, y+rowH/2, left+hi*width, y+rowH/2)
			y += rowH
		}
		y += 22
	}
	b.WriteString("</svg>\n")
	return b.String()
}
