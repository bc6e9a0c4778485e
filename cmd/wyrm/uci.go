package main

import (
	"fmt"
	"io"
	"time"

	"wyrm/games"
	"wyrm/internal/localfile"
	"wyrm/search"
	"wyrm/uci"
)

// runUCI speaks UCI on stdin and stdout until "quit".
func runUCI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "wyrm uci: takes no arguments; choose the game with setoption name UCI_Variant")
		return 2
	}
	eng := search.New(uint64(time.Now().UnixNano()))
	s := uci.NewSession(eng, games.All(), stdout)
	s.Files = localfile.Options // a local user may name a map file
	if err := s.Serve(stdin); err != nil {
		fmt.Fprintln(stderr, "wyrm uci:", err)
		return 1
	}
	return 0
}
