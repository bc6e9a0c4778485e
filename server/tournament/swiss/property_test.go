package swiss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// absPref is the test's own reading of C.04.3 A.6: the colour a player
// must get, or None.
func absPref(cs []Colour) Colour {
	diff := 0
	var played []Colour
	for _, c := range cs {
		if c != None {
			played = append(played, c)
			if c == White {
				diff++
			} else {
				diff--
			}
		}
	}
	n := len(played)
	switch {
	case diff < -1:
		return White
	case diff > 1:
		return Black
	case n >= 2 && played[n-1] == played[n-2]:
		if played[n-1] == White {
			return Black
		}
		return White
	}
	return None
}

// mayMeet is the absolute criteria for one pair, written again here so
// the brute force does not trust the code under test.
func mayMeet(a, b Player, round, rounds int, anyColours bool) bool {
	for _, o := range a.Opponents {
		if o == b.ID {
			return false
		}
	}
	top := func(p Player) bool { return round == rounds && round > 1 && p.Score > round-1 }
	pa, pb := absPref(a.Colours), absPref(b.Colours)
	return anyColours || pa == None || pa != pb || top(a) || top(b)
}

// pairable reports by brute force whether the players can all be paired,
// one of them taking the bye when odd; anyColours ignores the colour
// limits.
func pairable(ps []Player, round, rounds int, anyColours bool) bool {
	left := make([]bool, len(ps))
	var try func(byeTaken bool) bool
	try = func(byeTaken bool) bool {
		i := 0
		for i < len(ps) && !left[i] {
			i++
		}
		if i == len(ps) {
			return true
		}
		left[i] = false
		defer func() { left[i] = true }()
		if !byeTaken && len(ps)%2 == 1 && ps[i].Byes == 0 && try(true) {
			return true
		}
		for j := i + 1; j < len(ps); j++ {
			if left[j] && mayMeet(ps[i], ps[j], round, rounds, anyColours) {
				left[j] = false
				ok := try(byeTaken)
				left[j] = true
				if ok {
					return true
				}
			}
		}
		return false
	}
	for i := range left {
		left[i] = true
	}
	return try(false)
}

// checkRound checks one round's pairing against the absolute criteria and
// for determinism, returning a description of the first fault. With
// relax, the colour limits may only give way when the strict pairing
// fails.
func checkRound(ps []Player, round, rounds int, relax bool, got Round, err error, rng *rand.Rand) error {
	relaxed := false
	if relax {
		strict, serr := PairRound(ps, round, rounds)
		if serr == nil && (err != nil || !reflect.DeepEqual(strict, got)) {
			return fmt.Errorf("relaxing changed a round that pairs strictly: %+v, strictly %+v", got, strict)
		}
		relaxed = serr != nil
	}
	if err != nil {
		if !errors.Is(err, ErrNoPairing) {
			return fmt.Errorf("error %v does not wrap ErrNoPairing", err)
		}
		if len(ps) <= 12 && pairable(ps, round, rounds, relaxed) {
			return fmt.Errorf("error %v, but a pairing exists", err)
		}
		return nil
	}
	if len(ps) <= 12 && !pairable(ps, round, rounds, relaxed) {
		return fmt.Errorf("paired %+v, but brute force finds no pairing", got)
	}
	byID := map[string]Player{}
	for _, p := range ps {
		byID[p.ID] = p
	}
	seen := map[string]bool{}
	mark := func(id string) error {
		if _, ok := byID[id]; !ok || seen[id] {
			return fmt.Errorf("%q unknown or placed twice in %+v", id, got)
		}
		seen[id] = true
		return nil
	}
	top := func(p Player) bool { return round == rounds && round > 1 && p.Score > round-1 }
	within := func(p Player, c Colour, excused bool) error {
		cs := append(append([]Colour(nil), p.Colours...), c)
		diff, run := 0, 0
		var prev Colour
		for _, c := range cs {
			switch c {
			case None:
				continue
			case White:
				diff++
			default:
				diff--
			}
			if c == prev {
				run++
			} else {
				run = 1
			}
			prev = c
		}
		if (diff > 2 || diff < -2 || run > 2) && !excused {
			return fmt.Errorf("%s gets %v after %v", p.ID, c, p.Colours)
		}
		return nil
	}
	for _, g := range got.Pairs {
		if err := mark(g.White); err != nil {
			return err
		}
		if err := mark(g.Black); err != nil {
			return err
		}
		w, b := byID[g.White], byID[g.Black]
		for _, o := range w.Opponents {
			if o == b.ID {
				return fmt.Errorf("%s and %s meet again", w.ID, b.ID)
			}
		}
		excused := relaxed || top(w) || top(b)
		if err := within(w, White, excused); err != nil {
			return err
		}
		if err := within(b, Black, excused); err != nil {
			return err
		}
	}
	if got.Bye != "" {
		if err := mark(got.Bye); err != nil {
			return err
		}
		if byID[got.Bye].Byes > 0 {
			return fmt.Errorf("%s gets a second bye", got.Bye)
		}
	}
	if len(seen) != len(ps) || (got.Bye != "") != (len(ps)%2 == 1) {
		return fmt.Errorf("%d of %d placed, bye %q", len(seen), len(ps), got.Bye)
	}
	shuffled := append([]Player(nil), ps...)
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	again, err := PairRoundOptions(shuffled, round, rounds, Options{RelaxColours: relax})
	if err != nil || !reflect.DeepEqual(again, got) {
		return fmt.Errorf("shuffled input paired %+v (%v), first %+v", again, err, got)
	}
	return nil
}

// tournament plays a random Swiss tournament of n players over the given
// rounds, checking every round; a player sometimes withdraws, and odd
// seeds relax the colour limits. It stops at the first round that cannot
// be paired.
func tournament(seed uint64, n, rounds int) error {
	relax := seed%2 == 1
	rng := rand.New(rand.NewPCG(seed, seed>>7^0x9e37))
	ev := &event{}
	for i := range n {
		// Few distinct ratings, so ties by ID matter.
		ev.entries = append(ev.entries, Entry{ID: fmt.Sprintf("id%02d-%d", rng.IntN(100), i), Rating: 1500 + 50*rng.IntN(6)})
	}
	for round := 1; round <= rounds; round++ {
		if len(ev.entries) > 2 && rng.IntN(8) == 0 {
			k := rng.IntN(len(ev.entries))
			ev.entries = append(ev.entries[:k:k], ev.entries[k+1:]...)
		}
		ps := History(ev.entries, ev.games, round-1)
		got, err := PairRoundOptions(ps, round, rounds, Options{RelaxColours: relax})
		if err := checkRound(ps, round, rounds, relax, got, err, rng); err != nil {
			return fmt.Errorf("round %d of %d, %d players: %w", round, rounds, len(ps), err)
		}
		if err != nil {
			return nil
		}
		res := make([]int, len(got.Pairs))
		for k := range res {
			res[k] = rng.IntN(3)
		}
		ev.record(round, got, res)
	}
	return nil
}

func TestPairRoundProperties(t *testing.T) {
	tests := []struct {
		n, rounds, seeds int
	}{
		{1, 1, 3}, {2, 3, 10}, {3, 3, 20}, {4, 3, 40}, {5, 5, 40},
		{6, 5, 60}, {7, 6, 60}, {8, 7, 60}, {9, 7, 40}, {10, 9, 30},
		{11, 7, 20}, {12, 9, 20}, {40, 7, 5},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d", tt.n, tt.rounds), func(t *testing.T) {
			for s := range tt.seeds {
				if err := tournament(uint64(s*1001+tt.n), tt.n, tt.rounds); err != nil {
					t.Fatalf("seed %d: %v", s, err)
				}
			}
		})
	}
}

// TestPairRoundLargeField pairs a 500-player event for nine rounds.
func TestPairRoundLargeField(t *testing.T) {
	if testing.Short() {
		t.Skip("large field")
	}
	if err := tournament(7, 500, 9); err != nil {
		t.Fatal(err)
	}
}

func FuzzPairRound(f *testing.F) {
	f.Add(uint64(1), uint8(7), uint8(5))
	f.Add(uint64(42), uint8(4), uint8(3))
	f.Add(uint64(9), uint8(11), uint8(9))
	f.Fuzz(func(t *testing.T, seed uint64, n, rounds uint8) {
		if err := tournament(seed, int(n%13)+1, int(rounds%10)+1); err != nil {
			t.Fatal(err)
		}
	})
}
