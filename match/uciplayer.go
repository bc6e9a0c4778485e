package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"wyrm/game"
	"wyrm/internal/uciproc"
)

// uciPlayer is an external engine process spoken to over UCI.
type uciPlayer struct{ e *uciproc.Engine }

// startUCI starts "<command> [args...] [option.<Name>=<value> ...]" and
// completes the UCI handshake. Spaces in option names are written as
// underscores ("option.Skill_Level=3").
func startUCI(spec string) (*uciPlayer, error) {
	var args []string
	var opts [][2]string
	for _, f := range strings.Fields(spec) {
		if name, ok := strings.CutPrefix(f, "option."); ok {
			n, v, ok := strings.Cut(name, "=")
			if !ok {
				return nil, fmt.Errorf("uci spec: %q is not option.<Name>=<value>", f)
			}
			opts = append(opts, [2]string{n, v})
			continue
		}
		args = append(args, f)
	}
	if len(args) == 0 {
		return nil, errors.New("uci spec: no command")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	e, err := uciproc.Start(ctx, args, nil)
	if err != nil {
		return nil, err
	}
	for _, o := range opts {
		// An option the engine did not list is sent as given: some
		// engines accept more than they list.
		n := e.OptionName(o[0])
		if n == "" {
			n = o[0]
		}
		e.Send("setoption name " + n + " value " + o[1])
	}
	if err := e.Ready(ctx); err != nil {
		e.Close()
		return nil, err
	}
	return &uciPlayer{e: e}, nil
}

func (p *uciPlayer) Name() string { return p.e.Name }

func (p *uciPlayer) NewGame(game.Game, game.Options) error {
	p.e.Send("ucinewgame")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return p.e.Ready(ctx)
}

func (p *uciPlayer) Move(ctx context.Context, r Request) (string, error) {
	pos := "position fen " + r.Start
	if len(r.Moves) > 0 {
		pos += " moves " + strings.Join(r.Moves, " ")
	}
	p.e.Send(pos)
	wait := r.MoveTime
	switch {
	case r.Nodes > 0:
		p.e.Send(fmt.Sprintf("go nodes %d", r.Nodes))
		wait = time.Minute
	case r.MoveTime > 0:
		p.e.Send(fmt.Sprintf("go movetime %d", r.MoveTime.Milliseconds()))
	default:
		p.e.Send(fmt.Sprintf("go wtime %d btime %d winc %d binc %d", r.Clock[0].Milliseconds(), r.Clock[1].Milliseconds(),
			r.Inc[0].Milliseconds(), r.Inc[1].Milliseconds()))
		if s := r.Pos.ToMove(); s >= 0 {
			wait = r.Clock[s] + r.Inc[s]
		}
	}
	ctx, cancel := context.WithTimeout(ctx, wait+5*time.Second)
	defer cancel()
	return p.e.BestMove(ctx, nil)
}

func (p *uciPlayer) Close() error { return p.e.Close() }
