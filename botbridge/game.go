package botbridge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"wyrm/internal/uciproc"
)

// gameFull is the first line of a game's stream.
type gameFull struct {
	Type    string            `json:"type"`
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Rated   bool              `json:"rated"`
	Clock   struct {
		InitialMs   int64 `json:"initialMs"`
		IncrementMs int64 `json:"incrementMs"`
		Days        int   `json:"days"`
	} `json:"clock"`
	Seat     int       `json:"seat"`
	Start    string    `json:"start"`
	StartPos bool      `json:"startpos"`
	State    gameState `json:"state"`
}

// gameState is every other line of a game's stream.
type gameState struct {
	Type    string   `json:"type"`
	Moves   []string `json:"moves"`
	Clocks  []int64  `json:"clocks"`
	ToMove  int      `json:"toMove"`
	Status  string   `json:"status"`
	Results []string `json:"results"`
	Reason  string   `json:"reason"`
	// Setup is there while the game is in its setup stages.
	Setup *setupState `json:"setup"`
}

// player is one game the bridge plays: what it read of the game and what
// it did there.
type player struct {
	mu   sync.Mutex // guards full, fullInSetup and setupReseen: the stream sets them
	id   string
	path string
	log  *slog.Logger
	eng  *uciproc.Engine
	// engineSetup says the engine announced the setup commands
	// (SetupChoices).
	engineSetup bool
	full        *gameFull
	answered    int // the number of moves the last move posted answered
	// chosen are the bot's setup choices in this game, in order, and the
	// stages they answered.
	chosen      []setupChoice
	setupStages map[string]bool
	fullInSetup bool // full was read while the game was in its setup
	setupReseen bool // full was read again once the setup was over
}

// errSetupOver ends a stream read during the setup, so that the game's
// start is read anew once play begins.
var errSetupOver = errors.New("the setup is over: reading the game anew")

// play plays game id to its end: it follows the game's stream (connecting
// again after a break), and on the bot's turn asks the engine and posts
// its move. The engine runs while the game does.
func (b *Bridge) play(ctx context.Context, id string) {
	p := &player{id: id, path: "/api/bot/game/" + url.PathEscape(id), log: b.log.With("game", id), answered: -1,
		setupStages: map[string]bool{}}
	defer func() {
		if p.eng != nil {
			p.eng.Close()
		}
	}()
	pause := time.Second
	for ctx.Err() == nil {
		states := make(chan gameState, 1)
		streamErr := make(chan error, 1)
		sctx, stop := context.WithCancel(ctx)
		go func() {
			first := true
			streamErr <- b.api.stream(sctx, p.path+"/stream", func(line []byte) bool {
				var st gameState
				if first {
					first = false
					var f gameFull
					if err := json.Unmarshal(line, &f); err != nil || f.Type != "gameFull" {
						p.log.Warn("the game stream began without the game", "err", err)
						return false
					}
					p.setFull(&f)
					st = f.State
				} else if err := json.Unmarshal(line, &st); err != nil || st.Type != "gameState" {
					return true
				}
				// Only the latest state matters: an older one waiting is
				// replaced.
				select {
				case <-states:
				default:
				}
				states <- st
				return st.Status != "over"
			})
		}()
		over, err := b.follow(ctx, p, states, streamErr)
		stop()
		if over || ctx.Err() != nil {
			return
		}
		if errors.Is(err, errSetupOver) {
			continue // at once: the game has begun
		}
		var ae *apiError
		if errors.As(err, &ae) && ae.Status >= 400 && ae.Status < 500 && ae.Status != http.StatusTooManyRequests {
			p.log.Warn("the game cannot be played", "err", err)
			return
		}
		p.log.Warn("game stream ended; connecting again", "err", err, "in", pause)
		select {
		case <-time.After(pause):
		case <-ctx.Done():
		}
		pause = min(2*pause, 30*time.Second)
	}
}

// setFull takes the first line of a connection of the game's stream.
func (p *player) setFull(f *gameFull) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fullInSetup && f.State.Status != "setup" {
		p.setupReseen = true
	}
	p.fullInSetup = f.State.Status == "setup"
	p.full = f
}

// game returns the game as last read.
func (p *player) game() *gameFull {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.full
}

// follow plays the states of one connection of a game's stream; it reports
// whether the game is over, or why the stream ended.
func (b *Bridge) follow(ctx context.Context, p *player, states <-chan gameState, streamErr <-chan error) (bool, error) {
	for {
		var st gameState
		select {
		case st = <-states:
		case err := <-streamErr:
			// The stream ended; a last state may still wait.
			select {
			case st = <-states:
				if st.Status == "over" {
					p.log.Info("game over", "results", strings.Join(st.Results, " "), "reason", st.Reason)
					return true, nil
				}
			default:
			}
			return false, err
		case <-ctx.Done():
			return false, ctx.Err()
		}
		if st.Status == "over" {
			p.log.Info("game over", "results", strings.Join(st.Results, " "), "reason", st.Reason)
			return true, nil
		}
		f := p.game()
		if f == nil {
			continue
		}
		if st.Status == "setup" {
			if st.Setup != nil && st.Setup.Mine && !p.setupStages[st.Setup.Stage] {
				if err := b.chooseSetup(ctx, p, f, st.Setup); err != nil {
					return false, err
				}
			}
			continue
		}
		if st.Status == "started" && p.fullInSetup && !p.setupReseen {
			// The game's start was not written while it was set up.
			return false, errSetupOver
		}
		if st.Status != "started" || st.ToMove != f.Seat || len(st.Moves) == p.answered {
			continue
		}
		if err := b.move(ctx, p, f, st); err != nil {
			return false, err
		}
	}
}

// move asks the engine for the bot's move in st and posts it. A move the
// server refuses is logged with the position the engine was sent, and
// asked for once more with the position as a FEN; a second refusal
// resigns, since the engine and the server disagree on the rules and the
// bot would otherwise lose on time.
func (b *Bridge) move(ctx context.Context, p *player, f *gameFull, st gameState) error {
	if err := b.ensureEngine(ctx, p, f); err != nil {
		return err
	}
	fen := b.cfg.AlwaysFEN
	for attempt := 1; ; attempt++ {
		pos, mv, err := b.think(ctx, p.eng, f, st, fen)
		if err != nil {
			p.log.Warn("no move from the engine", "err", err)
			return err
		}
		p.answered = len(st.Moves)
		err = b.postMove(ctx, p, mv)
		if err == nil {
			p.log.Info("moved", "ply", len(st.Moves)+1, "move", mv)
			return nil
		}
		var ae *apiError
		if !errors.As(err, &ae) || ae.Status != http.StatusBadRequest {
			p.log.Warn("move not posted", "move", mv, "err", err)
			return nil // not a refusal of the move: the next state says more
		}
		p.log.Warn("move refused", "position", pos, "move", mv, "attempt", attempt, "err", err)
		if attempt == 2 {
			p.log.Warn("the engine's move was refused twice: resigning")
			_ = b.api.post(ctx, p.path+"/resign", nil, nil)
			return nil
		}
		// Once more, from a fresh game with the position written out.
		fen = true
		p.eng.Send("ucinewgame")
		rctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		err = p.eng.Ready(rctx)
		cancel()
		if err != nil {
			return err
		}
	}
}

// postTries bounds the posts of one move that the server answers "too
// many requests" or cannot take for now; a second apart each.
const postTries = 5

// postMove posts mv, again after a pause while the server asks the bot to
// slow down or is briefly unavailable.
func (b *Bridge) postMove(ctx context.Context, p *player, mv string) error {
	for try := 1; ; try++ {
		err := b.api.post(ctx, p.path+"/move/"+url.PathEscape(mv), nil, nil)
		var ae *apiError
		if err == nil || try == postTries || !errors.As(err, &ae) ||
			ae.Status != http.StatusTooManyRequests && ae.Status != http.StatusServiceUnavailable {
			return err
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// ensureEngine starts the game's engine once.
func (b *Bridge) ensureEngine(ctx context.Context, p *player, f *gameFull) error {
	if p.eng != nil {
		return nil
	}
	e, err := b.startEngine(ctx, f)
	if err != nil {
		p.log.Warn("the engine did not start", "err", err)
		return err
	}
	p.eng, p.engineSetup = e, e.OptionName("SetupChoices") != ""
	return nil
}

// startEngine starts the engine for f's game: the game as UCI_Variant, its
// options by their names, and the bridge's engine options.
func (b *Bridge) startEngine(ctx context.Context, f *gameFull) (*uciproc.Engine, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	e, err := uciproc.Start(ctx, strings.Fields(b.cfg.Engine), b.cfg.EngineStderr)
	if err != nil {
		return nil, err
	}
	e.Send("setoption name UCI_Variant value " + f.Game)
	keys := make([]string, 0, len(f.Options))
	for k := range f.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		e.Send("setoption name " + k + " value " + f.Options[k])
	}
	for _, o := range b.cfg.EngineOptions {
		e.Send("setoption name " + o[0] + " value " + o[1])
	}
	e.Send("ucinewgame")
	if err := e.Ready(ctx); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// think asks the engine for its move in state st of f's game, and stops
// its search when no move comes within the time the game allows.
// It returns the position command it sent with the move.
func (b *Bridge) think(ctx context.Context, e *uciproc.Engine, f *gameFull, st gameState, fen bool) (string, string, error) {
	pos := positionCommand(f, st.Moves, fen)
	e.Send(pos)
	e.Send(goCommand(f, st, b.cfg.MoveTime, b.cfg.MoveOverhead))
	ctx, cancel := context.WithTimeout(ctx, waitFor(f, st, b.cfg.MoveTime))
	defer cancel()
	mv, err := e.BestMove(ctx, nil)
	return pos, mv, err
}

// positionCommand is the UCI position of the game after moves: startpos
// only where the game says that names its start and fen is false.
func positionCommand(f *gameFull, moves []string, fen bool) string {
	cmd := "position fen " + f.Start
	if f.StartPos && (!fen || f.Start == "") {
		cmd = "position startpos"
	}
	if len(moves) > 0 {
		cmd += " moves " + strings.Join(moves, " ")
	}
	return cmd
}

// goCommand is the UCI go of the bot's turn: the clocks of a timed game,
// else a fixed time per move. A correspondence game has days a move, far
// more than an engine needs: it thinks the fixed time.
// The bot's own clock is told overhead less, at least 50 ms, so that the
// move reaches the server in time.
func goCommand(f *gameFull, st gameState, moveTime, overhead time.Duration) string {
	if f.Clock.InitialMs <= 0 || f.Clock.Days > 0 || len(st.Clocks) < 2 {
		return fmt.Sprintf("go movetime %d", moveTime.Milliseconds())
	}
	inc := f.Clock.IncrementMs
	clocks := []int64{st.Clocks[0], st.Clocks[1]}
	if own := f.Seat; own >= 0 && own < 2 {
		clocks[own] = max(clocks[own]-overhead.Milliseconds(), 50)
	}
	return fmt.Sprintf("go wtime %d btime %d winc %d binc %d", clocks[0], clocks[1], inc, inc)
}

// waitFor bounds the wait for the engine's move: its time and a margin.
func waitFor(f *gameFull, st gameState, moveTime time.Duration) time.Duration {
	if strings.HasPrefix(goCommand(f, st, moveTime, 0), "go movetime") {
		return moveTime + 10*time.Second
	}
	left := time.Duration(st.Clocks[st.ToMove]+f.Clock.IncrementMs) * time.Millisecond
	return left + 10*time.Second
}
