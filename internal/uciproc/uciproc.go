// Package uciproc runs an external UCI engine as a child process: the
// handshake, its lines read under deadlines, isready, bestmove and quit.
// The match runner and the bot bridge both speak to engines through it.
package uciproc

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

// Engine is one running engine process.
type Engine struct {
	// Name is the engine's "id name", or its program until it answers.
	Name string
	// Options are the option names the engine offered in its handshake.
	Options []string

	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

// ErrExited is returned by Read once the engine's output has ended.
var ErrExited = errors.New("the engine exited")

// Start runs the program args[0] with the rest as its arguments and
// completes the UCI handshake within ctx. The engine's standard error goes
// to stderr (nil discards it).
func Start(ctx context.Context, args []string, stderr io.Writer) (*Engine, error) {
	if len(args) == 0 {
		return nil, errors.New("no engine command")
	}
	e := &Engine{Name: args[0], cmd: exec.Command(args[0], args[1:]...), lines: make(chan string, 1024)}
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
		// A long principal variation of a three-board game is one line.
		sc.Buffer(make([]byte, 64<<10), 4<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
	}()
	e.Send("uci")
	for {
		l, err := e.Read(ctx)
		if err != nil {
			e.Close()
			return nil, fmt.Errorf("engine %s: no uciok: %w", args[0], err)
		}
		if n, ok := strings.CutPrefix(l, "id name "); ok {
			e.Name = n
		}
		if rest, ok := strings.CutPrefix(l, "option name "); ok {
			n, _, _ := strings.Cut(rest, " type ")
			e.Options = append(e.Options, n)
		}
		if l == "uciok" {
			return e, nil
		}
	}
}

// Send writes one command line to the engine. A write to an engine that
// has exited is lost; the next Read reports the exit.
func (e *Engine) Send(s string) { _, _ = io.WriteString(e.in, s+"\n") }

// Read returns the engine's next line.
func (e *Engine) Read(ctx context.Context) (string, error) {
	select {
	case l, ok := <-e.lines:
		if !ok {
			return "", ErrExited
		}
		return l, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// OptionName finds the engine's spelling of an option name, in any case,
// with underscores standing for spaces ("skill_level" for "Skill Level",
// as a command line that cannot hold spaces writes it), or "" when the
// engine does not offer it.
func (e *Engine) OptionName(given string) string {
	for _, n := range e.Options {
		if strings.EqualFold(n, given) {
			return n
		}
	}
	for _, n := range e.Options {
		if strings.EqualFold(strings.ReplaceAll(n, " ", "_"), given) {
			return n
		}
	}
	return ""
}

// SetOption sets an option by the engine's spelling of name, and reports
// whether the engine offers it (an option it does not offer is not sent).
func (e *Engine) SetOption(name, value string) bool {
	n := e.OptionName(name)
	if n == "" {
		return false
	}
	e.Send("setoption name " + n + " value " + value)
	return true
}

// Ready sends isready and waits for readyok.
func (e *Engine) Ready(ctx context.Context) error {
	e.Send("isready")
	for {
		l, err := e.Read(ctx)
		if err != nil {
			return fmt.Errorf("engine %s: no readyok: %w", e.Name, err)
		}
		if l == "readyok" {
			return nil
		}
	}
}

// BestMove reads up to the engine's bestmove and returns its move; info
// lines before it are passed to info when it is not nil. When ctx ends
// first the search is stopped. "(none)" and "0000" are errors: the engine
// found no move.
func (e *Engine) BestMove(ctx context.Context, info func(string)) (string, error) {
	for {
		l, err := e.Read(ctx)
		if err != nil {
			e.Send("stop")
			return "", fmt.Errorf("engine %s: no bestmove: %w", e.Name, err)
		}
		rest, ok := strings.CutPrefix(l, "bestmove")
		if !ok {
			if info != nil {
				info(l)
			}
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 || f[0] == "(none)" || f[0] == "0000" {
			return "", fmt.Errorf("engine %s found no move", e.Name)
		}
		return f[0], nil
	}
}

// Close asks the engine to quit and kills it if it has not within 3 s.
func (e *Engine) Close() error {
	e.Send("quit")
	e.in.Close()
	done := make(chan error, 1)
	go func() { done <- e.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(3 * time.Second):
		_ = e.cmd.Process.Kill()
		return <-done
	}
}
