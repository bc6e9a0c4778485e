package dungeon

import (
	"fmt"
	"slices"

	"wyrm/game"
)

// Suggest proposes a valid choice for seat p in the current stage, so that
// computer seats can draft and deploy: the computer's own army for the
// seat's faction (ChooseArmy; the one option factions gives it, else the
// first free faction counting from the seat's number; with option
// armies=sample the faction's example army when it fits the zone), then
// its own placement (ChooseDeployment), which knows the other seats'
// armies and, when deployment is sequential, the placements made before.
// The choice depends only on the options, the seat and what it may see.
func (s *Setup) Suggest(p game.Player) (string, error) { return s.suggest(p, false) }

// SuggestRandom proposes a random valid choice instead: a random legal
// army, a random placement (the choices of a quick game's Start). Tests
// and matches use it for seats that should not choose well.
func (s *Setup) SuggestRandom(p game.Player) (string, error) { return s.suggest(p, true) }

func (s *Setup) suggest(p game.Player, random bool) (string, error) {
	if p < 0 || int(p) >= s.c.players {
		return "", fmt.Errorf("seat %d does not exist", p+1)
	}
	stage := s.Stage()
	if !slices.Contains(s.Waiting(), p) {
		return "", fmt.Errorf("seat %d has nothing to choose now (stage %s)", p+1, stageName(stage))
	}
	zone := s.c.zones[p]
	salt := uint64(p) * 2
	if stage == "deploy" {
		salt++
	}
	rng := newRand(s.c.seed*16 + salt)
	if stage == "deploy" {
		if random {
			return RandomDeployment(s.c.m, zone, *s.armies[p], rng), nil
		}
		return s.chooseDeployment(int(p)), nil
	}
	f, ok := Faction(0), false
	if s.c.factions != nil {
		f, ok = s.c.factions[p], true
	}
	for i := 0; !ok && i < int(numFactions); i++ {
		f = Faction((int(p) + i) % int(numFactions))
		ok = !slices.ContainsFunc(s.armies, func(a *Army) bool { return a != nil && a.Faction == f })
	}
	if !ok {
		return "", fmt.Errorf("no faction left for seat %d", p+1)
	}
	if s.c.sample {
		if a := SampleArmy(f); a.Validate(s.c.m.ZoneSize(zone)) == nil {
			return a.String(), nil
		}
	}
	if !random {
		return ChooseArmy(s.c.m, zone, s.c.players, f).String(), nil
	}
	return RandomArmy(f, s.c.m.ZoneSize(zone), rng).String(), nil
}

// chooseDeployment is ChooseDeployment for seat p with what p may know.
func (s *Setup) chooseDeployment(p int) string {
	n := s.c.players
	factions := make([]Faction, n)
	others := make([]guess, n)
	for i := 0; i < n; i++ {
		factions[i] = s.armies[i].Faction
		others[i] = guess{zone: s.c.zones[i], army: *s.armies[i]}
		if s.c.seq {
			others[i].placed = s.placed[i]
		}
	}
	return ChooseDeployment(s.c.m, p, s.c.zones, factions, *s.armies[p], others)
}
