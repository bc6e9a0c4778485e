package swiss

import (
	"errors"
	"reflect"
	"testing"
)

// step is one round of a worked example: the pairing expected, and the
// results then played (White's half points, board by board; nil for
// "the higher-rated player wins").
type step struct {
	want    Round
	results []int
}

// The worked examples below were paired by hand from the rules of the
// FIDE handbook, C.04.3 (Dutch system) with C.04.1, one bracket at a time:
// S1 against S2, the transpositions of S2 in order, the colour allocation
// rules E.1 to E.5. Each comment says the step that decides the round.
func TestPairRoundWorked(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		rounds int
		steps  []step
	}{{
		// Nine players, the higher rated always winning.
		name: "nine players, favourites win", n: 9, rounds: 3,
		steps: []step{{
			// Round 1: 1-5, 2-6, 3-7, 4-8 with odd pairing numbers on
			// White in S1; the lowest-ranked player, 9, has the bye.
			want: Round{Pairs: []Pair{{"p1", "p5"}, {"p6", "p2"}, {"p3", "p7"}, {"p8", "p4"}}, Bye: "p9"},
		}, {
			// Round 2: the bracket on 1 point is 1,2,3,4,9, S1 = 1,2 and
			// one player floats. 1-3, 2-4 would deny two colour
			// preferences; 1-4, 2-3 denies none but floats 9 down again
			// after its bye (a downfloat), which C12 avoids when it can:
			// 1-4, 2-9 denies none and floats 3. 3 meets the top
			// resident below, 5; in the remainder 6,7,8 the pair is 6-7
			// and 8 has the bye.
			want: Round{Pairs: []Pair{{"p4", "p1"}, {"p2", "p9"}, {"p5", "p3"}, {"p7", "p6"}}, Bye: "p8"},
		}, {
			// Round 3: 1, 2 and 3 lead with 2 points. 1-2 floats 3, who
			// floated last round; 1-3 denies a preference; 2-3 does
			// neither, so 1 floats. 1 cannot meet 4 again and would deny
			// 6 its colour, so meets 8; of 4,6,9 the pair is 4-9, since
			// 9 floated down two rounds ago (C14) and 6 did not. 6 then
			// meets 5 below and 7 has the bye.
			want: Round{Pairs: []Pair{{"p1", "p8"}, {"p3", "p2"}, {"p9", "p4"}, {"p6", "p5"}}, Bye: "p7"},
		}},
	}, {
		// Six players, with draws, floaters and a last-round tie of
		// preferences.
		name: "six players with floaters", n: 6, rounds: 3,
		steps: []step{{
			// Round 1: 1-4, 2-5, 3-6; 2 is on Black (even number).
			want:    Round{Pairs: []Pair{{"p1", "p4"}, {"p5", "p2"}, {"p3", "p6"}}},
			results: []int{2, 1, 0}, // 1 wins, 2 and 5 draw, 6 wins
		}, {
			// Round 2: 1-6 on 1 point, 6 on White (alternation). 2 and
			// 5 on a half have met, so both float: 2 meets 3 and 5 meets
			// 4, each on the colour it is due.
			want:    Round{Pairs: []Pair{{"p6", "p1"}, {"p2", "p3"}, {"p4", "p5"}}},
			results: []int{2, 2, 1}, // 6 wins, 2 wins, 4 and 5 draw
		}, {
			// Round 3: 6 (2 points) floats to 2 (1.5): both are due
			// Black and had the same colours every round, so the
			// higher-ranked 6 gets it (E.4). 1-5 likewise give the
			// higher-ranked 1 White. 4 floats down to meet 3.
			want: Round{Pairs: []Pair{{"p2", "p6"}, {"p1", "p5"}, {"p3", "p4"}}},
		}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := newEvent(tt.n)
			for i, st := range tt.steps {
				got, err := PairRound(History(ev.entries, ev.games, i), i+1, tt.rounds)
				if err != nil {
					t.Fatalf("round %d: %v", i+1, err)
				}
				if !reflect.DeepEqual(got, st.want) {
					t.Fatalf("round %d: got %+v, want %+v", i+1, got, st.want)
				}
				res := st.results
				if res == nil {
					res = ev.higherWins(got)
				}
				ev.record(i+1, got, res)
			}
		})
	}
}

// TestPairRoundBrackets checks single rounds built by hand, each isolating
// one rule.
func TestPairRoundBrackets(t *testing.T) {
	tests := []struct {
		name    string
		players []Player
		round   int
		rounds  int
		want    Round
	}{{
		// S1 = a,b and S2 = c,d, but both a and b have met c and d: only
		// an exchange pairs the bracket (a-b, c-d).
		name: "exchange", round: 3, rounds: 5,
		players: []Player{
			{ID: "a", Rating: 4, Score: 2, Colours: []Colour{White, Black}, Opponents: []string{"c", "d"}},
			{ID: "b", Rating: 3, Score: 2, Colours: []Colour{Black, White}, Opponents: []string{"c", "d"}},
			{ID: "c", Rating: 2, Score: 2, Colours: []Colour{Black, White}, Opponents: []string{"a", "b"}},
			{ID: "d", Rating: 1, Score: 2, Colours: []Colour{White, Black}, Opponents: []string{"a", "b"}},
		},
		want: Round{Pairs: []Pair{{"a", "b"}, {"d", "c"}}},
	}, {
		// The lowest-ranked player has had the bye, so the next one up
		// takes it.
		name: "bye skips a player who had one", round: 2, rounds: 3,
		players: []Player{
			{ID: "a", Rating: 3, Score: 2, Colours: []Colour{White}, Opponents: []string{"x"}},
			{ID: "b", Rating: 2, Score: 0, Colours: []Colour{Black}, Opponents: []string{"y"}},
			{ID: "c", Rating: 1, Score: 2, Colours: []Colour{None}, Byes: 1},
		},
		want: Round{Pairs: []Pair{{"c", "a"}}, Bye: "b"},
	}, {
		// Two players both due White absolutely (two Blacks running)
		// may not meet before the last round, so each floats to a
		// partner due Black.
		name: "absolute colour clash", round: 3, rounds: 5,
		players: []Player{
			{ID: "a", Rating: 4, Score: 2, Colours: []Colour{Black, Black}, Opponents: []string{"q", "r"}},
			{ID: "b", Rating: 3, Score: 2, Colours: []Colour{Black, Black}, Opponents: []string{"s", "t"}},
			{ID: "c", Rating: 2, Score: 0, Colours: []Colour{White, White}, Opponents: []string{"u", "v"}},
			{ID: "d", Rating: 1, Score: 0, Colours: []Colour{White, Black}, Opponents: []string{"w", "x"}},
		},
		want: Round{Pairs: []Pair{{"a", "c"}, {"b", "d"}}},
	}, {
		// Two topscorers due White absolutely may meet in the last
		// round; the wider colour difference (b's) gets White, and
		// below, the absolute preference beats the strong one.
		name: "topscorers meet in the last round", round: 4, rounds: 4,
		players: []Player{
			{ID: "a", Rating: 4, Score: 4, Colours: []Colour{White, Black, Black}, Opponents: []string{"q", "r", "s"}},
			{ID: "b", Rating: 3, Score: 4, Colours: []Colour{None, Black, Black}, Opponents: []string{"t", "u"}, Byes: 1},
			{ID: "c", Rating: 2, Score: 0, Colours: []Colour{White, White, Black}, Opponents: []string{"v", "w", "x"}},
			{ID: "d", Rating: 1, Score: 0, Colours: []Colour{Black, White, White}, Opponents: []string{"y", "z", "q"}},
		},
		want: Round{Pairs: []Pair{{"b", "a"}, {"c", "d"}}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PairRound(tt.players, tt.round, tt.rounds)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestPairRoundInitialColour(t *testing.T) {
	tests := []struct {
		initial Colour
		want    []Pair
	}{
		{None, []Pair{{"p1", "p3"}, {"p4", "p2"}}},
		{White, []Pair{{"p1", "p3"}, {"p4", "p2"}}},
		{Black, []Pair{{"p3", "p1"}, {"p2", "p4"}}},
	}
	for _, tt := range tests {
		t.Run(tt.initial.String(), func(t *testing.T) {
			got, err := PairRoundOptions(field(4), 1, 3, Options{InitialColour: tt.initial})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Pairs, tt.want) || got.Bye != "" {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestPairRoundRelaxColours(t *testing.T) {
	// a and b both had White twice: they may only meet past the limits.
	clash := []Player{
		{ID: "a", Rating: 2, Colours: []Colour{White, White}},
		{ID: "b", Rating: 1, Colours: []Colour{White, White}},
	}
	met := []Player{
		{ID: "a", Rating: 2, Colours: []Colour{White, Black}, Opponents: []string{"b"}},
		{ID: "b", Rating: 1, Colours: []Colour{Black, White}, Opponents: []string{"a"}},
	}
	tests := []struct {
		name    string
		players []Player
		relax   bool
		want    Round
		wantErr bool
	}{
		{"colours, strict", clash, false, Round{}, true},
		// One of them must be denied; the higher-ranked a is not.
		{"colours, relaxed", clash, true, Round{Pairs: []Pair{{"b", "a"}}}, false},
		{"repeat, relaxed", met, true, Round{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PairRoundOptions(tt.players, 3, 5, Options{RelaxColours: tt.relax})
			if (err != nil) != tt.wantErr || !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v, %v; want %+v, error %v", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestPairRoundErrors(t *testing.T) {
	met := func(ps []Player) []Player {
		for i := range ps {
			for j := range ps {
				if i != j {
					ps[i].Opponents = append(ps[i].Opponents, ps[j].ID)
				}
			}
		}
		return ps
	}
	tests := []struct {
		name          string
		players       []Player
		round, rounds int
		noPairing     bool
	}{
		{"round zero", field(4), 0, 3, false},
		{"round past the end", field(4), 4, 3, false},
		{"empty ID", []Player{{ID: ""}, {ID: "a"}}, 1, 3, false},
		{"repeated ID", []Player{{ID: "a"}, {ID: "a"}}, 1, 3, false},
		{"everyone has met", met(field(4)), 4, 5, true},
		{"nobody may take the bye", []Player{{ID: "a", Byes: 1}}, 2, 3, true},
		{"colours", []Player{
			{ID: "a", Colours: []Colour{White, White}},
			{ID: "b", Colours: []Colour{White, White}},
		}, 3, 5, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := PairRound(tt.players, tt.round, tt.rounds)
			if err == nil {
				t.Fatal("no error")
			}
			if errors.Is(err, ErrNoPairing) != tt.noPairing {
				t.Fatalf("error %v: ErrNoPairing %v, want %v", err, !tt.noPairing, tt.noPairing)
			}
		})
	}
}
