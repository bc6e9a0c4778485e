package dungeon

import (
	"fmt"
	"strings"

	"wyrm/game"
)

// Setup runs the draft and the deployment. It implements game.Setup.
// Drafts are secret until every seat has drafted (factions are public: no
// two seats may take the same one); placements are secret until every seat
// has placed when deployment is simultaneous, and public as they are made,
// in turn order, when it is sequential.
type Setup struct {
	c       *config
	armies  []*Army
	placed  [][]placement
	deploys []string
}

var _ game.Setup = (*Setup)(nil)

// NewSetup implements game.SetupGame.
func (g Game) NewSetup(opts game.Options) (game.Setup, error) {
	c, err := g.config(opts)
	if err != nil {
		return nil, err
	}
	return &Setup{c: c, armies: make([]*Army, c.players), placed: make([][]placement, c.players),
		deploys: make([]string, c.players)}, nil
}

// Stage implements game.Setup: "draft", "deploy" or "" when play can begin.
func (s *Setup) Stage() string {
	for _, a := range s.armies {
		if a == nil {
			return "draft"
		}
	}
	for _, pl := range s.placed {
		if pl == nil {
			return "deploy"
		}
	}
	return ""
}

// Waiting implements game.Setup.
func (s *Setup) Waiting() []game.Player {
	var w []game.Player
	switch s.Stage() {
	case "draft":
		for i, a := range s.armies {
			if a == nil {
				w = append(w, game.Player(i))
			}
		}
	case "deploy":
		for i, pl := range s.placed {
			if pl == nil {
				w = append(w, game.Player(i))
				if s.c.seq {
					break
				}
			}
		}
	}
	return w
}

// Submit implements game.Setup. In the draft the choice is an army in draft
// notation ("human: P, W, A, N, 7H"); in deployment it is the placement of
// every unit ("Pd1,Wc1,Ae1,...").
func (s *Setup) Submit(p game.Player, choice string) error {
	a, pl, err := s.read(p, choice)
	if err != nil {
		return err
	}
	if a != nil {
		s.armies[p] = a
		return nil
	}
	s.placed[p], s.deploys[p] = pl, choice
	return nil
}

// Check implements game.Setup: the choice read as Submit reads it, summed
// up as the army's cost or the number of units placed.
func (s *Setup) Check(p game.Player, choice string) (string, error) {
	a, pl, err := s.read(p, choice)
	if err != nil {
		return "", err
	}
	if a != nil {
		return fmt.Sprintf("%s: %d units, %d of %d XP", a.Faction.Title(), len(a.Units), a.Cost(), Budget), nil
	}
	return fmt.Sprintf("%d units placed", len(pl)), nil
}

// read parses and checks p's choice for the current stage: an army in the
// draft, placements in deployment.
func (s *Setup) read(p game.Player, choice string) (*Army, []placement, error) {
	if p < 0 || int(p) >= s.c.players {
		return nil, nil, fmt.Errorf("seat %d does not exist; seats are 1 to %d", p+1, s.c.players)
	}
	waiting := false
	for _, w := range s.Waiting() {
		waiting = waiting || w == p
	}
	stage := s.Stage()
	switch {
	case stage == "":
		return nil, nil, fmt.Errorf("the setup is complete")
	case !waiting && stage == "draft":
		return nil, nil, fmt.Errorf("seat %d has already drafted", p+1)
	case !waiting && s.placed[p] != nil:
		return nil, nil, fmt.Errorf("seat %d has already deployed", p+1)
	case !waiting:
		return nil, nil, fmt.Errorf("seat %d must wait: deployment is sequential and it is seat %d's turn to place", p+1, s.Waiting()[0]+1)
	}
	zone := s.c.zones[p]
	if stage == "draft" {
		a, err := ParseArmy(choice)
		if err != nil {
			return nil, nil, err
		}
		if s.c.factions != nil && a.Faction != s.c.factions[p] {
			return nil, nil, fmt.Errorf("seat %d plays %s (option factions), not %s", p+1, s.c.factions[p].Title(), a.Faction.Title())
		}
		for i, o := range s.armies {
			if o != nil && o.Faction == a.Faction {
				return nil, nil, fmt.Errorf("faction %s is already taken by seat %d; factions must differ", a.Faction.Title(), i+1)
			}
		}
		if err := a.Validate(s.c.m.ZoneSize(zone)); err != nil {
			return nil, nil, err
		}
		return &a, nil, nil
	}
	pl, err := ParseDeployment(s.c.m, zone, *s.armies[p], choice)
	if err != nil {
		return nil, nil, err
	}
	return nil, pl, nil
}

// Visible implements game.Setup: what seat p may see, one fact a line.
func (s *Setup) Visible(p game.Player) string {
	var b strings.Builder
	stage := s.Stage()
	fmt.Fprintf(&b, "map %s\nplayers %d\nstage %s\n", s.c.m.ID, s.c.players, stageName(stage))
	allDrafted := stage != "draft"
	allPlaced := stage == ""
	for i := range s.armies {
		who := fmt.Sprintf("seat %d", i+1)
		if game.Player(i) == p {
			who += " (you)"
		}
		a := s.armies[i]
		switch {
		case a == nil:
			fmt.Fprintf(&b, "%s: drafting\n", who)
			continue
		case game.Player(i) == p || allDrafted:
			fmt.Fprintf(&b, "%s: %s (%d XP)\n", who, a, a.Cost())
		default:
			fmt.Fprintf(&b, "%s: %s, drafted\n", who, a.Faction.Title())
		}
		if !allDrafted {
			continue
		}
		switch {
		case s.placed[i] == nil:
			fmt.Fprintf(&b, "%s deploys in zone %d\n", who, s.c.zones[i])
		case game.Player(i) == p || allPlaced || s.c.seq:
			fmt.Fprintf(&b, "%s placed %s\n", who, s.deploys[i])
		default:
			fmt.Fprintf(&b, "%s has placed\n", who)
		}
	}
	return b.String()
}

func stageName(s string) string {
	if s == "" {
		return "play"
	}
	return s
}

// Position implements game.Setup.
func (s *Setup) Position() (game.Position, error) {
	if st := s.Stage(); st != "" {
		return nil, fmt.Errorf("the setup is still in the %s stage", st)
	}
	factions := make([]Faction, s.c.players)
	live := make([]bool, s.c.players)
	for i, a := range s.armies {
		factions[i], live[i] = a.Faction, true
	}
	return newPosition(s.c.m, factions, s.c.zones, s.placed, live)
}
