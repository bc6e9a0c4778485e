package match

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"wyrm/game"
)

// SetupChooser is implemented by players that make their own choices in
// a game's setup (a Dungeon Chess draft and deployment). Other players
// take the setup's random suggestion when it offers one (a method
// SuggestRandom(game.Player) (string, error)), else its Suggest.
type SetupChooser interface {
	SetupChoice(s game.Setup, seat game.Player) (string, error)
}

type randomSuggester interface {
	SuggestRandom(p game.Player) (string, error)
}

// setupOf returns the game as a SetupGame when the match plays its setup.
func setupOf(cfg Config) game.SetupGame {
	if cfg.RandomArmies {
		return nil
	}
	sg, _ := cfg.Game.(game.SetupGame)
	return sg
}

// drawFactions fixes option factions, when the game has it and opts leave
// it open, to distinct choices drawn from seed, so that the starts of a
// match cover the pairings as the quick game's random factions do.
func drawFactions(g game.Game, opts game.Options, seed uint64) error {
	if _, set := opts["factions"]; set {
		return nil
	}
	for _, o := range g.Options() {
		if o.Name != "factions" || o.Kind != game.PerSeat || len(o.Choices) == 0 {
			continue
		}
		seats, err := g.SeatNames(opts)
		if err != nil {
			return err
		}
		if len(seats) > len(o.Choices) {
			return nil
		}
		c := append([]string(nil), o.Choices...)
		rng := rand.New(rand.NewPCG(seed, 0xfac))
		rng.Shuffle(len(c), func(i, j int) { c[i], c[j] = c[j], c[i] })
		opts["factions"] = strings.Join(c[:len(seats)], ",")
	}
	return nil
}

// setupStart runs the game's setup for job j: A chooses for its seat and
// B for the others, each as SetupChooser says.
func setupStart(cfg Config, j job, a, b Player) (game.Position, error) {
	s, err := setupOf(cfg).NewSetup(j.opts)
	if err != nil {
		return nil, err
	}
	for s.Stage() != "" {
		w := s.Waiting()
		if len(w) == 0 {
			return nil, fmt.Errorf("setup stage %q waits for nobody", s.Stage())
		}
		for _, seat := range w {
			pl := b
			if seat == j.seat {
				pl = a
			}
			var choice string
			switch c := pl.(type) {
			case SetupChooser:
				choice, err = c.SetupChoice(s, seat)
			default:
				if r, ok := s.(randomSuggester); ok {
					choice, err = r.SuggestRandom(seat)
				} else {
					choice, err = s.Suggest(seat)
				}
			}
			if err != nil {
				return nil, fmt.Errorf("%s's %s for seat %d: %w", pl.Name(), s.Stage(), seat+1, err)
			}
			if err := s.Submit(seat, choice); err != nil {
				return nil, fmt.Errorf("%s's %s for seat %d: %w", pl.Name(), s.Stage(), seat+1, err)
			}
		}
	}
	return s.Position()
}
