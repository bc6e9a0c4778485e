package tune

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"sync"

	"wyrm/game"
	"wyrm/search"
)

// GenConfig says which self-play games Generate plays.
type GenConfig struct {
	Game    game.Game
	Options game.Options
	// Openings are start position strings, used in turn; without them
	// every game starts from the game's Start, with option "seed" varied
	// per game where the game has one (Dungeon Chess's random armies).
	Openings []string
	// Games is the number of games.
	Games int
	// Nodes limits every move's search.
	Nodes uint64
	// RandomPlies are played at random from the start, for variety; their
	// positions are not recorded.
	RandomPlies int
	// MaxPlies stops a game, which is then dropped (0: the game's cap).
	MaxPlies int
	// Seed makes the games repeatable: game i uses Seed+i.
	Seed uint64
	// Concurrency plays several games at once (default 1).
	Concurrency int
	// Progress receives a status line after every game (nil: none).
	Progress io.Writer
	// Params, when not empty, are the evaluation parameters both sides
	// play with (named values over the game's own, as game.ApplyParams
	// takes them), to play self-play games with a candidate's weights.
	Params []game.Param
	// Starts, when not nil, receives each kept game's position after the
	// random plies, one a line: start positions for matches (each played
	// from both seats, an unbalanced one does no harm).
	Starts io.Writer
	// Scores, when not nil, receives each kept position again with the
	// search's score of it, "score result game position" a line (score in
	// centipawns for the side to move, result the first seat's): labels
	// for a learned evaluation, which wants the search's judgement as well
	// as the game's result.
	Scores io.Writer
}

// GenStats counts what Generate did.
type GenStats struct {
	Games, Dropped, Positions int
	// Wins, Draws and Losses are the first seat's results in the games
	// kept.
	Wins, Draws, Losses int
}

// Generate plays cfg.Games games of the engine at full strength against
// itself, every move limited to cfg.Nodes, and writes the quiet positions
// each game passed through, labelled with its result, as data lines to w
// (the caller writes the header). A position is kept when its side to
// move is not in check, the move the search chose there is quiet, its
// score is not a mate, and no capture sequence gains on its evaluation
// (see quiet). Games stopped by MaxPlies, and games that end during the
// random plies, are dropped.
func Generate(ctx context.Context, cfg GenConfig, w io.Writer) (GenStats, error) {
	var st GenStats
	if cfg.Games < 1 || cfg.Nodes < 1 {
		return st, errors.New("generate: at least one game and one node a move")
	}
	conc := min(max(cfg.Concurrency, 1), cfg.Games)
	var mu sync.Mutex
	var firstErr error
	next := 0
	var wg sync.WaitGroup
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// One pair of engines a worker, cleared before every game; a
			// small table is plenty at a few thousand nodes a move.
			var engines [2]*search.Engine
			for s := range engines {
				engines[s] = search.New(cfg.Seed + uint64(s))
				engines[s].SetHash(4)
			}
			for {
				mu.Lock()
				i := next
				next++
				stop := i >= cfg.Games || firstErr != nil
				mu.Unlock()
				if stop || ctx.Err() != nil {
					return
				}
				g, err := playSelf(ctx, cfg, i, engines)
				mu.Lock()
				if err == nil {
					err = st.add(g, i, w, cfg.Starts, cfg.Scores)
				}
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if cfg.Progress != nil {
					fmt.Fprintf(cfg.Progress, "\rgames %d/%d  dropped %d  positions %d  +%d =%d -%d   ",
						st.Games+st.Dropped, cfg.Games, st.Dropped, st.Positions, st.Wins, st.Draws, st.Losses)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if cfg.Progress != nil {
		fmt.Fprintln(cfg.Progress)
	}
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return st, firstErr
}

// selfGame is one played game: its kept positions and the first seat's
// result, or dropped.
type selfGame struct {
	start     string // the position after the random plies
	positions []string
	scores    []int // the search's score of each position, for its side to move
	result    float64
	dropped   bool
}

func (st *GenStats) add(g selfGame, i int, w, starts, scores io.Writer) error {
	if g.dropped {
		st.Dropped++
		return nil
	}
	if starts != nil {
		if _, err := io.WriteString(starts, g.start+"\n"); err != nil {
			return err
		}
	}
	st.Games++
	switch g.result {
	case 1:
		st.Wins++
	case 0:
		st.Losses++
	default:
		st.Draws++
	}
	for j, p := range g.positions {
		if err := WriteSample(w, Sample{Result: g.result, Game: i, Position: p}); err != nil {
			return err
		}
		if scores != nil {
			if _, err := fmt.Fprintf(scores, "%d %s %d %s\n", g.scores[j], formatResult(g.result), i, p); err != nil {
				return err
			}
		}
		st.Positions++
	}
	return nil
}

// startOf returns game i's start position.
func startOf(cfg GenConfig, i int) (game.Position, error) {
	opts := game.Options{}
	for k, v := range cfg.Options {
		opts[k] = v
	}
	if len(cfg.Openings) > 0 {
		return cfg.Game.Parse(cfg.Openings[i%len(cfg.Openings)], opts)
	}
	if _, set := opts["seed"]; !set {
		for _, o := range cfg.Game.Options() {
			if o.Name == "seed" {
				opts["seed"] = strconv.FormatUint((cfg.Seed+uint64(i))%(1<<31-1)+1, 10)
			}
		}
	}
	return cfg.Game.Start(opts)
}

// playSelf plays game i.
func playSelf(ctx context.Context, cfg GenConfig, i int, engines [2]*search.Engine) (selfGame, error) {
	pos, err := startOf(cfg, i)
	if err != nil {
		return selfGame{}, fmt.Errorf("game %d: start: %w", i, err)
	}
	if pos.Players() != 2 {
		return selfGame{}, fmt.Errorf("tuning needs two-player games, not %d seats", pos.Players())
	}
	if len(cfg.Params) > 0 {
		t, ok := pos.(game.Tuner)
		if !ok {
			return selfGame{}, fmt.Errorf("%s has no evaluation parameters (game.Tuner)", cfg.Game.Info().Title)
		}
		w, err := game.ApplyParams(t, cfg.Params)
		if err != nil {
			return selfGame{}, err
		}
		t.SetWeights(w) // the searches' copies of the position keep it
	}
	seed := cfg.Seed + uint64(i)
	rng := rand.New(rand.NewPCG(seed, 0x7e5a))
	var hist []uint64
	var buf []game.Move
	for range cfg.RandomPlies {
		if pos.ToMove() == game.NoPlayer {
			return selfGame{dropped: true}, nil
		}
		buf = pos.LegalMoves(buf[:0])
		hist = append(hist, pos.Hash())
		pos.Play(buf[rng.IntN(len(buf))])
	}
	for _, e := range engines {
		e.NewGame()
	}
	maxPlies := cfg.MaxPlies
	if maxPlies <= 0 {
		maxPlies = pos.Game().Info().Plies()
	}
	g := selfGame{start: pos.String()}
	for ply := cfg.RandomPlies; ; ply++ {
		seat := pos.ToMove()
		if seat == game.NoPlayer {
			break
		}
		if ply >= maxPlies {
			return selfGame{dropped: true}, nil
		}
		if err := ctx.Err(); err != nil {
			return selfGame{}, err
		}
		res := engines[seat].Search(ctx, pos, search.Limits{Nodes: cfg.Nodes, History: hist}, nil)
		if res.Best == game.NoMove {
			break
		}
		if !search.IsMate(res.Score) && !pos.InCheck() && !pos.IsNoisy(res.Best) && quiet(pos) {
			g.positions = append(g.positions, pos.String())
			g.scores = append(g.scores, res.Score)
		}
		hist = append(hist, pos.Hash())
		pos.Play(res.Best)
	}
	switch pos.Outcome().Results[0] {
	case game.Win:
		g.result = 1
	case game.Loss, game.Eliminated:
		g.result = 0
	default:
		g.result = 0.5
	}
	return g, nil
}
