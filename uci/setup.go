package uci

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wyrm/game"
)

// The setup commands let a bridge ask the engine for a seat's choice in a
// game's setup stages (a Dungeon Chess draft or deployment), in the
// game's own setup notation:
//
//	setup clear                    forget the choices told so far
//	setup choice <seat> <text>     a choice seat made, in the order made
//	setup go <seat> [<stage>]      answer "setupchoice <text>"
//
// Seats count from 0, as the bot API's do. The engine replays the
// choices it was told on a fresh setup of the current variant and
// options; where a seat it was not told of must choose first, it takes
// the game's own suggestion for that seat as its guess (a hidden draft
// cannot be known), and then answers with the computer's own choice for
// the seat asked. Without an answer it says why in an info string and
// answers "setupchoice (none)", so that a caller always gets a line.

// maxSetupChoices bounds the choices a session keeps: far more than any
// game's setup has (a choice a seat and a stage).
const maxSetupChoices = 64

// setupChoice is one choice told with "setup choice".
type setupChoice struct {
	seat game.Player
	text string
}

// cmdSetup handles a "setup" line.
func (s *Session) cmdSetup(line string) {
	rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "setup"))
	verb, rest, _ := strings.Cut(rest, " ")
	rest = strings.TrimSpace(rest)
	switch verb {
	case "clear":
		s.setup = nil
	case "choice":
		seatText, text, _ := strings.Cut(rest, " ")
		seat, err := s.setupSeat(seatText)
		switch {
		case err != nil:
			s.printf("info string setup choice: %v", err)
		case strings.TrimSpace(text) == "":
			s.printf("info string setup choice: want 'setup choice <seat> <choice>'")
		case len(s.setup) >= maxSetupChoices:
			s.printf("info string setup choice: at most %d choices; send setup clear first", maxSetupChoices)
		default:
			s.setup = append(s.setup, setupChoice{seat, strings.TrimSpace(text)})
		}
	case "go":
		f := strings.Fields(rest)
		if len(f) < 1 || len(f) > 2 {
			s.setupNone("want 'setup go <seat> [<stage>]'")
			return
		}
		seat, err := s.setupSeat(f[0])
		if err != nil {
			s.setupNone(err.Error())
			return
		}
		stage := ""
		if len(f) == 2 {
			stage = f[1]
		}
		choice, err := s.setupGo(seat, stage)
		if err != nil {
			s.setupNone(err.Error())
			return
		}
		s.printf("setupchoice %s", choice)
	default:
		s.printf("info string setup: want clear, choice or go, got %q", verb)
	}
}

// setupNone answers a "setup go" that has no choice, saying why.
func (s *Session) setupNone(why string) {
	s.printf("info string setup: %s", why)
	s.printf("setupchoice (none)")
}

// setupSeat reads a seat number of the current game.
func (s *Session) setupSeat(text string) (game.Player, error) {
	n, err := strconv.Atoi(text)
	seats := 0
	if s.pos != nil {
		seats = s.pos.Players()
	}
	if err != nil || n < 0 || n >= seats {
		return 0, fmt.Errorf("seat %q is not 0 to %d", text, seats-1)
	}
	return game.Player(n), nil
}

// setupGo is the engine's choice for seat in stage ("" for whichever
// stage seat chooses in next), after the choices told so far.
func (s *Session) setupGo(seat game.Player, stage string) (string, error) {
	if !s.setupOn {
		return "", fmt.Errorf("the option SetupChoices is off")
	}
	sg, ok := s.g.(game.SetupGame)
	if !ok {
		return "", fmt.Errorf("%s has no setup stages", s.g.Info().Name)
	}
	st, err := sg.NewSetup(s.opts)
	if err != nil {
		return "", err
	}
	for i, c := range s.setup {
		if err := st.Submit(c.seat, c.text); err != nil {
			return "", fmt.Errorf("choice %d (seat %d): %v", i+1, c.seat, err)
		}
	}
	// Each round settles at least one seat's choice, so a setup of a
	// choice a seat and a stage ends within this many.
	for range maxSetupChoices {
		now := st.Stage()
		waiting := st.Waiting()
		switch {
		case now == "":
			return "", fmt.Errorf("the setup is complete with the choices told")
		case slices.Contains(waiting, seat) && (stage == "" || stage == now):
			return st.Suggest(seat)
		case slices.Contains(waiting, seat):
			return "", fmt.Errorf("with the choices told, seat %d chooses its %s, not its %s (tell a choice the seat made with setup choice)", seat, now, stage)
		case len(waiting) == 0:
			return "", fmt.Errorf("the %s stage waits for nobody", now)
		}
		// The other seats choose first: the game's suggestion for each
		// stands in for what the engine was not told.
		for _, w := range waiting {
			c, err := st.Suggest(w)
			if err == nil {
				err = st.Submit(w, c)
			}
			if err != nil {
				return "", fmt.Errorf("guessing seat %d's %s: %v", w, now, err)
			}
		}
	}
	return "", fmt.Errorf("the setup did not reach seat %d's turn", seat)
}
