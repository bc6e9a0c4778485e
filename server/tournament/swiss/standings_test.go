package swiss

import (
	"reflect"
	"testing"
)

// The expected tie-breaks were worked by hand with the virtual-opponent
// rule described in the package doc.
func TestStandings(t *testing.T) {
	tests := []struct {
		name  string
		ids   []string
		games []Game
		want  []Standing
	}{{
		name: "byes and draws",
		ids:  []string{"a", "b", "c", "d", "e"},
		games: []Game{
			{Round: 1, White: "a", Black: "b", WhiteScore: 2},
			{Round: 1, White: "c", Black: "d", WhiteScore: 1},
			{Round: 1, White: "e", WhiteScore: 2},
			{Round: 2, White: "a", Black: "c", WhiteScore: 1},
			{Round: 2, White: "e", Black: "b", WhiteScore: 0},
			{Round: 2, White: "d", WhiteScore: 2},
		},
		// d's bye in round 2 is against a virtual opponent on 1 (d's
		// score before it); e's in round 1 against one on 0 who then
		// draws round 2. Opponents' unplayed rounds count as draws, so
		// e counts 1 in b's Buchholz and d counts 2 in c's.
		want: []Standing{
			{ID: "a", Score: 3, Buchholz: 4, SonnebornBerger: 6, Rank: 1},
			{ID: "d", Score: 3, Buchholz: 3, SonnebornBerger: 4, Rank: 2},
			{ID: "c", Score: 2, Buchholz: 5, SonnebornBerger: 5, Rank: 3},
			{ID: "b", Score: 2, Buchholz: 4, SonnebornBerger: 2, Rank: 4},
			{ID: "e", Score: 2, Buchholz: 3, SonnebornBerger: 2, Rank: 5},
		},
	}, {
		name: "everything tied shares the rank, in the order given",
		ids:  []string{"d", "a", "c", "b"},
		games: []Game{
			{Round: 1, White: "a", Black: "b", WhiteScore: 1},
			{Round: 1, White: "c", Black: "d", WhiteScore: 1},
		},
		want: []Standing{
			{ID: "d", Score: 1, Buchholz: 1, SonnebornBerger: 1, Rank: 1},
			{ID: "a", Score: 1, Buchholz: 1, SonnebornBerger: 1, Rank: 1},
			{ID: "c", Score: 1, Buchholz: 1, SonnebornBerger: 1, Rank: 1},
			{ID: "b", Score: 1, Buchholz: 1, SonnebornBerger: 1, Rank: 1},
		},
	}, {
		// z has no game at all: an absence, a virtual opponent who won.
		name: "absence",
		ids:  []string{"z", "y", "x"},
		games: []Game{
			{Round: 1, White: "x", Black: "y", WhiteScore: 2},
		},
		want: []Standing{
			{ID: "x", Score: 2, Buchholz: 0, SonnebornBerger: 0, Rank: 1},
			{ID: "z", Score: 0, Buchholz: 2, SonnebornBerger: 0, Rank: 2},
			{ID: "y", Score: 0, Buchholz: 2, SonnebornBerger: 0, Rank: 2},
		},
	}, {
		name: "no games",
		ids:  []string{"a", "b"},
		want: []Standing{{ID: "a", Rank: 1}, {ID: "b", Rank: 1}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Standings(tt.ids, tt.games)
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}
