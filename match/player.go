// Package match plays engine matches: wyrm at some level, simple baseline
// players or external UCI engines against each other in any wyrm game, with
// wyrm's own rules arbitrating every move, and reports the score, the Elo
// difference and optionally an SPRT verdict.
package match

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"wyrm/game"
	"wyrm/search"
)

// Request is what a player is told when it must move.
type Request struct {
	Game    game.Game
	Options game.Options
	// Start is the game's starting position string; Moves the moves played
	// since, in the game's notation.
	Start string
	Moves []string
	// Pos is the current position, a copy the player may use freely;
	// History the hashes of the positions before it.
	Pos     game.Position
	History []uint64
	// MoveTime is a fixed time per move, or zero when clocks run.
	MoveTime time.Duration
	// Nodes, when positive, limits every move to that many nodes of
	// search instead of a time: a match then plays the same on a loaded
	// machine as on an idle one.
	Nodes uint64
	// Clock and Inc are every seat's remaining time and increment.
	Clock, Inc [game.MaxPlayers]time.Duration
}

// Player chooses moves for one seat.
type Player interface {
	// Name identifies the player in reports and game records.
	Name() string
	// NewGame is called before every game.
	NewGame(g game.Game, opts game.Options) error
	// Move returns the chosen move in the game's notation.
	Move(ctx context.Context, r Request) (string, error)
	// Close releases the player's resources (an engine process).
	Close() error
}

// NewPlayer makes a player from a spec: "level:N", "random", "greedy",
// "material:N" (a material-only alpha-beta search to depth N) or
// "uci:<command> [args...] [option.<Name>=<value> ...]". A level, brs or
// paranoid spec may end in ",params:FILE": the player's evaluation then
// reads its weights from that parameter file (as "wyrm tune" writes it)
// instead of the game's own. seed makes the random choices of wyrm
// players repeatable.
func NewPlayer(spec string, seed uint64) (Player, error) {
	spec = strings.TrimSpace(spec)
	if !strings.HasPrefix(spec, "uci:") && strings.Contains(spec, paramsSuffix) {
		base, ps, err := splitParams(spec)
		if err != nil {
			return nil, err
		}
		p, err := NewPlayer(base, seed)
		if err != nil {
			return nil, err
		}
		lp, ok := p.(*levelPlayer)
		if !ok {
			return nil, fmt.Errorf("spec %q: params: only for wyrm's own search (level, brs, paranoid)", spec)
		}
		lp.name, lp.tuned = paramsName(spec), &tuned{params: ps}
		return lp, nil
	}
	switch {
	case spec == "random":
		return &randomPlayer{rng: rand.New(rand.NewPCG(seed, 1))}, nil
	case spec == "greedy":
		return &greedyPlayer{rng: rand.New(rand.NewPCG(seed, 2))}, nil
	case strings.HasPrefix(spec, "level:"):
		n, err := strconv.Atoi(strings.TrimPrefix(spec, "level:"))
		if err != nil || n < 1 || n > search.MaxLevel {
			return nil, fmt.Errorf("spec %q: level 1..%d", spec, search.MaxLevel)
		}
		e := search.New(seed)
		e.SetLevel(n)
		return &levelPlayer{name: spec, eng: e}, nil
	case strings.HasPrefix(spec, "brs:") || strings.HasPrefix(spec, "paranoid:"):
		// "brs:N" / "paranoid:N": level N with a chosen multi-player search.
		mode, lv, _ := strings.Cut(spec, ":")
		p, err := NewPlayer("level:"+lv, seed)
		if err != nil {
			return nil, err
		}
		lp := p.(*levelPlayer)
		lp.name = spec
		if mode == "paranoid" {
			lp.eng.SetMultiMode(search.Paranoid)
		} else {
			lp.eng.SetMultiMode(search.BRS)
		}
		return lp, nil
	case strings.HasPrefix(spec, "material:"):
		n, err := strconv.Atoi(strings.TrimPrefix(spec, "material:"))
		if err != nil {
			return nil, fmt.Errorf("spec %q: material:N with a depth N", spec)
		}
		return newMaterialPlayer(n, seed)
	case strings.HasPrefix(spec, "uci:"):
		return startUCI(strings.TrimPrefix(spec, "uci:"))
	}
	return nil, fmt.Errorf("unknown player spec %q (want level:N, random, greedy, material:N or uci:<command>)", spec)
}

// untimedDepth bounds wyrm's search in untimed games (the levels below the
// top one have their own, smaller bounds).
const untimedDepth = 6

// levelPlayer is wyrm's own search at a level.
type levelPlayer struct {
	name  string
	eng   *search.Engine
	tuned *tuned // evaluation parameters of its own, nil for the game's
}

func (p *levelPlayer) Name() string { return "wyrm " + p.name }

func (p *levelPlayer) NewGame(game.Game, game.Options) error {
	p.eng.NewGame()
	return nil
}

func (p *levelPlayer) Move(ctx context.Context, r Request) (string, error) {
	if err := p.tuned.apply(r.Pos); err != nil {
		return "", err
	}
	lim := search.Limits{MoveTime: r.MoveTime, Clock: r.Clock, Inc: r.Inc, History: r.History, Nodes: r.Nodes}
	if s := r.Pos.ToMove(); r.MoveTime == 0 && r.Nodes == 0 && s >= 0 && r.Clock[s] == 0 {
		lim.Depth = untimedDepth
	}
	res := p.eng.Search(ctx, r.Pos, lim, nil)
	if res.BestText == "" {
		return "", errors.New("no move found")
	}
	return res.BestText, nil
}

func (p *levelPlayer) Close() error { return nil }

// SetupChoice implements SetupChooser: the computer's own choice.
func (p *levelPlayer) SetupChoice(s game.Setup, seat game.Player) (string, error) {
	return s.Suggest(seat)
}

// randomPlayer plays a uniformly random legal move.
type randomPlayer struct{ rng *rand.Rand }

func (p *randomPlayer) Name() string                          { return "random" }
func (p *randomPlayer) NewGame(game.Game, game.Options) error { return nil }
func (p *randomPlayer) Close() error                          { return nil }

func (p *randomPlayer) Move(_ context.Context, r Request) (string, error) {
	ms := r.Pos.LegalMoves(nil)
	if len(ms) == 0 {
		return "", errors.New("no legal move")
	}
	return r.Pos.MoveString(ms[p.rng.IntN(len(ms))]), nil
}

// greedyPlayer takes the noisy move with the best Gain when one gains
// material, else plays a random move.
type greedyPlayer struct{ rng *rand.Rand }

func (p *greedyPlayer) Name() string                          { return "greedy" }
func (p *greedyPlayer) NewGame(game.Game, game.Options) error { return nil }
func (p *greedyPlayer) Close() error                          { return nil }

func (p *greedyPlayer) Move(_ context.Context, r Request) (string, error) {
	ms := r.Pos.LegalMoves(nil)
	if len(ms) == 0 {
		return "", errors.New("no legal move")
	}
	best, gain := game.NoMove, 0
	for _, m := range ms {
		if !r.Pos.IsNoisy(m) {
			continue
		}
		if g := r.Pos.Gain(m); g > gain || g == gain && best != game.NoMove && p.rng.IntN(2) == 0 {
			best, gain = m, g
		}
	}
	if best != game.NoMove {
		return r.Pos.MoveString(best), nil
	}
	return r.Pos.MoveString(ms[p.rng.IntN(len(ms))]), nil
}
