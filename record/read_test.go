package record

import (
	"reflect"
	"strings"
	"testing"

	"wyrm/game"
)

func TestParseMovetext(t *testing.T) {
	W, L, D, O := game.Win, game.Loss, game.Draw, game.Ongoing
	cases := []struct {
		name    string
		text    string
		moves   []string
		results []game.Result
	}{
		{"plain", "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 1-0\n", []string{"e4", "e5", "Qh5", "Nc6"}, []game.Result{W, L}},
		{"numbers attached", "1.e4 e5 2.Nf3 *", []string{"e4", "e5", "Nf3"}, []game.Result{O, O}},
		{"black first", "7... Nf6 8. O-O 0-1", []string{"Nf6", "O-O"}, []game.Result{L, W}},
		{"comments", "1. e4 {best by test} e5 ; a line comment 2. Nf3\n2... Nc6 1/2-1/2", []string{"e4", "e5", "Nc6"}, []game.Result{D, D}},
		{"comment over lines", "1. e4 {one\ntwo\n3. d4} e5 *", []string{"e4", "e5"}, []game.Result{O, O}},
		{"variations", "1. e4 (1. d4 d5 (1... Nf6 {a (b} 2. c4)) e5 *", []string{"e4", "e5"}, []game.Result{O, O}},
		{"nags and marks", "1. e4! $1 e5?! 2. Qh5?? $4 !? *", []string{"e4", "e5", "Qh5"}, []game.Result{O, O}},
		{"escape lines", "% a comment for programs\n1. e4 e5\n%more\n*", []string{"e4", "e5"}, []game.Result{O, O}},
		{"no result", "1. e4 e5", []string{"e4", "e5"}, []game.Result{O, O}},
		{"tag wins over movetext", "[Result \"0-1\"]\n1. e4 1-0", []string{"e4"}, []game.Result{L, W}},
		{"drops, promotions, checks", "1. D@g1 d5 2. a8=D Dxf7+ 3. O-O-O# *", []string{"D@g1", "d5", "a8=D", "Dxf7+", "O-O-O#"}, []game.Result{O, O}},
		{"moves that start with a digit", "1. 2e2-2e3 3g5x2g5 *", []string{"2e2-2e3", "3g5x2g5"}, []game.Result{O, O}},
		{"windows lines", "[Event \"x\"]\r\n\r\n1. e4 e5\r\n2. d4 *\r\n", []string{"e4", "e5", "d4"}, []game.Result{O, O}},
		{"byte order mark", "\uFEFF[Event \"x\"]\n1. e4 *", []string{"e4"}, []game.Result{O, O}},
	}
	for _, c := range cases {
		recs, err := Parse(c.text)
		if err != nil || len(recs) != 1 {
			t.Errorf("%s: %d games, %v", c.name, len(recs), err)
			continue
		}
		if r := recs[0]; !reflect.DeepEqual(r.Moves, c.moves) || !reflect.DeepEqual(r.Results, c.results) {
			t.Errorf("%s: moves %q results %v, want %q %v", c.name, r.Moves, r.Results, c.moves, c.results)
		}
	}
}

func TestParseTags(t *testing.T) {
	text := `[Event "wyrm \"test\" \\ match"]
[Site "here"]
[Date "2025.01.02"]
[Round "4"]
[White "?"]
[Black "?"]
[Result "*"]
[Seat1 "a"]
[Seat3 "c"]
[Game "dungeon"]
[Variant "none"]
[Options "map=two%3Bplayer;players=3"]
[SetUp "1"]
[FEN "compact-skirmish x"]
[Termination "normal"]
[Reason "king captured"]
[Results "win,loss,eliminated"]
[Left "2@10 3@12"]
[Annotator "me"]
[TimeControl "60+1"]

1. a1a2 *
`
	recs, err := Parse(text)
	if err != nil || len(recs) != 1 {
		t.Fatalf("%d games, %v", len(recs), err)
	}
	want := Record{
		Event: `wyrm "test" \ match`, Site: "here", Date: "2025.01.02", Round: "4",
		Players: []string{"a", "?", "c"}, Results: []game.Result{game.Win, game.Loss, game.Eliminated},
		Termination: Normal, Reason: "king captured", Game: "dungeon", Variant: "none",
		Options: game.Options{"map": "two;player", "players": "3"}, Start: "compact-skirmish x",
		Moves: []string{"a1a2"}, Left: []Leave{{Ply: 10, Seat: 1}, {Ply: 12, Seat: 2}},
		Tags: []Tag{{"Annotator", "me"}, {"TimeControl", "60+1"}},
	}
	if !reflect.DeepEqual(recs[0], want) {
		t.Errorf("read\n%+v\nwant\n%+v", recs[0], want)
	}
	if recs[0].Tag("TimeControl") != "60+1" || recs[0].Tag("Nope") != "" {
		t.Error("Record.Tag")
	}
}

func TestParseSeveralGames(t *testing.T) {
	cases := []struct {
		name  string
		text  string
		moves [][]string
	}{
		{"two with tags", "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 d5 1-0\n", [][]string{{"e4"}, {"d4", "d5"}}},
		{"no result between", "[Event \"a\"]\n1. e4\n[Event \"b\"]\n1. d4\n", [][]string{{"e4"}, {"d4"}}},
		{"movetext only", "1. e4 * 1. d4 1-0 1. c4", [][]string{{"e4"}, {"d4"}, {"c4"}}},
		{"tags only", "[Event \"a\"]\n[Event \"b\"]\n", [][]string{nil}},
		{"nothing", " \n\n {just a comment} ", nil},
	}
	for _, c := range cases {
		recs, err := Parse(c.text)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var got [][]string
		for _, r := range recs {
			got = append(got, r.Moves)
		}
		if !reflect.DeepEqual(got, c.moves) {
			t.Errorf("%s: moves %q, want %q", c.name, got, c.moves)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"open comment", "1. e4 {never closed", "line 1: a comment"},
		{"open variation", "1. e4 (1. d4\n\n", "line 3: a variation"},
		{"stray paren", "1. e4 ) e5", "unexpected ')'"},
		{"tag without quotes", "[Event x]", "in quotes"},
		{"tag without name", "[ \"x\"]", "a tag needs a name"},
		{"tag over two lines", "[Event \"a\nb\"]", "closing quote"},
		{"tag without bracket", "[Event \"a\" x", "']' missing"},
		{"bad result", "[Result \"2-0\"]\n1. e4", "Result \"2-0\""},
		{"bad results", "[Seat1 \"a\"]\n[Seat2 \"b\"]\n[Seat3 \"c\"]\n[Results \"win,loss\"]", "names 2 seats"},
		{"bad result word", "[Seat3 \"c\"]\n[Results \"win,lost,draw\"]", "not a result"},
		{"bad left", "[Left \"2-4\"]", "not seat@ply"},
		{"left seat too high", "[Left \"3@4\"]", "not seat@ply"},
		{"bad options", "[Options \"players\"]", "not name=value"},
	}
	for _, c := range cases {
		_, err := Parse(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one with %q", c.name, err, c.want)
		}
	}
}

func TestReadIsParse(t *testing.T) {
	recs, err := Read(strings.NewReader("1. e4 *\n1. d4 *"))
	if err != nil || len(recs) != 2 {
		t.Fatalf("%d games, %v", len(recs), err)
	}
}

// FuzzParse reads anything without panicking, and what it reads writes
// and reads back to the same moves and results; after one round of
// writing (which fills in PGN's unknowns) the text is stable.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"[Event \"a\"]\n[White \"x \\\"y\\\"\"]\n\n1. e4 {c} (1. d4) e5 $1 2. Nf3!? 1-0\n",
		"[Seat1 \"a\"]\n[Seat2 \"b\"]\n[Seat3 \"c\"]\n[Results \"win,loss,eliminated\"]\n[Left \"3@1\"]\n1. a1a2 b1b2 *",
		"[Options \"a=b%3Bc;d=\"]\n[SetUp \"1\"]\n[FEN \"8/8 w\"]\n1... e5 2. O-O 0-1",
		"% escape\n1.e4 e5 ; comment\n1/2-1/2 1. c4 *",
		"[Bad",
		"{",
		"(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		recs, err := Parse(text)
		if err != nil {
			return
		}
		again := writeAndRead(t, recs)
		if len(again) != len(recs) {
			t.Fatalf("%d games read back as %d", len(recs), len(again))
		}
		for i := range recs {
			a, b := recs[i], again[i]
			if !reflect.DeepEqual(a.Moves, b.Moves) || !reflect.DeepEqual(a.Results, b.Results) || a.Start != b.Start ||
				!reflect.DeepEqual(a.Left, b.Left) || len(a.Players) != len(b.Players) {
				t.Fatalf("game %d changed:\n%+v\n%+v", i, a, b)
			}
		}
		if third := writeAndRead(t, again); !reflect.DeepEqual(third, again) {
			t.Fatalf("not stable after one round:\n%+v\n%+v", again, third)
		}
	})
}

func writeAndRead(t *testing.T, recs []Record) []Record {
	var b strings.Builder
	for i := range recs {
		if err := Write(&b, &recs[i]); err != nil {
			t.Fatalf("game %d read but cannot be written: %v\n%+v", i, err, recs[i])
		}
	}
	out, err := Parse(b.String())
	if err != nil {
		t.Fatalf("written games do not read: %v\n%s", err, b.String())
	}
	return out
}
