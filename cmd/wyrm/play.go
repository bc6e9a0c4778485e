package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"wyrm/game"
	"wyrm/search"
)

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := addGameFlags(fs)
	seats := fs.String("seats", "human,computer", "who plays each seat, in turn order: human or computer")
	level := fs.Int("level", 4, "computer strength, 1 (beginner) to 8 (full)")
	moveTime := fs.Duration("movetime", time.Second, "computer thinking time per move")
	seed := fs.Uint64("seed", 1, "seed for the computer's choices")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	_, p, err := gf.position()
	if err != nil {
		fmt.Fprintln(stderr, "wyrm play:", err)
		return 2
	}
	who := strings.Split(*seats, ",")
	if len(who) != p.Players() {
		fmt.Fprintf(stderr, "wyrm play: -seats names %d seats, the game has %d\n", len(who), p.Players())
		return 2
	}
	for _, w := range who {
		if w != "human" && w != "computer" {
			fmt.Fprintf(stderr, "wyrm play: seat %q is neither human nor computer\n", w)
			return 2
		}
	}
	eng := search.New(*seed)
	eng.SetLevel(*level)
	in := bufio.NewScanner(stdin)
	return playLoop(p, who, eng, *moveTime, in, stdout)
}

// playLoop alternates human and computer turns until the game ends, the
// input ends, or a human types quit.
func playLoop(p game.Position, who []string, eng *search.Engine, moveTime time.Duration, in *bufio.Scanner, out io.Writer) int {
	for {
		if v, ok := p.(game.Viewer); ok {
			fmt.Fprint(out, renderText(p, v))
		}
		if o := p.Outcome(); o.Over {
			fmt.Fprintf(out, "game over: %s\n", describeOutcome(p, o))
			return 0
		}
		seat := p.ToMove()
		if who[seat] == "computer" {
			ctx, cancel := context.WithTimeout(context.Background(), moveTime+time.Second)
			res := eng.Search(ctx, p, search.Limits{MoveTime: moveTime}, nil)
			cancel()
			fmt.Fprintf(out, "%s: the computer plays %s\n", seatLabel(p, seat), res.BestText)
			p.Play(res.Best)
			continue
		}
		m, quit := askMove(p, seat, in, out)
		if quit {
			return 0
		}
		p.Play(m)
	}
}

// askMove reads lines until one is a legal move or a request to stop.
func askMove(p game.Position, seat game.Player, in *bufio.Scanner, out io.Writer) (game.Move, bool) {
	for {
		fmt.Fprintf(out, "%s to move (a move, 'moves', or 'quit')> ", seatLabel(p, seat))
		if !in.Scan() {
			fmt.Fprintln(out)
			return game.NoMove, true
		}
		line := strings.TrimSpace(in.Text())
		switch line {
		case "":
			continue
		case "quit", "exit":
			return game.NoMove, true
		case "moves":
			var names []string
			for _, m := range p.LegalMoves(nil) {
				names = append(names, p.MoveString(m))
			}
			slices.Sort(names)
			fmt.Fprintln(out, strings.Join(names, " "))
			continue
		}
		m, err := p.ParseMove(line)
		if err != nil {
			fmt.Fprintf(out, "not played: %v\n", err)
			continue
		}
		return m, false
	}
}

func describeOutcome(p game.Position, o game.Outcome) string {
	var parts []string
	for i := 0; i < p.Players(); i++ {
		parts = append(parts, fmt.Sprintf("%s %s", seatLabel(p, game.Player(i)), o.Results[i]))
	}
	return string(o.Reason) + " (" + strings.Join(parts, ", ") + ")"
}
