package dragon

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"wyrm/game"
)

var deepPerft = flag.Bool("perft.deep", false, "check every reference perft count, however large")

const referenceEPD = "../../../shared/reference/dragon-chess-perft.epd"

type perftCase struct {
	fen    string
	counts []uint64 // counts[d-1] is perft(d)
}

// loadReference reads the reference suite: "<FEN> ;D1 n ;D2 n ...".
func loadReference(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open(referenceEPD)
	if err != nil {
		t.Skipf("reference suite not available: %v", err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ";")
		if len(parts) < 2 {
			continue
		}
		c := perftCase{fen: strings.TrimSpace(parts[0])}
		for i, part := range parts[1:] {
			fields := strings.Fields(part)
			if len(fields) != 2 || fields[0] != fmt.Sprintf("D%d", i+1) {
				t.Fatalf("bad suite entry %q", part)
			}
			n, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			c.counts = append(c.counts, n)
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		t.Fatal("empty reference suite")
	}
	return cases
}

func TestPerftReference(t *testing.T) {
	const budget = 1_200_000
	for _, c := range loadReference(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		for d, want := range c.counts {
			if want > budget && !*deepPerft {
				break
			}
			if got := p.Perft(d + 1); got != want {
				t.Errorf("%s depth %d: got %d, want %d", c.fen, d+1, got, want)
			}
		}
	}
}

func TestPerftStart(t *testing.T) {
	want := []uint64{20, 400, 8982, 200857, 5038485}
	for _, opt := range []string{"1", "2"} {
		g, err := Game.Start(map[string]string{"dragons": opt})
		if err != nil {
			t.Fatal(err)
		}
		p := g.(*Position)
		for d, w := range want {
			if d == 4 && testing.Short() {
				break
			}
			if got := p.Perft(d + 1); got != w {
				t.Errorf("dragons=%s depth %d: got %d, want %d", opt, d+1, got, w)
			}
		}
	}
}

// state is everything of a position but its history, comparable with ==.
type state struct {
	byType   [8]uint64
	byColor  [2]uint64
	board    [64]uint8
	hash     uint64
	side     int
	castle   uint8
	ep       int8
	hand     [2]uint8
	halfmove int32
	fullmove int32
	fen      string
}

func snapshot(p *Position) state {
	return state{p.byType, p.byColor, p.board, p.hash, p.side, p.castle, p.ep, p.hand, p.halfmove, p.fullmove, p.FEN()}
}

// checkedPerft walks the tree with Play and Undo and checks at every node
// that the incremental hash equals a fresh one and that Undo restores the
// position exactly; it also counts the leaves through the bulk counter.
func checkedPerft(t *testing.T, p *Position, depth int, nodes *int) uint64 {
	if h := p.computeHash(); h != p.hash {
		t.Fatalf("%s: incremental hash %x, fresh %x", p.FEN(), p.hash, h)
	}
	*nodes++
	if depth == 0 {
		return 1
	}
	var l moveList
	p.generate(&l)
	if depth == 1 && l.n != p.countMoves() {
		t.Fatalf("%s: generated %d moves, counted %d", p.FEN(), l.n, p.countMoves())
	}
	if p.hasLegalMove() != (l.n > 0) {
		t.Fatalf("%s: hasLegalMove %v with %d moves", p.FEN(), p.hasLegalMove(), l.n)
	}
	before := snapshot(p)
	var n uint64
	for _, m := range l.moves[:l.n] {
		p.Play(m)
		n += checkedPerft(t, p, depth-1, nodes)
		p.Undo()
		if after := snapshot(p); after != before {
			t.Fatalf("undo of %s in %s gave %s", p.MoveString(m), before.fen, p.FEN())
		}
	}
	return n
}

func TestPerftMakeUnmakeRestores(t *testing.T) {
	const budget = 60_000 // nodes per position
	for _, c := range loadReference(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		for d, want := range c.counts {
			if want > budget {
				break
			}
			nodes := 0
			if got := checkedPerft(t, p, d+1, &nodes); got != want {
				t.Errorf("%s depth %d: checked perft %d, want %d", c.fen, d+1, got, want)
			}
		}
	}
}

func TestPerftThroughContract(t *testing.T) {
	// game.PerftChecked plays every move through the interface and checks
	// String and Hash after each Undo; no draw by rule occurs this shallow.
	for _, c := range loadReference(t)[:8] {
		p := mustFEN(t, c.fen)
		for d := 1; d <= 3 && c.counts[d-1] < 100_000; d++ {
			n, err := game.PerftChecked(p, d)
			if err != nil {
				t.Fatal(err)
			}
			if n != c.counts[d-1] {
				t.Errorf("%s depth %d: PerftChecked %d, want %d", c.fen, d, n, c.counts[d-1])
			}
		}
	}
}

func TestPerftStartDeep(t *testing.T) {
	if !*deepPerft {
		t.Skip("needs -perft.deep (about 8 billion nodes)")
	}
	cases := []struct {
		fen  string
		want []uint64 // depths 6 and 7
	}{
		{StartFEN, []uint64{125432340, 3453661468}},
		{StartFENOneDragon, []uint64{125432340, 3453345008}},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		for i, w := range c.want {
			if got := p.Perft(6 + i); got != w {
				t.Errorf("%s depth %d: got %d, want %d", c.fen, 6+i, got, w)
			}
		}
	}
}
