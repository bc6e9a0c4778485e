package match

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"wyrm/game"
	"wyrm/record"
)

// Config describes a match between players A and B.
type Config struct {
	Game    game.Game
	Options game.Options
	// NewA and NewB make a fresh player for a worker; seed varies per
	// worker so that random choices differ.
	NewA, NewB func(seed uint64) (Player, error)
	Games      int
	// MoveTime, or Base and Inc (a clock per seat), limit thinking. With
	// neither, moves are untimed and players use their own limits.
	MoveTime, Base, Inc time.Duration
	// Nodes, when positive, limits every move by nodes searched instead
	// (Request.Nodes); clocks and MoveTime are then not used.
	Nodes uint64
	// Openings are start position strings, each played by a pair (or, with
	// more seats, a full rotation) of games. Empty: the game's Start, with
	// option "seed" varied per rotation when the game has one.
	Openings []string
	// MaxPlies stops a game after so many moves (0: the game's own cap,
	// game.Info.Plies). The match scores it as a draw; its record says it
	// did not finish.
	MaxPlies int
	// Adjudicate, when positive, scores a drawn or unfinished game by the
	// game's own evaluation of the final position for A's seat: a lead of
	// at least this many centipawns counts as a win, a deficit as a loss.
	// It is a measuring aid for games whose draws say little (long
	// multi-player games stopped by the move limit), reported in the
	// game's reason and written with Termination "adjudication".
	Adjudicate int
	// RandomArmies keeps the quick game's random armies and deployment
	// (Game.Start) for every seat of a game with a setup (game.SetupGame).
	// Otherwise each seat drafts and deploys as its player chooses (see
	// SetupChooser), factions drawn from the seed when the options leave
	// them open.
	RandomArmies bool
	// SPRT, when not nil, stops the match once it decides.
	SPRT        *SPRT
	Concurrency int
	Seed        uint64
	// Progress receives a live status line (carriage-return updated).
	Progress io.Writer
	// PGN receives a record of every game.
	PGN io.Writer
}

// GameRecord is one finished game.
type GameRecord struct {
	Index   int
	Seat    game.Player // A's seat
	Start   string
	Options game.Options
	Began   time.Time
	Moves   []string      // in the game's move notation, as players get them
	Text    []string      // the same moves in the record's notation (game.Notation)
	Movers  []game.Player // who played each move
	Names   []string      // per seat
	Points  float64       // A's points
	Reason  string
	// Termination says in PGN's words how the game ended; a game stopped
	// by MaxPlies is record.Unterminated, with every result Ongoing.
	Termination record.Termination
	Results     [game.MaxPlayers]game.Result
}

// Summary is the result of a match.
type Summary struct {
	A, B    string
	Tally   Tally // A's wins, draws and losses
	Verdict string
	LLR     float64
	Records []GameRecord
}

// job is one game to play.
type job struct {
	index int
	seat  game.Player
	start game.Position
	opts  game.Options
	// setup: the players draft and deploy (see setupStart) instead of
	// starting from start.
	setup bool
}

// DefaultMaxPlies caps a game's length unless Config.MaxPlies sets it or
// the game's Info gives its own.
const DefaultMaxPlies = game.DefaultMaxPlies

// maxPlies is the cap set, or when none is (n <= 0) the game's own.
func maxPlies(g game.Game, n int) int {
	if n > 0 {
		return n
	}
	return g.Info().Plies()
}

// Run plays the match. Cancelling ctx ends it early; games in progress are
// not counted.
func Run(ctx context.Context, cfg Config) (Summary, error) {
	cfg.MaxPlies = maxPlies(cfg.Game, cfg.MaxPlies)
	cfg.Concurrency = max(cfg.Concurrency, 1)
	jobs, err := schedule(cfg)
	if err != nil {
		return Summary{}, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	var mu sync.Mutex
	var sum Summary
	var firstErr error
	queue := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < cfg.Concurrency; w++ {
		a, errA := cfg.NewA(cfg.Seed + uint64(w)*2 + 1)
		b, errB := cfg.NewB(cfg.Seed + uint64(w)*2 + 2)
		if errA != nil || errB != nil {
			for _, p := range []Player{a, b} {
				if p != nil {
					p.Close()
				}
			}
			cancel()
			wg.Wait()
			if errA != nil {
				return sum, errA
			}
			return sum, errB
		}
		mu.Lock()
		sum.A, sum.B = a.Name(), b.Name()
		mu.Unlock()
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer a.Close()
			defer b.Close()
			for j := range queue {
				rec, err := playGame(ctx, cfg, j, a, b)
				mu.Lock()
				if err != nil {
					if firstErr == nil && ctx.Err() == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					continue
				}
				if ctx.Err() != nil {
					mu.Unlock()
					continue
				}
				sum.Records = append(sum.Records, rec)
				switch rec.Points {
				case 1:
					sum.Tally.Wins++
				case 0:
					sum.Tally.Losses++
				default:
					sum.Tally.Draws++
				}
				if cfg.PGN != nil {
					if err := writeRecord(cfg, rec); err != nil && firstErr == nil {
						firstErr = err
					}
				}
				if cfg.SPRT != nil {
					sum.LLR = cfg.SPRT.LLR(sum.Tally)
					if v := cfg.SPRT.Verdict(sum.Tally); v != "" && sum.Verdict == "" {
						sum.Verdict = v
						cancel()
					}
				}
				progress(cfg, sum)
				mu.Unlock()
			}
		}()
	}
feed:
	for _, j := range jobs {
		select {
		case queue <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(queue)
	wg.Wait()
	if cfg.Progress != nil {
		fmt.Fprintln(cfg.Progress)
	}
	return sum, firstErr
}

func progress(cfg Config, s Summary) {
	if cfg.Progress == nil {
		return
	}
	t := s.Tally
	d, e := t.Elo()
	fmt.Fprintf(cfg.Progress, "\rgames %d/%d  +%d =%d -%d  score %.1f  elo %+.0f ± %.0f   ",
		t.Games(), cfg.Games, t.Wins, t.Draws, t.Losses, t.Points(), d, e)
}

// schedule lists the games: openings in turn, A rotating through the seats
// on the same opening.
func schedule(cfg Config) ([]job, error) {
	if cfg.Games < 1 {
		return nil, fmt.Errorf("match: at least one game")
	}
	var jobs []job
	for i := 0; len(jobs) < cfg.Games; i++ {
		opts := cloneOptions(cfg.Options)
		var start game.Position
		var err error
		if len(cfg.Openings) > 0 {
			start, err = cfg.Game.Parse(cfg.Openings[i%len(cfg.Openings)], opts)
		} else {
			if hasOption(cfg.Game, "seed") {
				if _, set := opts["seed"]; !set || i > 0 {
					opts["seed"] = strconv.FormatUint((cfg.Seed+uint64(i))%(1<<31-1)+1, 10)
				}
			}
			if setupOf(cfg) != nil {
				if err := drawFactions(cfg.Game, opts, cfg.Seed+uint64(i)); err != nil {
					return nil, fmt.Errorf("match: start position %d: %w", i+1, err)
				}
			}
			start, err = cfg.Game.Start(opts)
		}
		if err != nil {
			return nil, fmt.Errorf("match: start position %d: %w", i+1, err)
		}
		for seat := 0; seat < start.Players() && len(jobs) < cfg.Games; seat++ {
			jobs = append(jobs, job{index: len(jobs) + 1, seat: game.Player(seat), start: start.Clone(), opts: opts,
				setup: len(cfg.Openings) == 0 && setupOf(cfg) != nil})
		}
	}
	return jobs, nil
}

func hasOption(g game.Game, name string) bool {
	for _, o := range g.Options() {
		if o.Name == name {
			return true
		}
	}
	return false
}

func cloneOptions(o game.Options) game.Options {
	c := game.Options{}
	for k, v := range o {
		c[k] = v
	}
	return c
}

// playGame plays one game: A in seat j.seat, B in every other seat. Every
// move is checked by the game's own rules; an illegal move, a crash or a
// flag fall loses for the player responsible.
func playGame(ctx context.Context, cfg Config, j job, a, b Player) (GameRecord, error) {
	pos := j.start
	if j.setup {
		var err error
		if pos, err = setupStart(cfg, j, a, b); err != nil {
			return GameRecord{Index: j.index, Seat: j.seat, Options: j.opts}, err
		}
	}
	n := pos.Players()
	rec := GameRecord{Index: j.index, Seat: j.seat, Start: pos.String(), Options: j.opts, Began: time.Now()}
	for s := 0; s < n; s++ {
		if game.Player(s) == j.seat {
			rec.Names = append(rec.Names, a.Name())
		} else {
			rec.Names = append(rec.Names, b.Name())
		}
	}
	for _, p := range []Player{a, b} {
		if err := p.NewGame(cfg.Game, j.opts); err != nil {
			return rec, err
		}
	}
	var clock, inc [game.MaxPlayers]time.Duration
	timed := cfg.MoveTime == 0 && cfg.Base > 0
	if timed {
		for s := 0; s < n; s++ {
			clock[s], inc[s] = cfg.Base, cfg.Inc
		}
	}
	var hist []uint64
	forfeit := func(s game.Player, why string, term record.Termination) {
		rec.Results = [game.MaxPlayers]game.Result{}
		for i := 0; i < n; i++ {
			rec.Results[i] = game.Win
			if n > 2 {
				rec.Results[i] = game.Draw
			}
		}
		rec.Results[s] = game.Loss
		rec.Reason = fmt.Sprintf("%s %s", rec.Names[s], why)
		rec.Termination = term
	}
	for {
		if ctx.Err() != nil {
			return rec, ctx.Err()
		}
		seat := pos.ToMove()
		if seat == game.NoPlayer || len(pos.LegalMoves(nil)) == 0 {
			o := pos.Outcome()
			rec.Results, rec.Reason, rec.Termination = o.Results, string(o.Reason), record.Normal
			if !o.Over {
				// The rules gave no end, yet nobody can move: the match
				// rules it a draw.
				rec.Reason, rec.Termination = string(game.EndNoLegalMove), record.Adjudication
				for i := 0; i < n; i++ {
					rec.Results[i] = game.Draw
				}
			}
			break
		}
		if len(rec.Moves) >= cfg.MaxPlies {
			rec.Results = [game.MaxPlayers]game.Result{}
			rec.Reason, rec.Termination = string(game.EndMoveLimit), record.Unterminated
			break
		}
		pl := b
		if seat == j.seat {
			pl = a
		}
		req := Request{Game: cfg.Game, Options: j.opts, Start: rec.Start, Moves: rec.Moves, Pos: pos.Clone(),
			History: hist, MoveTime: cfg.MoveTime, Nodes: cfg.Nodes, Clock: clock, Inc: inc}
		t0 := time.Now()
		text, err := pl.Move(ctx, req)
		used := time.Since(t0)
		if ctx.Err() != nil {
			return rec, ctx.Err()
		}
		if err != nil {
			forfeit(seat, "failed: "+err.Error(), record.Abandoned)
			break
		}
		if timed {
			clock[seat] -= used
			if clock[seat] < 0 {
				forfeit(seat, "lost on time", record.TimeForfeit)
				break
			}
			clock[seat] += inc[seat]
		}
		m, err := pos.ParseMove(text)
		if err != nil {
			forfeit(seat, fmt.Sprintf("played illegal move %q", text), record.RulesInfraction)
			break
		}
		hist = append(hist, pos.Hash())
		rec.Moves = append(rec.Moves, pos.MoveString(m))
		rec.Text = append(rec.Text, game.Notation(pos, m))
		rec.Movers = append(rec.Movers, seat)
		pos.Play(m)
	}
	if r := rec.Results[j.seat]; cfg.Adjudicate > 0 && (r == game.Draw || r == game.Ongoing) {
		adjudicate(&rec, pos, j.seat, cfg.Adjudicate)
	}
	switch rec.Results[j.seat] {
	case game.Win:
		rec.Points = 1
	case game.Draw, game.Ongoing:
		rec.Points = 0.5
	default:
		rec.Points = 0
	}
	return rec, nil
}

// adjudicate turns a drawn or unfinished game into a win or loss for seat
// when the game's evaluation of the final position says it is far enough
// ahead or behind. The other seats still in play lose when seat wins; when
// it loses, a lone opponent wins and more than one share a draw.
func adjudicate(rec *GameRecord, pos game.Position, seat game.Player, margin int) {
	v := pos.Evaluate(seat)
	var r game.Result
	switch {
	case v >= margin:
		r = game.Win
	case v <= -margin:
		r = game.Loss
	default:
		return
	}
	n := pos.Players()
	for i := 0; i < n; i++ {
		switch {
		case game.Player(i) == seat:
			rec.Results[i] = r
		case rec.Results[i] == game.Eliminated:
		case r == game.Win:
			rec.Results[i] = game.Loss
		case n == 2:
			rec.Results[i] = game.Win
		default:
			rec.Results[i] = game.Draw
		}
	}
	rec.Reason = fmt.Sprintf("%s, adjudicated %s by evaluation %+d", rec.Reason, r, v)
	rec.Termination = record.Adjudication
}
