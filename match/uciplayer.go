package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"wyrm/game"
)

// uciPlayer is an external engine process spoken to over UCI.
type uciPlayer struct {
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	opts  [][2]string
}

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
	p := &uciPlayer{name: args[0], cmd: exec.Command(args[0], args[1:]...), lines: make(chan string, 1024), opts: opts}
	var err error
	if p.in, err = p.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.cmd.Start(); err != nil {
		return nil, fmt.Errorf("uci engine: %w", err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<16), 1<<22)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p.send("uci")
	var names []string
	for {
		l, err := p.read(ctx)
		if err != nil {
			p.Close()
			return nil, fmt.Errorf("uci engine %s: no uciok: %w", args[0], err)
		}
		if n, ok := strings.CutPrefix(l, "id name "); ok {
			p.name = n
		}
		if rest, ok := strings.CutPrefix(l, "option name "); ok {
			n, _, _ := strings.Cut(rest, " type ")
			names = append(names, n)
		}
		if l == "uciok" {
			break
		}
	}
	for _, o := range opts {
		p.send("setoption name " + optionName(o[0], names) + " value " + o[1])
	}
	if err := p.ready(ctx); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

func (p *uciPlayer) send(s string) { io.WriteString(p.in, s+"\n") }

func (p *uciPlayer) read(ctx context.Context) (string, error) {
	select {
	case l, ok := <-p.lines:
		if !ok {
			return "", errors.New("engine exited")
		}
		return l, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (p *uciPlayer) ready(ctx context.Context) error {
	p.send("isready")
	for {
		l, err := p.read(ctx)
		if err != nil {
			return fmt.Errorf("uci engine %s: no readyok: %w", p.name, err)
		}
		if l == "readyok" {
			return nil
		}
	}
}

func (p *uciPlayer) Name() string { return p.name }

func (p *uciPlayer) NewGame(game.Game, game.Options) error {
	p.send("ucinewgame")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return p.ready(ctx)
}

func (p *uciPlayer) Move(ctx context.Context, r Request) (string, error) {
	pos := "position fen " + r.Start
	if len(r.Moves) > 0 {
		pos += " moves " + strings.Join(r.Moves, " ")
	}
	p.send(pos)
	wait := r.MoveTime
	switch {
	case r.Nodes > 0:
		p.send(fmt.Sprintf("go nodes %d", r.Nodes))
		wait = time.Minute
	case r.MoveTime > 0:
		p.send(fmt.Sprintf("go movetime %d", r.MoveTime.Milliseconds()))
	default:
		p.send(fmt.Sprintf("go wtime %d btime %d winc %d binc %d", r.Clock[0].Milliseconds(), r.Clock[1].Milliseconds(),
			r.Inc[0].Milliseconds(), r.Inc[1].Milliseconds()))
		if s := r.Pos.ToMove(); s >= 0 {
			wait = r.Clock[s] + r.Inc[s]
		}
	}
	ctx, cancel := context.WithTimeout(ctx, wait+5*time.Second)
	defer cancel()
	for {
		l, err := p.read(ctx)
		if err != nil {
			p.send("stop")
			return "", fmt.Errorf("%s: no bestmove: %w", p.name, err)
		}
		if rest, ok := strings.CutPrefix(l, "bestmove "); ok {
			f := strings.Fields(rest)
			if len(f) == 0 {
				return "", fmt.Errorf("%s: empty bestmove", p.name)
			}
			return f[0], nil
		}
	}
}

func (p *uciPlayer) Close() error {
	p.send("quit")
	p.in.Close()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(3 * time.Second):
		p.cmd.Process.Kill()
		return <-done
	}
}

// optionName finds the engine's spelling of an option given on the command
// line, where spaces cannot appear: "Skill_Level" stands for "Skill Level".
func optionName(given string, names []string) string {
	for _, n := range names {
		if n == given {
			return n
		}
	}
	for _, n := range names {
		if strings.ReplaceAll(n, " ", "_") == given {
			return n
		}
	}
	return given
}
