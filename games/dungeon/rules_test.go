package dungeon

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"wyrm/game"
)

func TestFragileSkeleton(t *testing.T) {
	// An Iron Golem attacks only as a cannon, yet takes an adjacent Skeleton.
	p := mustParse(t, "unit-lab redskin:Ej1,Id4 undead:Lj7,Ke5 1 0 0")
	if got := movesFrom(p, "d4"); got != "d4c4 d4d3 d4d5 d4e4 d4xe5" {
		t.Errorf("iron golem next to a skeleton: %s", got)
	}
	// Being next to an enemy is no capture by itself: a quiet move leaves it.
	play(t, p, "d4c4")
	if !strings.Contains(p.String(), "Ke5") {
		t.Errorf("skeleton vanished without a capture: %s", p)
	}
	// A Skeleton two squares away is not fragile to a unit that cannot reach it.
	p = mustParse(t, "unit-lab redskin:Ej1,Id4 undead:Lj7,Kf6 1 0 0")
	if got := movesFrom(p, "d4"); strings.Contains(got, "x") {
		t.Errorf("iron golem captured a distant skeleton: %s", got)
	}
}

func TestOgreIntimidates(t *testing.T) {
	// Three players on the four-player map: a Human Hero between a Greenskin
	// Ogre and an Undead Skeleton may not capture at all, even the Skeleton.
	pos := "four-player-dungeon human:Pk1,Hh8 greenskin:Ja10,Og8 undead:Lk20,Kh9 1 0 0"
	p := mustParse(t, pos)
	if got := movesFrom(p, "h8"); got != "h8g7 h8g9 h8h7 h8i7 h8i8" {
		t.Errorf("intimidated hero: %s", got)
	}
	p = mustParse(t, strings.Replace(pos, "Ja10,Og8", "Ja10,Oc10", 1))
	if got := movesFrom(p, "h8"); !strings.Contains(got, "h8xh9") || !strings.Contains(got, "h8g8") {
		t.Errorf("hero without the ogre: %s", got)
	}
	// An intimidated unit gives no check.
	p = mustParse(t, "unit-lab greenskin:Jj1,Oc4 human:Pd5,Hd4 2 0 0")
	p.toMove = 0
	p.hash = p.recomputeHash()
	if p.threatens(1<<1, mustSq(p, "c4")) {
		t.Error("the hero next to the ogre threatens it")
	}
	p = mustParse(t, "unit-lab greenskin:Jc3,Oa7 human:Pj7,Hd4 1 0 0")
	if !p.InCheck() {
		t.Error("hero next to the warlord, not next to the ogre, should give check")
	}
	p = mustParse(t, "unit-lab greenskin:Jc3,Oe4 human:Pj7,Hd4 1 0 0")
	if p.InCheck() {
		t.Error("intimidated hero gave check")
	}
}

func mustSq(p *Position, s string) int {
	b, _, err := p.m.parseSquare(s)
	if err != nil {
		panic(err)
	}
	return b
}

func TestTrollThickSkinned(t *testing.T) {
	// Greenskin sits North: its Troll is pushed towards rank 10.
	p := mustParse(t, "compact-skirmish human:Pa1,Sc2 greenskin:Ja10,Uc5 1 0 0")
	before := p.String()
	play(t, p, "c2xc5")
	s := p.String()
	if !strings.Contains(s, "Uc6w") || !strings.Contains(s, "Sc5") {
		t.Fatalf("after the first hit: %s", s)
	}
	if p.quiet != 0 {
		t.Error("a wounding hit is a capture for the quiet count")
	}
	play(t, p, "a10a9", "c5xc6")
	if s := p.String(); strings.Contains(s, "U") || !strings.Contains(s, "Sc6") {
		t.Fatalf("the wounded troll should fall to the second hit: %s", s)
	}
	for range 3 {
		p.Undo()
	}
	if p.String() != before {
		t.Fatalf("undo: %s want %s", p, before)
	}
	// The square behind is taken: the Troll is removed at once.
	p = mustParse(t, "compact-skirmish human:Pa1,Sc2 greenskin:Ja10,Uc5,Gc6 1 0 0")
	play(t, p, "c2xc5")
	if s := p.String(); strings.Contains(s, "U") || !strings.Contains(s, "Gc6") {
		t.Fatalf("blocked push: %s", s)
	}
	// Water behind: removed as well.
	p = mustParse(t, "compact-skirmish human:Pa1,Sc2 greenskin:Ja10,Ud3 1 0 0")
	play(t, p, "c2d2", "a10a9", "d2xd3")
	if s := p.String(); strings.Contains(s, "U") {
		t.Fatalf("push into water: %s", s)
	}
	// South's Troll is pushed towards rank 1.
	p = mustParse(t, "compact-skirmish greenskin:Ja1,Uc5 human:Pa10,Sc8 2 0 0")
	play(t, p, "c8xc5")
	if s := p.String(); !strings.Contains(s, "Uc4w") {
		t.Fatalf("south troll push: %s", s)
	}
}

func TestExplosionRemovesTrollOutright(t *testing.T) {
	p := mustParse(t, "compact-skirmish greenskin:Ja1,Ub6,Gb1 redskin:Ej10,Dc7 1 0 0")
	play(t, p, "b6xc7")
	if s := p.String(); strings.Contains(s, "U") || strings.Contains(s, "D") {
		t.Fatalf("the troll capturing the demonics should be gone: %s", s)
	}
}

func TestDemonicsExplosionRemovesTwoKings(t *testing.T) {
	// Four players. Human's Stronghold takes Redskin's Demonics on h8; the
	// Undead and Greenskin Kings stand next to it and go with it, and so do
	// their armies. Human and Redskin play on, Redskin next.
	pos := "four-player-dungeon human:Pk1,Sh13 undead:Lg8,Ka10,Kb11 redskin:Dh8,Ek20 greenskin:Jh7,Gt10 1 0 0"
	p := mustParse(t, pos)
	play(t, p, "h13xh8")
	want := "four-player-dungeon human:Pk1 undead:- redskin:Ek20 greenskin:- 3 0 1"
	if p.String() != want {
		t.Fatalf("after the explosion:\n got %s\nwant %s", p, want)
	}
	o := p.Outcome()
	if o.Over || o.Results[1] != game.Eliminated || o.Results[3] != game.Eliminated || o.Results[0] != game.Ongoing {
		t.Fatalf("outcome %+v", o)
	}
	p.Undo()
	if p.String() != pos {
		t.Fatalf("undo: %s", p)
	}
}

func TestTwoKingsThreePlayers(t *testing.T) {
	// Human's King takes the Demonics next to the Undead King: the captor and
	// the Warlock both go, and Redskin, last King standing, wins. The King's
	// capture is self-destructive, so it is only legal when nothing else is.
	p := mustParse(t, "four-player-dungeon human:Pg7 undead:Lg9,Kh9 redskin:Dg8,Ek20,Bh7,Bh8 1 0 0")
	moves := allMoves(p)
	if moves != "g7xg8 g7xh7 g7xh8" {
		t.Fatalf("moves %q", moves)
	}
	play(t, p, "g7xg8")
	o := p.Outcome()
	if !o.Over || o.Winner() != 2 || o.Results[0] != game.Loss || o.Results[1] != game.Loss {
		t.Fatalf("outcome %+v in %s", o, p)
	}
	if p.ToMove() != game.NoPlayer || len(p.LegalMoves(nil)) != 0 {
		t.Fatal("finished game still has moves")
	}
}

func TestExplosionThreatIsCheck(t *testing.T) {
	// Three players: the Undead King next to Redskin's Demonics (hexed, so
	// not attacking), which the Human Stronghold can take: check for Undead.
	p := mustParse(t, "four-player-dungeon human:Pk1,Sh13 undead:Lg8 redskin:Dh8h2,Ek20 2 0 0")
	if !p.InCheck() {
		t.Fatal("explosion threat is not check")
	}
	p = mustParse(t, "four-player-dungeon human:Pk1,Sa10 undead:Lg8 redskin:Dh8h2,Ek20 2 0 0")
	if p.InCheck() {
		t.Fatal("check without any threat")
	}
}

func TestSalamanderNeedsRetreat(t *testing.T) {
	full := "unit-lab redskin:Ej1,Mc1 human:Pj7,He2,Hd1,He1,Hf1,Hd3,He3,Hf3,Hf2 1 0 0"
	p := mustParse(t, full)
	if got := movesFrom(p, "c1"); strings.Contains(got, "xe2") {
		t.Fatalf("capture without a retreat square allowed: %s", got)
	}
	if _, err := p.ParseMove("c1xe2"); err == nil {
		t.Fatal("ParseMove accepted a capture with no retreat")
	}
	p = mustParse(t, strings.Replace(full, ",Hf2", "", 1))
	if got := movesFrom(p, "c1"); !strings.Contains(got, "c1xe2-f2") || strings.Count(got, "xe2") != 1 {
		t.Fatalf("one retreat square: %s", got)
	}
	_, err := p.ParseMove("c1xe2")
	if err == nil || !strings.Contains(err.Error(), "retreat") {
		t.Fatalf("missing retreat should be explained, got %v", err)
	}
	play(t, p, "c1xe2-f2")
	if s := p.String(); !strings.Contains(s, "Mf2") || strings.Contains(s, "He2") {
		t.Fatalf("after the capture: %s", s)
	}
}

func TestHexLastsTwoOwnerTurns(t *testing.T) {
	start := "compact-skirmish greenskin:Ja1,Qb1,Gj2 human:Nb3,Pj10 1 0 0"
	p := mustParse(t, start)
	if !p.InCheck() {
		t.Fatal("knight on b3 should check a1")
	}
	play(t, p, "b1@b3")
	if got := movesFrom(p, "b3"); got != "" {
		t.Fatalf("hexed knight moves (turn 1): %s", got)
	}
	if !strings.Contains(p.String(), "Nb3h2") || !strings.Contains(p.String(), "Qb1u") {
		t.Fatalf("marks: %s", p)
	}
	play(t, p, "j10j9")
	if p.InCheck() {
		t.Fatal("a hexed unit gives check")
	}
	if got := movesFrom(p, "b1"); strings.Contains(got, "@") {
		t.Fatalf("shaman hexes twice: %s", got)
	}
	play(t, p, "j2j3")
	if got := movesFrom(p, "b3"); got != "" {
		t.Fatalf("hexed knight moves (turn 2): %s", got)
	}
	play(t, p, "j9j10")
	if !p.InCheck() {
		t.Fatal("the hex is over: the knight checks again")
	}
	play(t, p, "a1a2")
	if got := movesFrom(p, "b3"); got == "" {
		t.Fatal("knight still frozen on its owner's third turn")
	}
	for range 5 {
		p.Undo()
	}
	if p.String() != start {
		t.Fatalf("undo: %s", p)
	}
}

func TestCheckRule(t *testing.T) {
	// The Stronghold shields its Princess from the Tomb: it may not step aside.
	p := mustParse(t, "unit-lab human:Pa1,Sa3 undead:Lj7,Ta6 1 0 0")
	if got := movesFrom(p, "a3"); got != "a3a2 a3a4 a3xa6" {
		t.Errorf("pinned stronghold: %s", got)
	}
	// Stepping onto the Kobold's line makes a screen: that is check too.
	p = mustParse(t, "unit-lab human:Pa1,Hb3 redskin:Ej7,Ba7 1 0 0")
	if got := movesFrom(p, "b3"); got != "b3b4 b3c2 b3c3 b3c4" {
		t.Errorf("screen-making moves: %s", got)
	}
}

func TestCheckRuleLifted(t *testing.T) {
	// Every Princess move walks into a Tomb's line: none obeys the check
	// rule, so it is lifted and both are legal.
	p := mustParse(t, "unit-lab human:Pa1 undead:Lj7,Ta4,Tg1 1 0 0")
	if got := allMoves(p); got != "a1a2 a1b1" {
		t.Fatalf("lifted check rule: %q", got)
	}
	// No move at all: the player passes, and the pass can be undone.
	p = mustParse(t, "unit-lab human:Pj1 undead:Lj7,Ta4 1 0 0")
	if got := allMoves(p); got != "pass" {
		t.Fatalf("no moves: %q", got)
	}
	before := p.String()
	play(t, p, "pass")
	if p.ToMove() != 1 || p.quiet != 1 {
		t.Fatalf("after pass: %s", p)
	}
	p.Undo()
	if p.String() != before {
		t.Fatal("undo pass")
	}
}

func TestKingCaptureEndsTwoPlayerGame(t *testing.T) {
	p := mustParse(t, "unit-lab human:Pj1,Hc4 undead:Lc5,Ka7 1 0 0")
	play(t, p, "c4xc5")
	o := p.Outcome()
	if !o.Over || o.Winner() != 0 || o.Results[1] != game.Loss || o.Reason != "king captured" {
		t.Fatalf("outcome %+v", o)
	}
	if p.String() != "unit-lab human:Pj1,Hc5 undead:- - 0 1" {
		t.Fatalf("final position %s", p)
	}
	q, err := ParsePosition(p.String(), labMap)
	if err != nil || q.Outcome().Winner() != 0 {
		t.Fatalf("reparse final: %v", err)
	}
}

func TestFourPlayerElimination(t *testing.T) {
	// Human takes the Greenskin Warlord: every Greenskin unit leaves, the
	// turn order skips the seat, and the others play on.
	pos := "four-player-dungeon human:Pk1,Hh8 undead:Lb10 redskin:Ek20 greenskin:Jh9,Gs10,Gt11,Os9 1 0 0"
	p := mustParse(t, pos)
	play(t, p, "h8xh9")
	want := "four-player-dungeon human:Pk1,Hh9 undead:Lb10 redskin:Ek20 greenskin:- 2 0 1"
	if p.String() != want {
		t.Fatalf("\n got %s\nwant %s", p, want)
	}
	play(t, p, "b10b9", "k20k19")
	if p.ToMove() != 0 {
		t.Fatalf("turn order after elimination: seat %d to move", p.ToMove())
	}
	// Resignation: Undead leaves with its units.
	p.Eliminate(1)
	if !strings.Contains(p.String(), "undead:-") || p.Outcome().Over {
		t.Fatalf("resign: %s", p)
	}
	p.Eliminate(2)
	if o := p.Outcome(); !o.Over || o.Winner() != 0 || o.Reason != "resignation" {
		t.Fatalf("last resignation: %+v", o)
	}
}

func TestResignTwoPlayers(t *testing.T) {
	p := mustParse(t, "unit-lab human:Pj1,Hc4 undead:Lj7,Ka7 1 0 0")
	p.Eliminate(0)
	if o := p.Outcome(); !o.Over || o.Winner() != 1 {
		t.Fatalf("outcome %+v", o)
	}
}

func TestTurnOrderClockwise(t *testing.T) {
	p, err := Game{}.Start(game.Options{"players": "4", "seed": "5"})
	if err != nil {
		t.Fatal(err)
	}
	// Seats 1..4 deploy South, West, North, East.
	d := p.(*Position)
	for s, want := range []string{"South", "West", "North", "East"} {
		k := d.kingSq(s)
		f, r := d.m.fileRank(k)
		var got string
		switch {
		case r <= 1:
			got = "South"
		case r >= 18:
			got = "North"
		case f <= 1:
			got = "West"
		case f >= 18:
			got = "East"
		}
		if got != want {
			t.Errorf("seat %d king on %s, want the %s zone", s+1, d.m.squareName(k), want)
		}
	}
	for want := 0; want < 8; want++ {
		if int(p.ToMove()) != want%4 {
			t.Fatalf("ply %d: seat %d to move", want, p.ToMove())
		}
		p.Play(p.LegalMoves(nil)[0])
	}
}

// Four Kings far apart on the four-player map, and the same with seats
// out: no capture is possible, so every turn counts for the no-capture rule.
const (
	quietFour  = "four-player-dungeon human:Pk1 undead:La10 redskin:Ek20 greenskin:Jt10 1 %d 300"
	quietThree = "four-player-dungeon human:Pk1 undead:La10 redskin:Ek20 greenskin:- 1 %d 300"
	quietTwo   = "unit-lab human:Pj1,Hc4 undead:Lj7,Ka7 1 %d 150"
)

// TestQuietRoundsDraw: 50 rounds without a capture draw, a round being one
// turn of every seat still in: 100 turns with two, 150 with three, 200
// with four.
func TestQuietRoundsDraw(t *testing.T) {
	cases := []struct {
		name   string
		pos    string
		quiet  int
		drawn  bool // at once
		next   bool // after one more quiet turn
		remain []int
	}{
		{"four players, half way", quietFour, 100, false, false, []int{0, 1, 2, 3}},
		{"four players, one turn short", quietFour, 199, false, true, []int{0, 1, 2, 3}},
		{"four players, 50 rounds", quietFour, 200, true, true, []int{0, 1, 2, 3}},
		{"three left, one turn short", quietThree, 149, false, true, []int{0, 1, 2}},
		{"three left, 50 rounds", quietThree, 150, true, true, []int{0, 1, 2}},
		{"two players, one turn short", quietTwo, 99, false, true, []int{0, 1}},
		{"two players, 50 rounds", quietTwo, 100, true, true, []int{0, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, fmt.Sprintf(c.pos, c.quiet))
			checkQuietDraw(t, p, c.drawn, c.remain)
			if c.drawn {
				return
			}
			// A move and a pass (played directly: here every seat has
			// moves) each count as one turn.
			for _, mv := range []game.Move{p.LegalMoves(nil)[0], passMove} {
				q := mustParse(t, fmt.Sprintf(c.pos, c.quiet))
				q.Play(mv)
				checkQuietDraw(t, q, c.next, c.remain)
			}
		})
	}
}

// checkQuietDraw checks that p is drawn by the no-capture rule among the
// seats in remain (the others lose), or that play goes on.
func checkQuietDraw(t *testing.T, p *Position, drawn bool, remain []int) {
	t.Helper()
	o := p.Outcome()
	if !drawn {
		if o.Over || p.ToMove() == game.NoPlayer || len(p.LegalMoves(nil)) == 0 {
			t.Errorf("%s: over (%+v), want play to go on", p, o)
		}
		return
	}
	if !o.Over || o.Reason != "50 rounds without a capture" || p.ToMove() != game.NoPlayer || len(p.LegalMoves(nil)) != 0 {
		t.Fatalf("%s: outcome %+v, want a draw by the no-capture rule", p, o)
	}
	for s := 0; s < p.Players(); s++ {
		want := game.Loss
		if slices.Contains(remain, s) {
			want = game.Draw
		}
		if o.Results[s] != want {
			t.Errorf("%s: seat %d %v, want %v", p, s+1, o.Results[s], want)
		}
	}
}

// TestQuietCountAfterResignation: a resignation keeps the share of the 50
// rounds already played, in turns of the seats left.
func TestQuietCountAfterResignation(t *testing.T) {
	cases := []struct {
		pos       string
		quiet     int
		resign    game.Player
		wantQuiet int
		drawnNext bool // after one more quiet turn
	}{
		{quietFour, 160, 3, 120, false},
		{quietFour, 199, 1, 149, true},
		{quietFour, 0, 2, 0, false},
		{quietThree, 149, 2, 99, true},
		{quietThree, 75, 0, 50, false},
	}
	for _, c := range cases {
		p := mustParse(t, fmt.Sprintf(c.pos, c.quiet))
		p.Eliminate(c.resign)
		if n, limit := p.Quiet(); n != c.wantQuiet || limit != 50*p.liveCount() {
			t.Errorf("%s, seat %d resigns: Quiet() = %d, %d; want %d, %d", fmt.Sprintf(c.pos, c.quiet), c.resign+1, n, limit, c.wantQuiet, 50*p.liveCount())
		}
		if p.Outcome().Over {
			t.Errorf("%s: over after the resignation", p)
			continue
		}
		if q := mustParse(t, p.String()); q.String() != p.String() {
			t.Errorf("round trip after the resignation: %s, want %s", q, p)
		}
		p.Play(p.LegalMoves(nil)[0])
		if got := p.Outcome().Over; got != c.drawnNext {
			t.Errorf("%s: over %v, want %v", p, got, c.drawnNext)
		}
	}
}

func TestThreefoldRepetition(t *testing.T) {
	p := mustParse(t, "unit-lab human:Pj1,Hc4 undead:Lj7,Ka7 1 0 0")
	for i := 0; i < 2; i++ {
		play(t, p, "c4c3", "a7a6", "c3c4")
		if i == 1 {
			break
		}
		play(t, p, "a6a7")
	}
	if p.Outcome().Over {
		t.Fatal("over before the third occurrence")
	}
	play(t, p, "a6a7")
	if o := p.Outcome(); !o.Over || o.Reason != "threefold repetition" {
		t.Fatalf("outcome %+v", o)
	}
}

func TestNullMove(t *testing.T) {
	p := mustParse(t, "unit-lab human:Pj1,Hc4 undead:Lj7,Ka7 1 0 0")
	before, h := p.String(), p.Hash()
	p.PlayNull()
	if p.ToMove() != 1 || p.Hash() == h {
		t.Fatal("null move did not pass the turn")
	}
	p.UndoNull()
	if p.String() != before || p.Hash() != h {
		t.Fatal("UndoNull")
	}
}

func TestSearchHooks(t *testing.T) {
	// Human to move can take the Undead Tomb (12 XP) with the Hero.
	p := mustParse(t, "unit-lab human:Pj1,Hc4 undead:Lj7,Tc5,Ka7 1 0 0")
	noisy := p.NoisyMoves(nil)
	if len(noisy) != 1 || p.MoveString(noisy[0]) != "c4xc5" || !p.IsNoisy(noisy[0]) {
		t.Fatalf("noisy moves %v", noisy)
	}
	if g := p.Gain(noisy[0]); g != 120 {
		t.Fatalf("gain %d, want 120", g)
	}
	quiet, _ := p.ParseMove("c4c3")
	if p.IsNoisy(quiet) || p.Gain(quiet) != 0 {
		t.Fatal("quiet move counted as noisy")
	}
	// Material decides: Undead is a Tomb up.
	if e := p.Evaluate(0); e >= 0 {
		t.Fatalf("evaluation for Human %d, want negative", e)
	}
	p.Play(noisy[0])
	if e0, e1 := p.Evaluate(0), p.Evaluate(1); e0 <= 0 || e1 >= 0 {
		t.Fatalf("after winning the tomb: %d %d", e0, e1)
	}
	// Several opponents: against the strongest one.
	q := mustParse(t, "four-player-dungeon human:Pk1,Hk2 undead:La10,Ta11,Ra12 redskin:Ek20 greenskin:Jt10 1 0 0")
	if e := q.Evaluate(0); e >= 0 {
		t.Fatalf("Human against a strong Undead: %d", e)
	}
	if e := q.Evaluate(1); e <= 0 {
		t.Fatalf("Undead, the strongest: %d", e)
	}
}

func TestReplacementCapture(t *testing.T) {
	// The cannon lands on its target; the Archer on the square it hit.
	p := mustParse(t, "unit-lab redskin:Ej1,Bb1,Bb3 human:Pj7,Hb6 1 0 0")
	play(t, p, "b1xb6")
	if want := "unit-lab redskin:Ej1,Bb3,Bb6 human:Pj7 2 0 1"; p.String() != want {
		t.Fatalf("cannon capture: %s, want %s", p, want)
	}
	p = mustParse(t, "unit-lab human:Pj1,Ad4 undead:Lj7,Tf6 1 0 0")
	play(t, p, "d4xf6")
	if want := "unit-lab human:Pj1,Af6 undead:Lj7 2 0 1"; p.String() != want {
		t.Fatalf("archer capture: %s, want %s", p, want)
	}
}

func TestNoKingsLeftIsDraw(t *testing.T) {
	// Not reachable by an explosion (the Demonics' own King survives it),
	// but the outcome rule is general: no King left, a draw among them.
	p := mustParse(t, "four-player-dungeon human:- undead:- redskin:- - 0 9")
	o := p.Outcome()
	if !o.Over || o.Results[0] != game.Draw || o.Results[2] != game.Draw || o.Winner() != game.NoPlayer {
		t.Fatalf("outcome %+v", o)
	}
}

func TestSalamanderHitsTroll(t *testing.T) {
	// The pushed Troll takes b6, so the Salamander cannot retreat there.
	p := mustParse(t, "compact-skirmish redskin:Ea1,Ma3 greenskin:Jj10,Ub5 1 0 0")
	var caps []string
	for _, w := range strings.Fields(movesFrom(p, "a3")) {
		if strings.Contains(w, "x") {
			caps = append(caps, w)
		}
	}
	want := "a3xb5-a4 a3xb5-a5 a3xb5-a6 a3xb5-b4 a3xb5-c4 a3xb5-c5 a3xb5-c6"
	if strings.Join(caps, " ") != want {
		t.Fatalf("captures %v, want %s", caps, want)
	}
	play(t, p, "a3xb5-c4")
	if s := p.String(); !strings.Contains(s, "Mc4") || !strings.Contains(s, "Ub6w") {
		t.Fatalf("after the hit: %s", s)
	}
}

// TestHexObeysTheCheckRule: a hex is an action like any other. In check,
// only a hex that takes away every threat to the own King is legal, unless
// no action at all obeys the check rule; out of check every hex is legal.
func TestHexObeysTheCheckRule(t *testing.T) {
	cases := []struct {
		name  string
		pos   string
		hexes string // the legal hexes
		all   string // every legal action, when listed
	}{
		{
			// The Knight on b3 checks the Warlord: hexing it is one way out,
			// hexing the Princess is none.
			name:  "hexing the checker",
			pos:   "compact-skirmish greenskin:Ja1,Qb1,Gj2 human:Nb3,Pj10 1 0 0",
			hexes: "b1@b3",
			all:   "a1a2 a1b2 a1xb3 b1@b3 b1xb3",
		},
		{
			// Knight and Stronghold both check: a hex stops only one of
			// them, so only the King's own moves obey the rule.
			name:  "double check",
			pos:   "compact-skirmish greenskin:Ja1,Qj1 human:Nb3,Sa8,Pi10 1 0 0",
			hexes: "",
			all:   "a1b1 a1b2 a1xb3",
		},
		{
			// As above with the King boxed in and the Knight defended:
			// nothing obeys the rule, so it is lifted and every hex is
			// legal again, with every other action the units allow.
			name:  "check rule lifted",
			pos:   "compact-skirmish greenskin:Ja1,Gb1,Gb2,Qj1 human:Nb3,Hc4,Sa8,Pi10 1 0 0",
			hexes: "j1@a8 j1@b3 j1@c4 j1@i10",
		},
		{
			// Four players: the Warlord stands next to a hexed Demonics
			// that the Human Stronghold can take, whose explosion would
			// destroy it. Hexing the Stronghold is the only way out;
			// hexing the Demonics again changes nothing.
			name:  "explosion threat",
			pos:   "four-player-dungeon human:Pk1,Sh13 undead:Lb10 redskin:Dh8h2,Ek20 greenskin:Jg8,Qs10 4 0 0",
			hexes: "s10@h13",
			all:   "s10@h13",
		},
		{
			// Out of check every hex is legal.
			name:  "not in check",
			pos:   "compact-skirmish greenskin:Ja1,Qb1,Gj2 human:Nc4,Pj10 1 0 0",
			hexes: "b1@c4 b1@j10",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.pos)
			legal := p.LegalMoves(nil)
			var hexes []string
			for _, mv := range legal {
				if mType(mv) == mtHex {
					hexes = append(hexes, p.MoveString(mv))
				}
			}
			slices.Sort(hexes)
			if got := strings.Join(hexes, " "); got != c.hexes {
				t.Errorf("legal hexes %q, want %q", got, c.hexes)
			}
			if c.all != "" {
				if got := allMoves(p); got != c.all {
					t.Errorf("legal actions %q, want %q", got, c.all)
				}
			}
			// The check rule: every legal action leaves the King safe,
			// unless the rule is lifted, when every action is legal.
			s := int(p.toMove)
			safe := 0
			for _, mv := range legal {
				p.Play(mv)
				if !p.inCheck(s) {
					safe++
				}
				p.Undo()
			}
			pseudo := len(p.pseudo(nil, false))
			if safe != len(legal) && (safe != 0 || len(legal) != pseudo) {
				t.Errorf("%d of %d legal actions leave the King safe, %d actions the units allow", safe, len(legal), pseudo)
			}
			if n, _ := p.countLegal(nil); n != uint64(len(legal)) {
				t.Errorf("bulk count %d, %d legal actions", n, len(legal))
			}
		})
	}
}

// TestDemonicsLeavingDoesNotExplode: a Demonics explodes when an action
// removes it, not when it leaves the board with its eliminated owner.
func TestDemonicsLeavingDoesNotExplode(t *testing.T) {
	// Redskin's Demonics stands next to the Undead King and a Human Hero;
	// the Human Stronghold can take either the Demonics or the Red Dragon.
	const pos = "four-player-dungeon human:Pk1,Hi8,Sh13 undead:Lg8 redskin:Dh8,Em13 greenskin:Jt10 1 0 0"
	cases := []struct {
		name   string
		action string // a move, or "resign" for Redskin resigning
		want   string
	}{
		// The capture explodes: the King and Hero next to it go, and the
		// Stronghold that took it; Undead is out and Redskin moves next.
		{"Demonics captured", "h13xh8", "four-player-dungeon human:Pk1 undead:- redskin:Em13 greenskin:Jt10 3 0 1"},
		// Redskin's King is taken: its Demonics leaves without exploding.
		{"owner's King captured", "h13xm13", "four-player-dungeon human:Pk1,Hi8,Sm13 undead:Lg8 redskin:- greenskin:Jt10 2 0 1"},
		// Redskin resigns: the same.
		{"owner resigns", "resign", "four-player-dungeon human:Pk1,Hi8,Sh13 undead:Lg8 redskin:- greenskin:Jt10 1 0 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, pos)
			if c.action == "resign" {
				p.Eliminate(2)
			} else {
				play(t, p, c.action)
			}
			if p.String() != c.want {
				t.Fatalf("\n got %s\nwant %s", p, c.want)
			}
			if err := checkInvariants(p); err != nil {
				t.Fatal(err)
			}
			if c.action != "resign" {
				p.Undo()
				if p.String() != pos {
					t.Fatalf("undo: %s", p)
				}
			}
		})
	}
	// Nor is the threat of taking the owner's King check: the Stronghold
	// on m12 reaches the Red Dragon but not the hexed Demonics next to the
	// Undead King.
	p := mustParse(t, "four-player-dungeon human:Pk1,Sm12 undead:Lg8 redskin:Dh8h2,Em13 greenskin:Jt10 2 0 0")
	if p.InCheck() {
		t.Error("a Demonics that would leave with its owner counts as an explosion threat")
	}
}
