// Package uci speaks the Universal Chess Interface, as extended by
// Fairy-Stockfish for variants, over any wyrm game: a GUI or a match runner
// chooses the game with the UCI_Variant option and plays it through
// "position" and "go" commands. Positions and moves are in each game's own
// notation (for Dragon Chess exactly Fairy-Stockfish's FEN and UCI moves).
// "position startpos" names the game's UCI start (game.UCIStart): under
// UCI_Variant dragon that is Fairy-Stockfish's, one Dragon in each hand,
// whatever the dragons option says.
//
// Extensions for wyrm's games: a game's own options (Dungeon Chess's
// "players", "map", "seed") are set with setoption by their names; "go"
// accepts time2/time3 and inc2/inc3 for the clocks of a third and fourth
// seat; the MultiPlayer option picks BRS or paranoid search for games of
// more than two players. MultiPV works in every game; with three or four
// players the lines are scored for the seat to move. The "setup" commands
// (setup.go) give the computer's own choice in a game's setup stages.
package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"wyrm/game"
	"wyrm/search"
)

// Engine is what the protocol needs from a searcher. *search.Engine
// implements it.
type Engine interface {
	Search(ctx context.Context, pos game.Position, lim search.Limits, report func(search.Info)) search.Result
	NewGame()
	SetHash(mb int)
	SetLevel(level int)
}

// Session is one UCI conversation.
type Session struct {
	// Files, when set, lets an option that takes files name one (a local
	// user's Dungeon Chess map): it returns the options with the file read.
	Files func([]game.Option, game.Options) (game.Options, error)

	eng   Engine
	games []game.Game

	mu  sync.Mutex // guards out: the search goroutine writes info lines
	out *bufio.Writer

	g       game.Game
	opts    game.Options
	pos     game.Position
	history []uint64

	limitStrength bool
	skill, elo    int
	multiPV       int

	setupOn bool          // the option SetupChoices
	setup   []setupChoice // told with "setup choice" since the last reset

	cancel context.CancelFunc
	done   chan struct{}
}

// NewSession returns a session over the given games; the first one named
// "dragon" (else the first) is the initial variant.
func NewSession(eng Engine, games []game.Game, out io.Writer) *Session {
	s := &Session{eng: eng, games: games, out: bufio.NewWriter(out), skill: search.MaxLevel, elo: maxElo, multiPV: 1, setupOn: true}
	if len(games) > 0 {
		s.g = games[0]
		for _, g := range games {
			if g.Info().Name == "dragon" {
				s.g = g
			}
		}
		s.opts = game.Options{}
		s.resetPosition()
	}
	return s
}

// Run reads commands from in until "quit" or the end of input; it returns
// after any running search has finished.
func Run(in io.Reader, out io.Writer, eng Engine, games []game.Game) error {
	return NewSession(eng, games, out).Serve(in)
}

// Serve reads commands from in until "quit" or the end of input.
func (s *Session) Serve(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	for sc.Scan() {
		if !s.Handle(sc.Text()) {
			break
		}
	}
	s.stop()
	s.flush()
	return sc.Err()
}

func (s *Session) printf(format string, args ...any) {
	s.mu.Lock()
	fmt.Fprintf(s.out, format+"\n", args...)
	s.out.Flush()
	s.mu.Unlock()
}

func (s *Session) flush() {
	s.mu.Lock()
	s.out.Flush()
	s.mu.Unlock()
}

// Handle executes one input line and reports whether to continue. It never
// panics: a failure inside a game's parser is reported as an info string.
func (s *Session) Handle(line string) (cont bool) {
	defer func() {
		if r := recover(); r != nil {
			s.printf("info string error: %v", r)
			cont = true
		}
	}()
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "uci":
		s.cmdUCI()
	case "isready":
		s.printf("readyok")
	case "ucinewgame":
		s.stop()
		s.eng.NewGame()
		s.resetPosition()
	case "setoption":
		s.stop()
		s.cmdSetOption(line)
	case "position":
		s.stop()
		s.cmdPosition(f[1:])
	case "go":
		s.stop()
		s.cmdGo(f[1:])
	case "stop":
		s.stop()
	case "setup":
		s.stop()
		s.cmdSetup(line)
	case "quit":
		return false
	case "d":
		if s.pos != nil {
			s.printf("info string position %s", s.pos.String())
		}
	case "ponderhit", "debug", "register":
		// accepted and ignored: wyrm does not ponder
	default:
		s.printf("info string unknown command %q", f[0])
	}
	return true
}

// levelForElo maps UCI_Elo onto the levels evenly.
func levelForElo(elo int) int {
	return 1 + (elo-minElo)*(search.MaxLevel-1)/(maxElo-minElo)
}

func (s *Session) applyLevel() {
	lv := s.skill
	if s.limitStrength {
		lv = min(lv, levelForElo(s.elo))
	}
	s.eng.SetLevel(lv)
}

// resetPosition sets the position "position startpos" names: the game's
// UCI start, which for a variant named after another engine's is that
// engine's start.
func (s *Session) resetPosition() {
	s.setup = nil
	p, err := game.UCIStart(s.g, s.opts)
	if err != nil {
		s.printf("info string %s: %v", s.g.Info().Name, err)
		s.pos = nil
		return
	}
	s.setPos(p, nil)
}

func (s *Session) setPos(p game.Position, hist []uint64) {
	s.pos, s.history = p, hist
}

// cmdPosition reads "startpos | fen <position string> [moves m1 m2 ...]";
// the position string is everything between "fen" and "moves". On any
// error the previous position stays.
func (s *Session) cmdPosition(f []string) {
	if s.g == nil {
		s.printf("info string no game")
		return
	}
	if len(f) == 0 {
		s.printf("info string position: want startpos or fen")
		return
	}
	mi := len(f)
	for i, w := range f {
		if w == "moves" {
			mi = i
			break
		}
	}
	var p game.Position
	var err error
	switch f[0] {
	case "startpos":
		p, err = game.UCIStart(s.g, s.opts)
	case "fen":
		p, err = s.g.Parse(strings.Join(f[1:mi], " "), s.opts)
	default:
		err = fmt.Errorf("want startpos or fen, got %q", f[0])
	}
	if err != nil {
		s.printf("info string position: %v", err)
		return
	}
	var hist []uint64
	if mi < len(f) {
		for _, ms := range f[mi+1:] {
			m, err := p.ParseMove(ms)
			if err != nil {
				s.printf("info string position: move %q: %v", ms, err)
				return
			}
			hist = append(hist, p.Hash())
			p.Play(m)
		}
	}
	s.setPos(p, hist)
}

func (s *Session) cmdGo(f []string) {
	if s.pos == nil {
		s.printf("info string no position")
		s.printf("bestmove (none)")
		return
	}
	var lim search.Limits
	infinite := false
	for i := 0; i < len(f); i++ {
		key := f[i]
		switch key {
		case "infinite", "ponder":
			infinite = true
			continue
		case "searchmoves":
			s.printf("info string searchmoves is not supported")
			i = len(f)
			continue
		}
		if i+1 >= len(f) {
			s.printf("info string go: %s needs a value", key)
			return
		}
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || n < 0 {
			s.printf("info string go: %s %q is not a number", key, f[i+1])
			return
		}
		i++
		ms := time.Duration(n) * time.Millisecond
		switch key {
		case "perft":
			s.perft(int(n))
			return
		case "depth":
			lim.Depth = int(min(n, search.MaxPly))
		case "nodes":
			lim.Nodes = uint64(n)
		case "movetime":
			lim.MoveTime = ms
		case "wtime":
			lim.Clock[0] = ms
		case "btime":
			lim.Clock[1] = ms
		case "winc":
			lim.Inc[0] = ms
		case "binc":
			lim.Inc[1] = ms
		case "movestogo":
			lim.MovesToGo = int(min(n, 1000))
		case "mate":
			lim.Depth = int(min(2*n+1, search.MaxPly))
		default:
			// Seats beyond the second: time2..time3, inc2..inc3.
			if seat, ok := extraSeat(key, "time"); ok {
				lim.Clock[seat] = ms
			} else if seat, ok := extraSeat(key, "inc"); ok {
				lim.Inc[seat] = ms
			} else {
				s.printf("info string go: unknown parameter %q", key)
				return
			}
		}
	}
	if s.pos.ToMove() == game.NoPlayer || len(s.pos.LegalMoves(nil)) == 0 {
		s.finished()
		return
	}
	lim.History = s.history
	lim.MultiPV = s.multiPV
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.done = cancel, make(chan struct{})
	pos := s.pos
	go func() {
		defer close(s.done)
		defer func() {
			if r := recover(); r != nil {
				s.printf("info string search failed: %v", r)
				s.printf("bestmove (none)")
			}
		}()
		res := s.eng.Search(ctx, pos, lim, s.report)
		if infinite {
			<-ctx.Done() // the protocol wants bestmove only after "stop"
		}
		if res.BestText == "" {
			s.printf("bestmove (none)")
			return
		}
		if res.PonderText != "" {
			s.printf("bestmove %s ponder %s", res.BestText, res.PonderText)
		} else {
			s.printf("bestmove %s", res.BestText)
		}
	}()
}

func extraSeat(key, suffix string) (int, bool) {
	if len(key) != len(suffix)+1 || !strings.HasPrefix(key, suffix) {
		return 0, false
	}
	d := int(key[len(suffix)] - '0')
	return d, d >= 2 && d < game.MaxPlayers
}

// finished answers "go" at a position without moves: mate 0 for a loss,
// cp 0 otherwise.
func (s *Session) finished() {
	o := s.pos.Outcome()
	lost := false
	if seat := s.pos.ToMove(); seat != game.NoPlayer {
		lost = o.Results[seat] == game.Loss
	} else if w := o.Winner(); w != game.NoPlayer {
		lost = true // the player who would move next has lost the game
	}
	if lost {
		s.printf("info depth 0 score mate 0")
	} else {
		s.printf("info depth 0 score cp 0")
	}
	s.printf("bestmove (none)")
}

// report writes one info line per MultiPV line of an iteration.
func (s *Session) report(i search.Info) {
	lines := i.Lines
	if len(lines) == 0 {
		lines = []search.Line{{Score: i.Score, PV: i.PV}}
	}
	for k, l := range lines {
		score := fmt.Sprintf("cp %d", l.Score)
		if search.IsMate(l.Score) {
			score = fmt.Sprintf("mate %d", search.MateMoves(l.Score))
		}
		s.printf("info depth %d seldepth %d multipv %d score %s nodes %d nps %d hashfull %d time %d pv %s",
			i.Depth, i.SelDepth, k+1, score, i.Nodes, i.NPS, i.HashFull, i.Time.Milliseconds(), strings.Join(l.PV, " "))
	}
}

func (s *Session) perft(depth int) {
	if depth < 1 || depth > 20 {
		s.printf("info string perft: depth 1..20")
		return
	}
	var total uint64
	for _, e := range game.Divide(s.pos, depth) {
		s.printf("%s: %d", e.Move, e.Nodes)
		total += e.Nodes
	}
	s.printf("")
	s.printf("Nodes searched: %d", total)
}

// stop cancels a running search and waits for its bestmove line.
func (s *Session) stop() {
	if s.cancel == nil {
		return
	}
	s.cancel()
	<-s.done
	s.cancel, s.done = nil, nil
}
