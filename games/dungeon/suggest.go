package dungeon

import (
	"fmt"
	"slices"

	"wyrm/game"
)

// Suggest proposes a valid choice for seat p in the current stage, so that
// computer seats can draft and deploy: a random legal army of the seat's
// faction (the one option factions gives it, else the first free faction
// counting from the seat's number; with option armies=sample the
// faction's example army when it fits the zone), then a random placement.
// The choice
// depends only on the seed option, the seat and the stage.
func (s *Setup) Suggest(p game.Player) (string, error) {
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
		return RandomDeployment(s.c.m, zone, *s.armies[p], rng), nil
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
	return RandomArmy(f, s.c.m.ZoneSize(zone), rng).String(), nil
}
