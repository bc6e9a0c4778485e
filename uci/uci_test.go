package uci

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/games"
	"wyrm/internal/toygame"
	"wyrm/search"
)

// conversation drives a session through pipes, as a GUI would.
type conversation struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func start(t *testing.T) *conversation { return startWith(t, []game.Game{toygame.Game{}}) }

// startWith drives a session over the given games.
func startWith(t *testing.T, games []game.Game) *conversation {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &conversation{t: t, in: inW, lines: make(chan string, 10000), done: make(chan error, 1)}
	go func() {
		err := Run(inR, outW, search.New(1), games)
		outW.Close()
		c.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return c
}

func (c *conversation) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("send %q: %v", line, err)
	}
}

// until reads output lines up to and including one starting with prefix.
func (c *conversation) until(prefix string) []string {
	c.t.Helper()
	var lines []string
	timeout := time.After(10 * time.Second)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("output ended before %q: %q", prefix, lines)
			}
			lines = append(lines, l)
			if strings.HasPrefix(l, prefix) {
				return lines
			}
		case <-timeout:
			c.t.Fatalf("no %q within 10s: %q", prefix, lines)
		}
	}
}

func TestHandshake(t *testing.T) {
	c := start(t)
	c.send("uci")
	lines := c.until("uciok")
	joined := strings.Join(lines, "\n")
	for _, want := range []string{"id name wyrm", "option name UCI_Variant type combo default toy var toy", "option name Skill Level", "option name Hash"} {
		if !strings.Contains(joined, want) {
			t.Errorf("uci output lacks %q:\n%s", want, joined)
		}
	}
	c.send("isready")
	if l := c.until("readyok"); l[len(l)-1] != "readyok" {
		t.Fatal(l)
	}
	c.send("quit")
	if err := <-c.done; err != nil {
		t.Fatal(err)
	}
}

func TestGoDepthGivesLegalMove(t *testing.T) {
	c := start(t)
	c.send("ucinewgame")
	c.send("position startpos moves b1c3 g8f6")
	c.send("go depth 3")
	lines := c.until("bestmove")
	best := strings.Fields(lines[len(lines)-1])[1]
	p, _ := toygame.Game{}.Start(nil)
	for _, m := range []string{"b1c3", "g8f6"} {
		mv, err := p.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		p.Play(mv)
	}
	if _, err := p.ParseMove(best); err != nil {
		t.Fatalf("bestmove %q illegal: %v", best, err)
	}
	var sawInfo bool
	for _, l := range lines {
		if strings.HasPrefix(l, "info depth 3 ") && strings.Contains(l, " score cp ") && strings.Contains(l, " pv "+best) {
			sawInfo = true
		}
	}
	if !sawInfo {
		t.Errorf("no depth 3 info line with score and pv: %q", lines)
	}
}

func TestFenWithSpacesAndMate(t *testing.T) {
	c := start(t)
	// Mate in one for seat 0 (rook b5-b8).
	c.send("position fen .......k1/R0......./......../.R0....../......../......../......../K0....... 0")
	c.send("go depth 4")
	lines := c.until("bestmove")
	if got := lines[len(lines)-1]; !strings.HasPrefix(got, "bestmove b5b8") {
		t.Fatalf("got %q", got)
	}
	if !strings.Contains(strings.Join(lines, "\n"), "score mate 1 ") {
		t.Errorf("no mate 1 score: %q", lines)
	}
	c.send("position fen .......k1/R0......./......../.R0....../......../......../......../K0....... 0 moves b5b8")
	c.send("go depth 2")
	lines = c.until("bestmove")
	if len(lines) != 2 || lines[0] != "info depth 0 score mate 0" || lines[1] != "bestmove (none)" {
		t.Fatalf("at mate: %q", lines)
	}
}

func TestPerftOutput(t *testing.T) {
	c := start(t)
	c.send("position startpos")
	c.send("go perft 2")
	lines := c.until("Nodes searched")
	p, _ := toygame.Game{}.Start(nil)
	moves := p.LegalMoves(nil)
	if len(lines) != len(moves)+2 || lines[len(moves)] != "" {
		t.Fatalf("shape: %q", lines)
	}
	var sum uint64
	for _, l := range lines[:len(moves)] {
		name, count, ok := strings.Cut(l, ": ")
		n, err := strconv.ParseUint(count, 10, 64)
		if !ok || err != nil {
			t.Fatalf("line %q", l)
		}
		if _, err := p.ParseMove(name); err != nil {
			t.Fatalf("move %q: %v", name, err)
		}
		sum += n
	}
	if want := game.Perft(p, 2); sum != want || lines[len(lines)-1] != "Nodes searched: "+strconv.FormatUint(want, 10) {
		t.Fatalf("sum %d want %d; last %q", sum, want, lines[len(lines)-1])
	}
}

func TestGarbageLines(t *testing.T) {
	c := start(t)
	for _, l := range []string{"hello", "position", "position fen", "position fen zz 0", "position startpos moves e1e3",
		"go depth", "go depth x", "go wtime -5", "setoption", "setoption name Hash value lots", "setoption name UCI_Variant value chess",
		"setoption name Nope value 1", "go perft 0", "position fen K0 0", "\x00\xff", "go frobnicate 3"} {
		c.send(l)
		c.send("isready")
		lines := c.until("readyok")
		if len(lines) < 2 || !strings.HasPrefix(lines[0], "info string") {
			t.Errorf("%q: got %q, want an info string", l, lines)
		}
	}
	// The position is still the start after the bad commands.
	c.send("go depth 1")
	lines := c.until("bestmove")
	p, _ := toygame.Game{}.Start(nil)
	if _, err := p.ParseMove(strings.Fields(lines[len(lines)-1])[1]); err != nil {
		t.Fatalf("after garbage: %q", lines)
	}
}

func TestStopEndsInfiniteSearch(t *testing.T) {
	c := start(t)
	// A mate in one is solved at once; "go infinite" must still wait for
	// "stop" before answering.
	c.send("position fen .......k1/R0......./......../.R0....../......../......../......../K0....... 0")
	c.send("go infinite")
	time.Sleep(300 * time.Millisecond)
	c.send("isready")
	for _, l := range c.until("readyok") {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("bestmove before stop: %q", l)
		}
	}
	c.send("stop")
	c.until("bestmove b5b8")
	c.send("position startpos")
	c.send("go infinite")
	time.Sleep(100 * time.Millisecond)
	c.send("isready")
	c.until("readyok")
	c.send("stop")
	lines := c.until("bestmove")
	if strings.Fields(lines[len(lines)-1])[1] == "(none)" {
		t.Fatalf("%q", lines)
	}
	c.send("quit")
	select {
	case <-c.done:
	case <-time.After(5 * time.Second):
		t.Fatal("quit did not end the session")
	}
}

func TestSkillAndGameOptions(t *testing.T) {
	c := start(t)
	c.send("setoption name Skill Level value 1")
	c.send("setoption name players value 3")
	c.send("position startpos")
	c.send("go depth 3")
	lines := c.until("bestmove")
	p, _ := toygame.Game{}.Start(game.Options{"players": "3"})
	if _, err := p.ParseMove(strings.Fields(lines[len(lines)-1])[1]); err != nil {
		t.Fatalf("3 players: %q", lines)
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "info depth 2") {
			t.Fatalf("level 1 searched to depth 2: %q", lines)
		}
	}
}

func FuzzHandle(f *testing.F) {
	eng := search.New(1)
	eng.SetHash(1)
	for _, s := range []string{"uci", "position startpos moves b1c3", "position fen K0../..k1 0", "go depth 1", "setoption name Hash value 1", "go perft 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		var out strings.Builder
		s := NewSession(eng, []game.Game{toygame.Game{}}, &out)
		if strings.Contains(line, "go") {
			line = strings.Replace(line, "go", "go depth 1 ", 1)
		}
		s.Handle(line)
		s.stop()
	})
}

func TestStalemateAnswersDraw(t *testing.T) {
	c := start(t)
	c.send("position fen k1......./......../.Q0....../......../......../......../......../K0....... 1")
	c.send("go depth 3")
	lines := c.until("bestmove")
	if len(lines) != 2 || lines[0] != "info depth 0 score cp 0" || lines[1] != "bestmove (none)" {
		t.Fatalf("at stalemate: %q", lines)
	}
}

func TestLevelForElo(t *testing.T) {
	cases := []struct{ elo, level int }{{minElo, 1}, {maxElo, search.MaxLevel}, {1600, 4}, {2172, 7}}
	for _, c := range cases {
		if got := levelForElo(c.elo); got != c.level {
			t.Errorf("levelForElo(%d) = %d, want %d", c.elo, got, c.level)
		}
	}
}

func TestContemptOption(t *testing.T) {
	c := start(t)
	c.send("uci")
	if l := strings.Join(c.until("uciok"), "\n"); !strings.Contains(l, "option name Contempt type spin") {
		t.Fatalf("no Contempt option:\n%s", l)
	}
	c.send("setoption name Contempt value 900")
	if l := c.until("info string"); !strings.Contains(l[len(l)-1], "Contempt") {
		t.Fatalf("bad Contempt value not refused: %q", l)
	}
	// A queen down, with a repetition available: the score is the draw,
	// rated at minus the contempt.
	for _, contempt := range []int{0, 37} {
		c.send("setoption name Contempt value " + strconv.Itoa(contempt))
		c.send("position fen .......k1/.......q1/......../......../......../......../......../K0....... 0 moves a1a2 h8g8 a2a1 g8h8")
		c.send("go depth 3")
		lines := c.until("bestmove")
		want := "score cp " + strconv.Itoa(-contempt)
		if !strings.Contains(strings.Join(lines, "\n"), want) || !strings.HasPrefix(lines[len(lines)-1], "bestmove a1a2") {
			t.Fatalf("contempt %d: want %q and bestmove a1a2, got %q", contempt, want, lines)
		}
	}
}

// Under UCI_Variant dragon, "position startpos" is Fairy-Stockfish's start
// with one Dragon in each hand, whatever the dragons option says; a FEN's
// hand is read as written.
func TestDragonStartposIsFairyStockfishs(t *testing.T) {
	c := startWith(t, games.All())
	for _, setup := range []string{"", "setoption name dragons value 2", "setoption name dragons value 1"} {
		c.send("setoption name UCI_Variant value dragon")
		if setup != "" {
			c.send(setup)
		}
		c.send("ucinewgame")
		c.send("position startpos")
		c.send("d")
		if l := c.until("info string position"); !strings.HasSuffix(l[len(l)-1], "RNBQKBNR[Dd] w KQkq - 0 1") {
			t.Fatalf("%q: startpos is %q, want the [Dd] start", setup, l[len(l)-1])
		}
	}
	c.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 1")
	c.send("d")
	if l := c.until("info string position"); !strings.Contains(l[len(l)-1], "[DDdd]") {
		t.Fatalf("a FEN's hand is not read as written: %q", l[len(l)-1])
	}
}
