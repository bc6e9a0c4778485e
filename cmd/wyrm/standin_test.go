package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// standIn, as $WYRM_TEST_AS_WYRM, makes the test binary a stand-in for
// Fairy-Stockfish: `wyrm uci`, whose dragon starts as Fairy-Stockfish's
// does ([Dd]), with a record of the positions it is sent and, on demand,
// a first move that no game takes.
const standIn = "standin"

// The stand-in's settings: a file to append each "position" line to, and
// whether its first bestmove is replaced by an impossible move.
const (
	standInLog = "WYRM_TEST_STANDIN_LOG"
	standInBad = "WYRM_TEST_STANDIN_BAD_FIRST"
)

// runStandIn runs the stand-in engine on stdin and stdout.
func runStandIn() int {
	var log io.Writer = io.Discard
	if name := os.Getenv(standInLog); name != "" {
		f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer f.Close()
		log = f
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		sc.Buffer(make([]byte, 1<<16), 1<<22)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "position") {
				fmt.Fprintln(log, sc.Text())
			}
			fmt.Fprintln(inW, sc.Text())
		}
		inW.Close()
	}()
	done := make(chan struct{})
	go func() {
		defer close(done)
		bad := os.Getenv(standInBad) != ""
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<16), 1<<22)
		for sc.Scan() {
			l := sc.Text()
			if bad && strings.HasPrefix(l, "bestmove ") {
				l, bad = "bestmove a1a1", false
			}
			fmt.Println(l)
		}
	}()
	code := run([]string{"uci"}, inR, outW, os.Stderr)
	outW.Close()
	<-done
	return code
}
