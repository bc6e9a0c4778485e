package botbridge

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// engine is one UCI engine process, for one game.
type engine struct {
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	opts  []string // the engine's option names, from its "uci" answer
}

// startEngine runs command (split on spaces: the program and its
// arguments) and completes the UCI handshake.
func startEngine(ctx context.Context, command string, stderr io.Writer) (*engine, error) {
	args := strings.Fields(command)
	if len(args) == 0 {
		return nil, errors.New("no engine command")
	}
	e := &engine{name: args[0], cmd: exec.Command(args[0], args[1:]...), lines: make(chan string, 256)}
	e.cmd.Stderr = stderr
	var err error
	if e.in, err = e.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := e.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := e.cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	go func() {
		defer close(e.lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 4<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
	}()
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	e.send("uci")
	for {
		l, err := e.read(ctx)
		if err != nil {
			e.close()
			return nil, fmt.Errorf("engine %s: no uciok: %w", args[0], err)
		}
		if n, ok := strings.CutPrefix(l, "id name "); ok {
			e.name = n
		}
		if rest, ok := strings.CutPrefix(l, "option name "); ok {
			n, _, _ := strings.Cut(rest, " type ")
			e.opts = append(e.opts, n)
		}
		if l == "uciok" {
			return e, nil
		}
	}
}

func (e *engine) send(s string) { _, _ = io.WriteString(e.in, s+"\n") }

// read returns the engine's next line.
func (e *engine) read(ctx context.Context) (string, error) {
	select {
	case l, ok := <-e.lines:
		if !ok {
			return "", errors.New("the engine exited")
		}
		return l, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// has reports whether the engine offers option name (in any case).
func (e *engine) has(name string) bool {
	for _, o := range e.opts {
		if strings.EqualFold(o, name) {
			return true
		}
	}
	return false
}

// setOption sets an option the engine offers; others are left out.
func (e *engine) setOption(name, value string) {
	if e.has(name) {
		e.send("setoption name " + name + " value " + value)
	}
}

// ready waits for the engine to answer isready.
func (e *engine) ready(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	e.send("isready")
	for {
		l, err := e.read(ctx)
		if err != nil {
			return fmt.Errorf("engine %s: no readyok: %w", e.name, err)
		}
		if l == "readyok" {
			return nil
		}
	}
}

// bestMove sends position and go and returns the engine's bestmove, or an
// error when none comes within wait ("(none)" and "0000" are errors too).
func (e *engine) bestMove(ctx context.Context, position, goCmd string, wait time.Duration) (string, error) {
	e.send(position)
	e.send(goCmd)
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	for {
		l, err := e.read(ctx)
		if err != nil {
			e.send("stop")
			return "", fmt.Errorf("engine %s: no bestmove: %w", e.name, err)
		}
		if rest, ok := strings.CutPrefix(l, "bestmove"); ok {
			f := strings.Fields(rest)
			if len(f) == 0 || f[0] == "(none)" || f[0] == "0000" {
				return "", fmt.Errorf("engine %s found no move", e.name)
			}
			return f[0], nil
		}
	}
}

// close asks the engine to quit and kills it if it does not within 3 s.
func (e *engine) close() {
	e.send("quit")
	e.in.Close()
	done := make(chan struct{})
	go func() {
		_ = e.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		_ = e.cmd.Process.Kill()
		<-done
	}
}
