package dragon

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"wyrm/game"
)

// These tests play random games and compare every position with a running
// Fairy-Stockfish, when one is given: go test -run Reference -fsf=/path.
var (
	fsfPath  = flag.String("fsf", "", "path of a Fairy-Stockfish binary to compare against")
	fsfGames = flag.Int("fsf.games", 20, "random games to compare with -fsf")
	fsfDepth = flag.Int("fsf.depth", 2, "perft depth of each comparison with -fsf")
)

type uciEngine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startEngine(t *testing.T, path string) *uciEngine {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	e := &uciEngine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	e.send("setoption name UCI_Variant value dragon")
	t.Cleanup(func() { e.send("quit"); in.Close(); cmd.Wait() })
	return e
}

func (e *uciEngine) send(s string) { fmt.Fprintln(e.in, s) }

// until reads lines up to one starting with prefix and returns them all.
func (e *uciEngine) until(prefix string) []string {
	var lines []string
	for e.out.Scan() {
		lines = append(lines, e.out.Text())
		if strings.HasPrefix(e.out.Text(), prefix) {
			break
		}
	}
	return lines
}

// divide asks the engine for perft(depth) per root move.
func (e *uciEngine) divide(fen string, depth int) (map[string]uint64, string) {
	e.send("position fen " + fen)
	e.send("d")
	e.send(fmt.Sprintf("go perft %d", depth))
	got := map[string]uint64{}
	var engineFEN string
	for _, l := range e.until("Nodes searched") {
		if s, ok := strings.CutPrefix(l, "Fen: "); ok {
			engineFEN = s
		}
		if mv, n, ok := strings.Cut(l, ": "); ok && len(mv) >= 4 && (mv[1] == '@' || mv[0] >= 'a' && mv[0] <= 'h') {
			if v, err := strconv.ParseUint(n, 10, 64); err == nil {
				got[mv] = v
			}
		}
	}
	return got, engineFEN
}

func TestReferenceEngineRandomGames(t *testing.T) {
	if *fsfPath == "" {
		t.Skip("no -fsf engine given")
	}
	e := startEngine(t, *fsfPath)
	keys := game.NewKeySource(7)
	positions := 0
	for g := 0; g < *fsfGames; g++ {
		start := []string{StartFEN, StartFENOneDragon}[g%2]
		p := mustFEN(t, start)
		for ply := 0; ply < 160; ply++ {
			fen := p.FEN()
			ref, refFEN := e.divide(fen, *fsfDepth)
			if refFEN != fen {
				t.Fatalf("engine reads %s as %s", fen, refFEN)
			}
			// Perft, like the reference, ignores draws by rule.
			mine := map[string]uint64{}
			var root moveList
			p.generate(&root)
			for _, m := range root.moves[:root.n] {
				p.Play(m)
				mine[p.hist[len(p.hist)-1:][0].uci()] = p.Perft(*fsfDepth - 1)
				p.Undo()
			}
			if !mapsEqual(mine, ref) {
				t.Fatalf("%s: divide differs:\nwyrm %v\nref  %v", fen, mine, ref)
			}
			positions++
			var l moveList
			p.generate(&l)
			if l.n == 0 {
				break
			}
			// Prefer captures, drops and promotions now and then so that
			// games reach sparse and unusual positions.
			moves := l.moves[:l.n]
			k := keys.Next()
			if k%3 == 0 {
				special := slices.DeleteFunc(slices.Clone(moves), func(m game.Move) bool {
					return !p.isNoisy(m) && moveKind(m) != kindDrop
				})
				if len(special) > 0 {
					moves = special
				}
			}
			p.Play(moves[(k>>8)%uint64(len(moves))])
		}
	}
	t.Logf("%d positions agree with the reference engine", positions)
}

// uci writes the move of a history entry (the position has moved on).
func (u undo) uci() string {
	var p Position
	return p.MoveString(u.move)
}

func mapsEqual(a, b map[string]uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
