package swiss

import (
	"reflect"
	"testing"
)

func TestHistory(t *testing.T) {
	games := []Game{
		{Round: 1, White: "a", Black: "b", WhiteScore: 2},
		{Round: 1, White: "c", Black: "d", WhiteScore: 1},
		{Round: 1, White: "e", WhiteScore: 2},
		{Round: 2, White: "a", Black: "c", WhiteScore: 1},
		{Round: 2, White: "e", Black: "b", WhiteScore: 0},
		{Round: 2, White: "d", WhiteScore: 2},
		{Round: 3, White: "a", Black: "d", WhiteScore: 2},
	}
	entries := []Entry{{"a", 5}, {"b", 4}, {"c", 3}, {"d", 2}, {"e", 1}}
	tests := []struct {
		name    string
		entries []Entry
		games   []Game
		played  int
		want    []Player
	}{{
		// After round 1 everyone was on 0 when paired: no floats but
		// e's bye, which is a downfloat.
		name: "one round", entries: entries, games: games, played: 1,
		want: []Player{
			{ID: "a", Rating: 5, Score: 2, Colours: []Colour{White}, Opponents: []string{"b"}, Floats: []Float{Level}},
			{ID: "b", Rating: 4, Score: 0, Colours: []Colour{Black}, Opponents: []string{"a"}, Floats: []Float{Level}},
			{ID: "c", Rating: 3, Score: 1, Colours: []Colour{White}, Opponents: []string{"d"}, Floats: []Float{Level}},
			{ID: "d", Rating: 2, Score: 1, Colours: []Colour{Black}, Opponents: []string{"c"}, Floats: []Float{Level}},
			{ID: "e", Rating: 1, Score: 2, Colours: []Colour{None}, Byes: 1, Floats: []Float{Down}},
		},
	}, {
		// In round 2 a (2) met c (1) and e (2) met b (0).
		name: "two rounds", entries: entries, games: games, played: 2,
		want: []Player{
			{ID: "a", Rating: 5, Score: 3, Colours: []Colour{White, White}, Opponents: []string{"b", "c"}, Floats: []Float{Level, Down}},
			{ID: "b", Rating: 4, Score: 2, Colours: []Colour{Black, Black}, Opponents: []string{"a", "e"}, Floats: []Float{Level, Up}},
			{ID: "c", Rating: 3, Score: 2, Colours: []Colour{White, Black}, Opponents: []string{"d", "a"}, Floats: []Float{Level, Up}},
			{ID: "d", Rating: 2, Score: 3, Colours: []Colour{Black, None}, Opponents: []string{"c"}, Byes: 1, Floats: []Float{Level, Down}},
			{ID: "e", Rating: 1, Score: 2, Colours: []Colour{None, White}, Opponents: []string{"b"}, Byes: 1, Floats: []Float{Down, Down}},
		},
	}, {
		// b has withdrawn, and a late entrant f has played nothing; a
		// requested half-point bye is a downfloat but not the bye.
		name:    "withdrawal, late entry, half-point bye",
		entries: []Entry{{"a", 5}, {"f", 9}},
		games: []Game{
			{Round: 1, White: "a", Black: "b", WhiteScore: 0},
			{Round: 2, White: "a", WhiteScore: 1},
		},
		played: 2,
		want: []Player{
			{ID: "a", Rating: 5, Score: 1, Colours: []Colour{White, None}, Opponents: []string{"b"}, Floats: []Float{Level, Down}},
			{ID: "f", Rating: 9, Score: 0, Colours: []Colour{None, None}, Floats: []Float{Level, Level}},
		},
	}, {
		name: "nothing played", entries: entries[:1], games: games, played: 0,
		want: []Player{{ID: "a", Rating: 5, Colours: []Colour{}, Floats: []Float{}}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := History(tt.entries, tt.games, tt.played)
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}
