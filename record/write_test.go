package record

import (
	"regexp"
	"strings"
	"testing"

	"wyrm/game"
)

var tagLine = regexp.MustCompile(`^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]$`)

// tags lists the tag lines of one written game as name, raw value pairs.
func tags(t *testing.T, text string) [][2]string {
	t.Helper()
	var out [][2]string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "[") {
			break
		}
		m := tagLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("malformed tag line %q", l)
		}
		out = append(out, [2]string{m[1], m[2]})
	}
	return out
}

// movetext returns the lines after the tags' blank line.
func movetext(text string) []string {
	_, body, _ := strings.Cut(text, "\n\n")
	return strings.Split(strings.TrimRight(body, "\n"), "\n")
}

func mustFormat(t *testing.T, r *Record) string {
	t.Helper()
	s, err := Format(r)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestTagValuesAreEscaped(t *testing.T) {
	cases := []struct{ name, want string }{
		{`plain`, `plain`},
		{`Evil "Quote" \ Engine`, `Evil \"Quote\" \\ Engine`},
		{`a\"b`, `a\\\"b`},
		{"two\nlines\tand\rreturns", "two lines and returns"},
		{"", "?"},
	}
	for _, c := range cases {
		text := mustFormat(t, &Record{Players: []string{c.name, "b"}})
		got := tags(t, text)[4]
		if got != [2]string{"White", c.want} {
			t.Errorf("White %q written as %v, want %q", c.name, got, c.want)
		}
		back, err := Parse(text)
		if err != nil || len(back) != 1 {
			t.Fatalf("%q: read back %v %v", c.name, back, err)
		}
		if want := strings.NewReplacer("\n", " ", "\t", " ", "\r", " ").Replace(c.name); back[0].Players[0] != want && c.name != "" {
			t.Errorf("White %q read back as %q", c.name, back[0].Players[0])
		}
	}
}

func TestRosterComesFirstInOrder(t *testing.T) {
	roster := []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}
	cases := []struct {
		name string
		r    Record
		want [][2]string // the roster's values
	}{
		{"empty", Record{}, [][2]string{{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
			{"White", "?"}, {"Black", "?"}, {"Result", "*"}}},
		{"two seats", Record{Event: "e", Site: "s", Date: "2024.01.02", Round: "3", Players: []string{"w", "b"},
			Results: []game.Result{game.Loss, game.Win}, Game: "dragon", Variant: "dragon", Start: "fen", Reason: "checkmate",
			Termination: Normal, Tags: []Tag{{"Annotator", "x"}}},
			[][2]string{{"Event", "e"}, {"Site", "s"}, {"Date", "2024.01.02"}, {"Round", "3"}, {"White", "w"}, {"Black", "b"}, {"Result", "0-1"}}},
		{"four seats", Record{Players: []string{"a", "b", "c", "d"}, Results: []game.Result{game.Win, game.Loss, game.Loss, game.Eliminated}},
			[][2]string{{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"}, {"White", "?"}, {"Black", "?"}, {"Result", "*"}}},
	}
	for _, c := range cases {
		got := tags(t, mustFormat(t, &c.r))
		if len(got) < len(roster) {
			t.Fatalf("%s: %d tags", c.name, len(got))
		}
		for i := range roster {
			if got[i] != c.want[i] {
				t.Errorf("%s: tag %d is %v, want %v", c.name, i+1, got[i], c.want[i])
			}
		}
	}
}

func TestSeatsAndResultsOfLargerGames(t *testing.T) {
	r := Record{Players: []string{"a", "b", "c"}, Results: []game.Result{game.Loss, game.Win, game.Eliminated},
		Left: []Leave{{Ply: 7, Seat: 2}}}
	got := tags(t, mustFormat(t, &r))
	want := [][2]string{{"Seat1", "a"}, {"Seat2", "b"}, {"Seat3", "c"}, {"Results", "loss,win,eliminated"}, {"Left", "3@7"}}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Errorf("no tag %v in %v", w, got)
		}
	}
}

func TestSetUpComesRightBeforeFEN(t *testing.T) {
	for _, r := range []Record{
		{Start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 1", Variant: "dragon"},
		{Start: "compact-skirmish human:Ka1 undead:Ka9 1 0 0", Players: []string{"a", "b", "c"}, Options: game.Options{"players": "3"}},
	} {
		got := tags(t, mustFormat(t, &r))
		i := 0
		for i < len(got) && got[i][0] != "SetUp" {
			i++
		}
		if i+1 >= len(got) || got[i] != [2]string{"SetUp", "1"} || got[i+1] != [2]string{"FEN", r.Start} {
			t.Errorf("SetUp and FEN: %v", got)
		}
	}
	if strings.Contains(mustFormat(t, &Record{}), "SetUp") {
		t.Error("SetUp written without a FEN")
	}
}

func TestTerminationAndReasonHaveTagsOfTheirOwn(t *testing.T) {
	cases := []struct {
		term    Termination
		reason  string
		results []game.Result
		result  string
	}{
		{Normal, "checkmate", []game.Result{game.Win, game.Loss}, "1-0"},
		{Normal, "stalemate", []game.Result{game.Draw, game.Draw}, "1/2-1/2"},
		{TimeForfeit, "wyrm lost on time", []game.Result{game.Loss, game.Win}, "0-1"},
		{RulesInfraction, `x played illegal move "a1a1"`, []game.Result{game.Win, game.Loss}, "1-0"},
		{Abandoned, "x failed: broken pipe", []game.Result{game.Loss, game.Win}, "0-1"},
		{Adjudication, "move limit, adjudicated win by evaluation +400", []game.Result{game.Win, game.Loss}, "1-0"},
		{Unterminated, "move limit", []game.Result{game.Ongoing, game.Ongoing}, "*"},
	}
	for _, c := range cases {
		text := mustFormat(t, &Record{Termination: c.term, Reason: c.reason, Results: c.results, Moves: []string{"e4"}})
		got := map[string]string{}
		for _, tg := range tags(t, text) {
			got[tg[0]] = tg[1]
		}
		if got["Termination"] != string(c.term) || got["Result"] != c.result || got["Reason"] != escapeValue(c.reason) {
			t.Errorf("%s: tags %v", c.term, got)
		}
		if lines := movetext(text); !strings.HasSuffix(lines[len(lines)-1], " "+c.result) {
			t.Errorf("%s: movetext %q does not end in %s", c.term, lines, c.result)
		}
	}
}

func TestResultTokens(t *testing.T) {
	W, L, D, O, E := game.Win, game.Loss, game.Draw, game.Ongoing, game.Eliminated
	cases := []struct {
		results []game.Result
		want    string
	}{
		{[]game.Result{W, L}, "1-0"},
		{[]game.Result{L, W}, "0-1"},
		{[]game.Result{D, D}, "1/2-1/2"},
		{[]game.Result{O, O}, "*"},
		{nil, "*"},
		{[]game.Result{W, L, L}, "*"},
		{[]game.Result{D, D, D, E}, "*"},
	}
	for _, c := range cases {
		if got := resultToken(c.results, max(len(c.results), 2)); got != c.want {
			t.Errorf("%v: %q, want %q", c.results, got, c.want)
		}
	}
}

func TestMovetextIsWrappedUnder80(t *testing.T) {
	long := strings.Repeat("x", 100)
	cases := []struct {
		name   string
		moves  []string
		seats  int
		movers []game.Player
		first  string // the movetext's first line starts so
	}{
		{"short", []string{"e4", "e5"}, 2, nil, "1. e4 e5 *"},
		{"long game", repeat([]string{"Nf3", "Nf6", "Ng1", "Ng8"}, 300), 2, nil, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3"},
		{"long moves", repeat([]string{"3g5x2g5", "2e2-2e3"}, 101), 2, nil, "1. 3g5x2g5 2e2-2e3 2."},
		{"black first", []string{"e5", "Nf3", "Nc6"}, 2, []game.Player{1, 0, 1}, "1... e5 2. Nf3 Nc6 *"},
		{"a move longer than a line", []string{"e4", long, "d4"}, 2, nil, "1. e4"},
		{"three seats", repeat([]string{"a1a2", "b1b2", "c1c2"}, 40), 3, nil, "1. a1a2 b1b2 c1c2 2. a1a2"},
		{"a seat out", []string{"a1a2", "c1c2", "a2a3", "c2c3"}, 3, []game.Player{0, 2, 0, 2}, "1. a1a2 c1c2 2. a2a3 c2c3 *"},
	}
	for _, c := range cases {
		players := make([]string, c.seats)
		text := mustFormat(t, &Record{Players: players, Moves: c.moves, Movers: c.movers})
		lines := movetext(text)
		if !strings.HasPrefix(lines[0], c.first) {
			t.Errorf("%s: first line %q, want it to start %q", c.name, lines[0], c.first)
		}
		var toks []string
		for _, l := range lines {
			if len(l) > lineWidth && l != long {
				t.Errorf("%s: line of %d characters: %q", c.name, len(l), l)
			}
			if strings.HasSuffix(l, ".") {
				t.Errorf("%s: a line ends in a move number: %q", c.name, l)
			}
			toks = append(toks, strings.Fields(l)...)
		}
		var moves []string
		for _, tok := range toks {
			if m := moveOf(tok); m != "" && tok != "*" {
				moves = append(moves, m)
			}
		}
		if strings.Join(moves, " ") != strings.Join(c.moves, " ") {
			t.Errorf("%s: the lines hold other moves", c.name)
		}
	}
}

func repeat(s []string, n int) []string {
	var out []string
	for range n {
		out = append(out, s...)
	}
	return out
}

func TestFormatRefusesWhatWouldNotReadBack(t *testing.T) {
	cases := []struct {
		name string
		r    Record
	}{
		{"move with a space", Record{Moves: []string{"e2 e4"}}},
		{"empty move", Record{Moves: []string{""}}},
		{"move like a result", Record{Moves: []string{"1-0"}}},
		{"move like a number", Record{Moves: []string{"12."}}},
		{"move with a brace", Record{Moves: []string{"e4{"}}},
		{"move with a mark", Record{Moves: []string{"e4!"}}},
		{"movers too few", Record{Moves: []string{"e4", "e5"}, Movers: []game.Player{0}}},
		{"bad tag name", Record{Tags: []Tag{{"Two words", "x"}}}},
		{"own tag as extra", Record{Tags: []Tag{{"FEN", "x"}}}},
		{"seat tag as extra", Record{Tags: []Tag{{"Seat2", "x"}}}},
		{"one player", Record{Players: []string{"solo"}}},
	}
	for _, c := range cases {
		if _, err := Format(&c.r); err == nil {
			t.Errorf("%s: written", c.name)
		}
	}
}
