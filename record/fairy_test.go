package record_test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/match"
	"wyrm/record"
)

// fairyStockfish is a Fairy-Stockfish process spoken to over UCI.
type fairyStockfish struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

// startFairyStockfish starts the engine named by WYRM_FAIRY_STOCKFISH, or
// fairy-stockfish on the PATH, and skips the test when there is none.
func startFairyStockfish(t *testing.T, variant string) *fairyStockfish {
	t.Helper()
	path := os.Getenv("WYRM_FAIRY_STOCKFISH")
	if path == "" {
		var err error
		if path, err = exec.LookPath("fairy-stockfish"); err != nil {
			t.Skip("no Fairy-Stockfish: set WYRM_FAIRY_STOCKFISH to its binary (or put fairy-stockfish on the PATH) to check Dragon Chess records by its rules")
		}
	}
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
		t.Fatalf("starting %s: %v", path, err)
	}
	f := &fairyStockfish{cmd: cmd, in: in, lines: make(chan string, 256)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			f.lines <- sc.Text()
		}
		close(f.lines)
	}()
	t.Cleanup(func() {
		fmt.Fprintln(in, "quit")
		in.Close()
		cmd.Wait()
	})
	f.send(t, "uci")
	f.until(t, "uciok")
	f.send(t, "setoption name UCI_Variant value "+variant)
	f.send(t, "isready")
	f.until(t, "readyok")
	return f
}

func (f *fairyStockfish) send(t *testing.T, line string) {
	t.Helper()
	if _, err := fmt.Fprintln(f.in, line); err != nil {
		t.Fatalf("Fairy-Stockfish: %v", err)
	}
}

// until returns the lines the engine writes up to one starting with
// prefix, which it returns last.
func (f *fairyStockfish) until(t *testing.T, prefix string) []string {
	t.Helper()
	var got []string
	timeout := time.After(20 * time.Second)
	for {
		select {
		case l, ok := <-f.lines:
			if !ok {
				t.Fatalf("Fairy-Stockfish stopped before %q", prefix)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timeout:
			t.Fatalf("Fairy-Stockfish did not answer %q in time", prefix)
		}
	}
}

// legal returns Fairy-Stockfish's legal moves, sorted, after moves from fen.
func (f *fairyStockfish) legal(t *testing.T, fen string, moves []string) []string {
	t.Helper()
	f.position(t, fen, moves)
	f.send(t, "go perft 1")
	var out []string
	lines := f.until(t, "Nodes searched:")
	for _, l := range lines[:len(lines)-1] {
		if mv, n, ok := strings.Cut(l, ": "); ok && n == "1" {
			out = append(out, mv)
		}
	}
	slices.Sort(out)
	return out
}

func (f *fairyStockfish) position(t *testing.T, fen string, moves []string) {
	t.Helper()
	cmd := "position fen " + fen
	if len(moves) > 0 {
		cmd += " moves " + strings.Join(moves, " ")
	}
	f.send(t, cmd)
}

// fen returns Fairy-Stockfish's FEN of the position after moves from fen.
func (f *fairyStockfish) fen(t *testing.T, fen string, moves []string) string {
	t.Helper()
	f.position(t, fen, moves)
	f.send(t, "d")
	lines := f.until(t, "Fen: ")
	return strings.TrimPrefix(lines[len(lines)-1], "Fen: ")
}

// Dragon Chess records written by wyrm match (or the file WYRM_PGN names)
// are read again and replayed through Fairy-Stockfish, the engine
// pychess.org plays by: at every ply its legal moves are wyrm's and the
// recorded move is among them, and the game ends in the same position
// (and, when decided, with no move left).
func TestDragonRecordsReplayInFairyStockfish(t *testing.T) {
	fsf := startFairyStockfish(t, "dragon")
	g := lookup(t, "dragon")
	text := dragonRecords(t)
	recs, err := record.Parse(text)
	if err != nil || len(recs) == 0 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	plies, ends := 0, map[string]int{}
	for i, r := range recs {
		ends[string(r.Termination)+", "+r.Reason]++
		var uci []string
		pos, err := r.Replay(g, func(pos game.Position, m game.Move) error {
			ours := moveStrings(pos)
			if theirs := fsf.legal(t, r.Start, uci); !slices.Equal(ours, theirs) {
				return fmt.Errorf("after %q wyrm has %d legal moves, Fairy-Stockfish %d:\n%v\n%v", uci, len(ours), len(theirs), ours, theirs)
			}
			uci = append(uci, pos.MoveString(m))
			return nil
		})
		if err != nil {
			t.Fatalf("game %d: %v\n%s", i+1, err, text)
		}
		plies += len(uci)
		if got := fsf.fen(t, r.Start, uci); got != pos.String() {
			t.Errorf("game %d ends in %s for wyrm, %s for Fairy-Stockfish", i+1, pos, got)
		}
		if decided := r.Results[0] != r.Results[1]; decided && r.Termination == record.Normal && len(fsf.legal(t, r.Start, uci)) != 0 {
			t.Errorf("game %d: %s, but Fairy-Stockfish has moves left", i+1, r.Reason)
		}
	}
	t.Logf("%d games (%v), %d plies, each ply's legal moves the same in Fairy-Stockfish", len(recs), ends, plies)
}

// dragonRecords returns the Dragon Chess records of the file WYRM_PGN
// names, or else ten games of tenDragonGames.
func dragonRecords(t *testing.T) string {
	if file := os.Getenv("WYRM_PGN"); file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	return tenDragonGames(t)
}

// tenDragonGames plays ten short Dragon Chess games, from the start and
// from an opening with Black to move, and returns their PGN.
func tenDragonGames(t *testing.T) string {
	openings := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 1",
		"rnbqk2r/pp3ppp/2pbpn2/3p4/2PP4/P3PN2/1P2BPPP/RNBQK2R[DDdd] b KQkq - 2 6",
	}
	_, text := matchRecords(t, match.Config{Game: lookup(t, "dragon"), Games: 10, MaxPlies: 100, Seed: 12, Openings: openings})
	if !strings.Contains(text, "\n\n1... ") {
		t.Fatalf("no game starts with Black's move:\n%s", text)
	}
	return text
}

func moveStrings(pos game.Position) []string {
	var out []string
	for _, m := range pos.LegalMoves(nil) {
		out = append(out, pos.MoveString(m))
	}
	slices.Sort(out)
	return out
}

// The same records (or those of WYRM_PGN) import through ffish-es6, the library of pychess.org's
// import page, when WYRM_FFISH names its folder (node_modules/ffish-es6)
// and node is on the PATH: scripts/ffish-import.mjs checks every move.
func TestDragonRecordsImportThroughFfish(t *testing.T) {
	dir := os.Getenv("WYRM_FFISH")
	node, err := exec.LookPath("node")
	if dir == "" || err != nil {
		t.Skip("no ffish-es6: set WYRM_FFISH to an installed node_modules/ffish-es6 (and have node) to import Dragon Chess records as pychess.org does")
	}
	text := dragonRecords(t)
	file := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, filepath.Join("..", "scripts", "ffish-import.mjs"), dir, file).CombinedOutput()
	if err != nil || !strings.Contains(string(out), " passed, 0 failed") {
		t.Fatalf("ffish-import: %v\n%s", err, out)
	}
	t.Logf("ffish-import: %s", out[strings.LastIndexByte(strings.TrimSpace(string(out)), '\n')+1:])
}
