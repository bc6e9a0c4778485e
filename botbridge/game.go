package botbridge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
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
}

// play plays game id to its end: it follows the game's stream (connecting
// again after a break), and on the bot's turn asks the engine and posts
// its move. The engine runs while the game does.
func (b *Bridge) play(ctx context.Context, id string) {
	log := b.log.With("game", id)
	path := "/api/bot/game/" + url.PathEscape(id)
	var eng *uciproc.Engine
	defer func() {
		if eng != nil {
			eng.Close()
		}
	}()
	var full *gameFull
	answered := -1 // the number of moves the last move posted answered
	pause := time.Second
	for ctx.Err() == nil {
		states := make(chan gameState, 1)
		streamErr := make(chan error, 1)
		sctx, stop := context.WithCancel(ctx)
		go func() {
			first := true
			streamErr <- b.api.stream(sctx, path+"/stream", func(line []byte) bool {
				var st gameState
				if first {
					first = false
					var f gameFull
					if err := json.Unmarshal(line, &f); err != nil || f.Type != "gameFull" {
						log.Warn("the game stream began without the game", "err", err)
						return false
					}
					full, st = &f, f.State
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
		over, err := b.follow(ctx, log, path, &eng, &full, &answered, states, streamErr)
		stop()
		if over || ctx.Err() != nil {
			return
		}
		var ae *apiError
		if errors.As(err, &ae) && ae.Status >= 400 && ae.Status < 500 && ae.Status != http.StatusTooManyRequests {
			log.Warn("the game cannot be played", "err", err)
			return
		}
		log.Warn("game stream ended; connecting again", "err", err, "in", pause)
		select {
		case <-time.After(pause):
		case <-ctx.Done():
		}
		pause = min(2*pause, 30*time.Second)
	}
}

// follow plays the states of one connection of a game's stream; it reports
// whether the game is over, or why the stream ended.
func (b *Bridge) follow(ctx context.Context, log interface {
	Info(string, ...any)
	Warn(string, ...any)
}, path string, eng **uciproc.Engine, full **gameFull, answered *int, states <-chan gameState, streamErr <-chan error) (bool, error) {
	for {
		var st gameState
		select {
		case st = <-states:
		case err := <-streamErr:
			// The stream ended; a last state may still wait.
			select {
			case st = <-states:
				if st.Status == "over" {
					log.Info("game over", "results", strings.Join(st.Results, " "), "reason", st.Reason)
					return true, nil
				}
			default:
			}
			return false, err
		case <-ctx.Done():
			return false, ctx.Err()
		}
		if st.Status == "over" {
			log.Info("game over", "results", strings.Join(st.Results, " "), "reason", st.Reason)
			return true, nil
		}
		f := *full
		if st.Status != "started" || st.ToMove != f.Seat || len(st.Moves) == *answered {
			continue
		}
		if *eng == nil {
			e, err := b.startEngine(ctx, f)
			if err != nil {
				log.Warn("the engine did not start", "err", err)
				return false, err
			}
			*eng = e
		}
		mv, err := b.think(ctx, *eng, f, st)
		if err != nil {
			log.Warn("no move from the engine", "err", err)
			return false, err
		}
		*answered = len(st.Moves)
		if err := b.api.post(ctx, path+"/move/"+url.PathEscape(mv), nil, nil); err != nil {
			log.Warn("move refused", "move", mv, "err", err)
			var ae *apiError
			if errors.As(err, &ae) && ae.Status == http.StatusBadRequest {
				// The engine and the server disagree on the rules: the
				// bot resigns rather than lose on time.
				_ = b.api.post(ctx, path+"/resign", nil, nil)
			}
			continue
		}
		log.Info("moved", "ply", len(st.Moves)+1, "move", mv)
	}
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
func (b *Bridge) think(ctx context.Context, e *uciproc.Engine, f *gameFull, st gameState) (string, error) {
	e.Send(positionCommand(f, st.Moves))
	e.Send(goCommand(f, st, b.cfg.MoveTime, b.cfg.MoveOverhead))
	ctx, cancel := context.WithTimeout(ctx, waitFor(f, st, b.cfg.MoveTime))
	defer cancel()
	return e.BestMove(ctx, nil)
}

// positionCommand is the UCI position of the game after moves.
func positionCommand(f *gameFull, moves []string) string {
	cmd := "position fen " + f.Start
	if f.StartPos {
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
