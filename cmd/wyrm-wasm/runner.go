package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"wyrm/game"
	"wyrm/search"
)

// runner runs the page's jobs one at a time on one engine, in a goroutine
// of its own, so that a call from JavaScript only queues its job. Each job
// sends "done" last, even when a newer job or stop ended it first.
type runner struct {
	eng      *search.Engine
	yield    func()
	interval time.Duration
	wake     chan struct{}

	mu      sync.Mutex
	pending []*job
	running *job

	// game is the game whose positions the engine's tables hold (used by
	// the loop only).
	game string
}

type job struct {
	ctx    context.Context
	cancel context.CancelFunc
	run    func(ctx context.Context)
	emit   func([]byte)
}

// newRunner starts a runner whose searches call yield every interval (nil:
// never).
func newRunner(yield func(), interval time.Duration) *runner {
	r := &runner{eng: search.New(1), yield: yield, interval: interval, wake: make(chan struct{}, 1)}
	go r.loop()
	return r
}

func (r *runner) loop() {
	for range r.wake {
		for {
			r.mu.Lock()
			if len(r.pending) == 0 {
				r.running = nil
				r.mu.Unlock()
				break
			}
			j := r.pending[0]
			r.pending = r.pending[1:]
			r.running = j
			r.mu.Unlock()
			r.runJob(j)
		}
	}
}

// runJob runs j. A failure inside a game or the engine ends the job with
// an error instead of ending the worker.
func (r *runner) runJob(j *job) {
	defer j.cancel()
	defer func() {
		if v := recover(); v != nil {
			r.game = "" // the tables may hold a half-written search
			send(j.emit, doneMsg{Type: "done", Stopped: true, Error: fmt.Sprint(v)})
		}
	}()
	j.run(j.ctx)
}

// submit queues run as the newest job and ends every older one; emit is
// where run sends its messages.
func (r *runner) submit(emit func([]byte), run func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(context.Background())
	r.mu.Lock()
	r.stopLocked()
	r.pending = append(r.pending, &job{ctx: ctx, cancel: cancel, run: run, emit: emit})
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default: // the loop has a wake-up pending already
	}
}

// stop ends the running job and any queued ones.
func (r *runner) stop() {
	r.mu.Lock()
	r.stopLocked()
	r.mu.Unlock()
}

func (r *runner) stopLocked() {
	if r.running != nil {
		r.running.cancel()
	}
	for _, j := range r.pending {
		j.cancel()
	}
}

// use readies the engine for a search of g.
func (r *runner) use(g game.Game, mode search.MultiMode, newGame bool) {
	if name := g.Info().Name; newGame || name != r.game {
		r.eng.NewGame()
		r.game = name
	}
	r.eng.SetMultiMode(mode)
}

func (r *runner) search(ctx context.Context, p position, lim search.Limits, report func(search.Info)) search.Result {
	lim.History = p.history
	return r.eng.Search(withYield(ctx, r.yield, r.interval), p.pos, lim, report)
}

// analyse queues the analysis of one position; emit gets an "info" message
// per iteration and "done" with the result.
func (r *runner) analyse(reqJSON []byte, emit func([]byte)) error {
	req, s, err := decodeRequest(reqJSON)
	if err != nil {
		return err
	}
	if len(req.Positions) > 0 {
		return errors.New("analyse takes position and moves; positions is for evaluate")
	}
	line, err := gameLine(s.game, req.Options, req.Position, req.Moves)
	if err != nil {
		return err
	}
	p := line[len(line)-1]
	r.submit(emit, func(ctx context.Context) {
		done := doneMsg{Type: "done"}
		switch {
		case ctx.Err() != nil:
			done.Stopped = true
		case finished(p.pos):
			done.Over, done.Reason = true, string(p.pos.Outcome().Reason)
		default:
			r.use(s.game, s.mode, req.NewGame)
			seat := int(p.pos.ToMove())
			res := r.search(ctx, p, s.lim, func(i search.Info) {
				send(emit, infoMsg{Type: "info", Depth: i.Depth, SelDepth: i.SelDepth, Nodes: i.Nodes, NPS: i.NPS,
					Time: i.Time.Milliseconds(), HashFull: i.HashFull, ToMove: seat, Lines: linesOf(p.pos, i.Lines)})
			})
			done.Stopped = ctx.Err() != nil
			if res.Best != game.NoMove {
				done.Best, done.BestPV = res.BestText, game.Notation(p.pos, res.Best)
			}
			done.Depth, done.Nodes, done.Time = res.Depth, res.Nodes, res.Time.Milliseconds()
			done.Lines = linesOf(p.pos, res.Lines)
		}
		send(emit, done)
	})
	return nil
}

// evaluate queues the evaluation of a game's positions, or of unrelated
// ones; emit gets an "evaluation" message per position, then "done".
func (r *runner) evaluate(reqJSON []byte, emit func([]byte)) error {
	req, s, err := decodeRequest(reqJSON)
	if err != nil {
		return err
	}
	if !hasLimit(s.lim) {
		return errors.New("evaluate needs movetime, depth or nodes")
	}
	var todo []position
	if len(req.Positions) > 0 {
		if req.Position != "" || len(req.Moves) > 0 {
			return errors.New("evaluate takes either positions or position and moves")
		}
		for _, text := range req.Positions {
			one, err := gameLine(s.game, req.Options, text, nil)
			if err != nil {
				return err
			}
			todo = append(todo, one[0])
		}
	} else if todo, err = gameLine(s.game, req.Options, req.Position, req.Moves); err != nil {
		return err
	}
	r.submit(emit, func(ctx context.Context) {
		r.use(s.game, s.mode, req.NewGame)
		n := 0
		for i, p := range todo {
			if ctx.Err() != nil {
				break
			}
			ev := evaluationMsg{Type: "evaluation", Index: i, Position: p.pos.String(), ToMove: int(p.pos.ToMove()), Lines: []lineMsg{}}
			if finished(p.pos) {
				o := p.pos.Outcome()
				ev.ToMove, ev.Over, ev.Reason = int(game.NoPlayer), true, string(o.Reason)
				for seat := range p.pos.Players() {
					ev.Results = append(ev.Results, o.Results[seat].String())
				}
			} else {
				res := r.search(ctx, p, s.lim, nil)
				if ctx.Err() != nil {
					break // a position cut short is not reported
				}
				ev.Depth, ev.Nodes, ev.Time, ev.Lines = res.Depth, res.Nodes, res.Time.Milliseconds(), linesOf(p.pos, res.Lines)
			}
			send(emit, ev)
			n++
		}
		send(emit, doneMsg{Type: "done", Stopped: ctx.Err() != nil, Count: n})
	})
	return nil
}

// send writes a message as JSON; the message types always marshal.
func send(emit func([]byte), v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	emit(b)
}
