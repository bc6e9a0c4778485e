package dungeon

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"wyrm/game"
)

// checkInvariants verifies the position's internal agreement and the rules'
// invariants: units only on floor, board and unit list in step, one King
// per live seat, none for eliminated seats, the hash up to date.
func checkInvariants(p *Position) error {
	seen := 0
	for i := 0; i < p.nUnits; i++ {
		u := &p.units[i]
		if !u.alive {
			continue
		}
		seen++
		if p.m.terrain[u.sq] != tFloor {
			return fmt.Errorf("%s on %s, not floor", u.kind.Name(), terrainName(p.m.terrain[u.sq]))
		}
		if p.board[u.sq] != uint8(i+1) {
			return fmt.Errorf("board and unit %d disagree on %s", i, p.m.squareName(int(u.sq)))
		}
		if !p.isLive(int(u.owner)) {
			return fmt.Errorf("eliminated seat %d still has a %s", u.owner+1, u.kind.Name())
		}
	}
	onBoard := 0
	for b := 0; b < p.m.size; b++ {
		if p.board[b] != 0 {
			onBoard++
		}
	}
	if onBoard != seen {
		return fmt.Errorf("%d squares occupied, %d units alive", onBoard, seen)
	}
	for s := 0; s < p.n; s++ {
		kings := 0
		st := &p.seats[s]
		for id := st.first; id < st.end; id++ {
			if p.units[id].alive && p.units[id].kind.Role() == King {
				kings++
			}
		}
		if p.isLive(s) && kings != 1 {
			return fmt.Errorf("live seat %d has %d kings", s+1, kings)
		}
	}
	if h := p.recomputeHash(); h != p.hash {
		return fmt.Errorf("hash %x, recomputed %x", p.hash, h)
	}
	return nil
}

func TestRandomPlayouts(t *testing.T) {
	type cfg struct {
		mapID   string
		players int
	}
	cfgs := []cfg{{"compact-skirmish", 2}, {"two-player-dungeon", 2},
		{"four-player-dungeon", 2}, {"four-player-dungeon", 3}, {"four-player-dungeon", 4}}
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, c := range cfgs {
		for seed := 1; seed <= games; seed++ {
			name := fmt.Sprintf("%s/%dp/seed%d", c.mapID, c.players, seed)
			t.Run(name, func(t *testing.T) {
				gp, err := Game{}.Start(game.Options{"map": c.mapID, "players": fmt.Sprint(c.players), "seed": fmt.Sprint(seed)})
				if err != nil {
					t.Fatal(err)
				}
				playout(t, gp.(*Position), uint64(seed), 1000)
			})
		}
	}
}

func playout(t *testing.T, p *Position, seed uint64, plies int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 99))
	var moves []game.Move
	for ply := 0; ply < plies; ply++ {
		if err := checkInvariants(p); err != nil {
			t.Fatalf("ply %d: %v in %s", ply, err, p)
		}
		s := p.String()
		q, err := ParsePosition(s)
		if err != nil || q.String() != s || q.Hash() != p.Hash() {
			t.Fatalf("ply %d: string round trip of %s: %v / %v", ply, s, err, q)
		}
		moves = p.LegalMoves(moves[:0])
		if p.Outcome().Over {
			if len(moves) != 0 {
				t.Fatalf("finished game has moves: %s", s)
			}
			t.Logf("ply %d: %s (%+v)", ply, p.Outcome().Reason, p.Outcome().Results)
			return
		}
		if len(moves) == 0 {
			t.Fatalf("ply %d: no moves and not over: %s", ply, s)
		}
		if n, _ := p.countLegal(nil); n != uint64(len(moves)) {
			t.Fatalf("ply %d: bulk count %d, %d legal moves in %s", ply, n, len(moves), s)
		}
		testEveryMove = true
		slow := allMoves(p)
		testEveryMove = false
		if fast := allMoves(p); fast != slow {
			t.Fatalf("ply %d: legal moves with the shortcut\n%s\nwithout\n%s\nin %s", ply, fast, slow, s)
		}
		if got, want := p.NoisyMoves(nil), noisyOf(p, moves); !sameMoves(got, want) {
			t.Fatalf("ply %d: NoisyMoves %v, the noisy legal moves %v in %s", ply, got, want, s)
		}
		if p.repeated() != p.countRepeats() {
			t.Fatalf("ply %d: cached repetition %v, counted %v", ply, p.repeated(), p.countRepeats())
		}
		for _, mv := range moves {
			back, err := p.ParseMove(p.MoveString(mv))
			if err != nil || back != mv {
				t.Fatalf("move %s does not read back: %v", p.MoveString(mv), err)
			}
		}
		if ply%25 == 0 {
			checked, err := game.PerftChecked(p, 2)
			if err != nil {
				t.Fatal(err)
			}
			if fast := p.Perft(2); fast != checked {
				t.Fatalf("ply %d: perft 2 fast %d, checked %d in %s", ply, fast, checked, s)
			}
		}
		mv := pickMove(p, moves, rng)
		h := p.Hash()
		p.Play(mv)
		p.Undo()
		if p.String() != s || p.Hash() != h {
			t.Fatalf("ply %d: undo of %s gave %s, want %s", ply, p.MoveString(mv), p, s)
		}
		p.Play(mv)
	}
}

func TestPerftCheckedOnEveryMap(t *testing.T) {
	for _, c := range []game.Options{
		{"map": "compact-skirmish", "seed": "7"},
		{"map": "two-player-dungeon", "seed": "7"},
		{"players": "3", "seed": "7"},
		{"players": "4", "seed": "7"},
	} {
		gp, err := Game{}.Start(c)
		if err != nil {
			t.Fatal(err)
		}
		n, err := game.PerftChecked(gp, 3)
		if err != nil {
			t.Fatal(err)
		}
		if fast := gp.(*Position).Perft(3); fast != n {
			t.Errorf("%v: Perft %d, PerftChecked %d", c, fast, n)
		}
	}
}

// pickMove plays aggressively so that games reach captures, pushes,
// explosions, hexes and eliminations: mostly a capture or hex when there is
// one, else often the move that gets closest to an enemy King.
func pickMove(p *Position, moves []game.Move, rng *rand.Rand) game.Move {
	if rng.IntN(10) < 8 {
		var noisy []game.Move
		for _, m := range moves {
			if p.IsNoisy(m) || (mType(m) == mtHex && rng.IntN(4) == 0) {
				noisy = append(noisy, m)
			}
		}
		if len(noisy) > 0 {
			return noisy[rng.IntN(len(noisy))]
		}
	}
	if rng.IntN(2) == 0 {
		best, bestD := moves[0], 1<<30
		for _, m := range moves {
			if mType(m) != mtMove {
				continue
			}
			tf, tr := p.m.fileRank(mTo(m))
			for s := 0; s < p.n; s++ {
				if s == int(p.toMove) || !p.isLive(s) {
					continue
				}
				kf, kr := p.m.fileRank(p.kingSq(s))
				if d := max(iabs(kf-tf), iabs(kr-tr)) + rng.IntN(3); d < bestD {
					best, bestD = m, d
				}
			}
		}
		return best
	}
	return moves[rng.IntN(len(moves))]
}

func TestNoAllocationsInPlay(t *testing.T) {
	gp, err := Game{}.Start(game.Options{"players": "4", "seed": "11"})
	if err != nil {
		t.Fatal(err)
	}
	p := gp.(*Position)
	buf := make([]game.Move, 0, 1024)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 40; i++ { // warm up the history slices
		moves := p.LegalMoves(buf[:0])
		p.Play(pickMove(p, moves, rng))
	}
	allocs := testing.AllocsPerRun(200, func() {
		moves := p.LegalMoves(buf[:0])
		for _, mv := range moves {
			p.Play(mv)
			p.Undo()
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per LegalMoves+Play+Undo round", allocs)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	gp, err := Game{}.Start(game.Options{"players": "3", "seed": "2"})
	if err != nil {
		t.Fatal(err)
	}
	p := gp.(*Position)
	play(t, p, p.MoveString(p.LegalMoves(nil)[0]))
	before := p.String()
	c := p.Clone().(*Position)
	for i := 0; i < 10; i++ {
		c.Play(c.LegalMoves(nil)[0])
	}
	if p.String() != before {
		t.Fatal("playing on the clone changed the original")
	}
	for i := 0; i < 10; i++ {
		c.Undo()
	}
	c.Undo()
	p.Undo()
	if c.String() != p.String() || c.Hash() != p.Hash() {
		t.Fatal("the clone's history differs")
	}
}

// noisyOf is the reference for NoisyMoves: the legal moves that IsNoisy.
func noisyOf(p *Position, legal []game.Move) []game.Move {
	var out []game.Move
	for _, mv := range legal {
		if p.IsNoisy(mv) {
			out = append(out, mv)
		}
	}
	return out
}

// sameMoves compares two move lists as sets.
func sameMoves(a, b []game.Move) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
