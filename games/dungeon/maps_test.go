package dungeon

import (
	"slices"
	"strings"
	"testing"
	"wyrm/game"
)

// terrainAt returns the map character of a square name ("d4").
func terrainAt(m *Map, sq string) byte {
	b, _, err := m.parseSquare(sq)
	if err != nil {
		return '?'
	}
	return m.cells[m.fromBox[b]]
}

func TestBuiltinMapsMatchRulings(t *testing.T) {
	cases := []struct {
		id           string
		files, ranks int
		zones        int
		zoneSize     int
		// counts of floor (with zones), water and void squares
		floor, water, void int
		// some squares and what they must be
		spots map[string]byte
	}{
		{"compact-skirmish", 10, 10, 2, 20, 84, 16, 0,
			map[string]byte{"a1": '1', "j2": '1', "a3": 'f', "d4": 'w', "g7": 'w', "c4": 'f', "h7": 'f', "d8": 'f', "a9": '2', "j10": '2'}},
		{"two-player-dungeon", 8, 20, 2, 16, 96, 16, 48,
			map[string]byte{"a1": '1', "h2": '1', "c3": '.', "d3": 'f', "e6": 'f', "f6": '.', "a7": 'f', "c9": 'w', "f12": 'w',
				"b12": 'f', "h14": 'f', "d15": 'f', "c15": '.', "e18": 'f', "a19": '2', "h20": '2'}},
		{"four-player-dungeon", 20, 20, 4, 16, 4*16 + 4*8 + 64 - 16, 16, 400 - 4*16 - 4*8 - 64,
			map[string]byte{"g1": '1', "n2": '1', "f1": '.', "o1": '.', "j3": 'f', "k6": 'f', "i6": '.', "g7": 'f', "i9": 'w',
				"l12": 'w', "n14": 'f', "a7": '2', "b14": '2', "c10": 'f', "f11": 'f', "c9": '.', "g19": '3', "n20": '3',
				"j18": 'f', "s7": '4', "t14": '4', "o10": 'f', "r11": 'f', "t6": '.'}},
	}
	for _, c := range cases {
		m, err := LookupMap(c.id)
		if err != nil {
			t.Fatal(err)
		}
		if m.Files != c.files || m.Ranks != c.ranks || m.Zones != c.zones {
			t.Errorf("%s: %dx%d, %d zones", c.id, m.Files, m.Ranks, m.Zones)
		}
		for z := 1; z <= c.zones; z++ {
			if m.ZoneSize(z) != c.zoneSize {
				t.Errorf("%s zone %d has %d squares, want %d", c.id, z, m.ZoneSize(z), c.zoneSize)
			}
		}
		var fl, wa, vo int
		for _, ch := range m.cells {
			switch ch {
			case 'w':
				wa++
			case '.':
				vo++
			default:
				fl++
			}
		}
		if wa != c.water || fl+wa+vo != c.files*c.ranks || fl != c.floor || vo != c.void {
			t.Errorf("%s: floor %d water %d void %d", c.id, fl, wa, vo)
		}
		for sq, want := range c.spots {
			if got := terrainAt(m, sq); got != want {
				t.Errorf("%s %s is %q, want %q", c.id, sq, got, want)
			}
		}
	}
}

func TestFourPlayerMapIsSymmetric(t *testing.T) {
	m, _ := LookupMap("four-player-dungeon")
	norm := func(c byte) byte {
		if c >= '1' && c <= '4' {
			return 'z'
		}
		return c
	}
	for r := 0; r < 20; r++ {
		for f := 0; f < 20; f++ {
			a := m.cells[r*20+f]
			b := m.cells[f*20+(19-r)] // turned by 90 degrees
			if norm(a) != norm(b) {
				t.Fatalf("not symmetric at file %d rank %d", f, r)
			}
		}
	}
}

func TestBackwardIsTowardsOwnEdge(t *testing.T) {
	m, _ := LookupMap("four-player-dungeon")
	want := [5]int{0, -m.w, -1, m.w, 1} // S down, W left, N up, E right
	for z := 1; z <= 4; z++ {
		if m.backward[z] != want[z] {
			t.Errorf("zone %d backward %d, want %d", z, m.backward[z], want[z])
		}
	}
}

func TestMapRoundTrip(t *testing.T) {
	for _, m := range BuiltinMaps() {
		back, err := ParseMap(m.Text())
		if err != nil {
			t.Fatal(err)
		}
		if back.Text() != m.Text() || back.ID != m.ID {
			t.Errorf("%s does not round-trip", m.ID)
		}
	}
}

func TestMapErrors(t *testing.T) {
	cases := []struct{ text, want string }{
		{"players 2\n1f\nf2\n", "missing \"name"},
		{"name X\n1f\nf2\n", "missing \"players"},
		{"name X\nplayers 5\n1f\nf2\n", "players must be"},
		{"name X\nplayers 2\n", "no rows"},
		{"name X\nplayers 2\n1ff\nf2\n", "row has 2 squares"},
		{"name X\nplayers 2\n1q\nf2\n", "is not a square"},
		{"name X\nplayers 2\n1f\nf3\n", "zone 3 but the map has 2"},
		{"name X\nplayers 2\n1f\nff\n", "zone 2 has no squares"},
		{"name ???\nplayers 2\n1f\nf2\n", "no letters"},
		{"name X\nplayers 2\n" + strings.Repeat("1", 27) + "\n" + strings.Repeat("2", 27) + "\n", "at most 26x26"},
	}
	for _, c := range cases {
		_, err := ParseMap(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseMap(%q) = %v, want an error with %q", c.text, err, c.want)
		}
	}
}

// An installed map is offered as a choice; normalized options carry its
// text, so that the game replays from its options alone on a server that
// no longer has the map installed.
func TestInstalledMapTravelsInTheOptions(t *testing.T) {
	text := "name Tiny Vault\nplayers 2\n2222\nfwwf\nf..f\n1111\n"
	m, err := ParseMap(text)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(g.Options()[0].Choices, "tiny-vault") || slices.Contains(Game{}.Options()[0].Choices, "tiny-vault") {
		t.Fatalf("map choices: %v", g.Options()[0].Choices)
	}
	opts, err := g.Normalize(game.Options{"map": "tiny-vault", "seed": "04"})
	if err != nil {
		t.Fatal(err)
	}
	if opts["seed"] != "4" || opts["map-data"] != m.Text() {
		t.Fatalf("normalized options: %v", opts)
	}
	p, err := Game{}.Start(opts) // the built-in game: the map comes from the options
	if err != nil {
		t.Fatal(err)
	}
	s := p.String()
	if !strings.HasPrefix(s, "tiny-vault ") {
		t.Fatalf("position on the installed map: %s", s)
	}
	if _, err := (Game{}).Parse(s, opts); err != nil {
		t.Fatalf("reparse with map-data: %v", err)
	}
	if _, err := g.Parse(s, nil); err != nil {
		t.Fatalf("reparse where the map is installed: %v", err)
	}
	if _, err := (Game{}).Parse(s, nil); err == nil || !strings.Contains(err.Error(), "unknown map") {
		t.Fatalf("reparse without the map: %v", err)
	}
	if _, err := New(m, m); err == nil {
		t.Fatal("the same map installed twice")
	}
	if _, err := New(LookupMapMust(t, "compact-skirmish")); err == nil {
		t.Fatal("a built-in map installed again")
	}
}

// A player names a map only by choice: a path, or the internal map-data
// option, is refused with the same message whatever it names.
func TestMapOptionIsAChoiceForPlayers(t *testing.T) {
	var first string
	for i, name := range []string{"/dev/zero", "/etc/passwd", "/tmp", "testdata/unit-lab.map", "nowhere"} {
		_, err := Game{}.Normalize(game.Options{"map": name})
		if err == nil {
			t.Fatalf("map %q accepted", name)
		}
		msg := strings.ReplaceAll(err.Error(), name, "NAME")
		if i == 0 {
			first = msg
		} else if msg != first {
			t.Errorf("map %q: %q, unlike %q", name, msg, first)
		}
	}
	if _, err := (Game{}).Normalize(game.Options{"map-data": "name X\nplayers 2\n1f\nf2\n"}); err == nil {
		t.Fatal("map-data accepted from a player")
	}
}

func LookupMapMust(t *testing.T, name string) *Map {
	t.Helper()
	m, err := LookupMap(name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func FuzzParseMap(f *testing.F) {
	for _, m := range BuiltinMaps() {
		f.Add(m.Text())
	}
	f.Add("name X\nplayers 2\n1f\nf2\n")
	f.Add("name X\nplayers 4\n1234\n")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMap(text)
		if err != nil {
			return
		}
		back, err := ParseMap(m.Text())
		if err != nil || back.Text() != m.Text() {
			t.Fatalf("accepted map does not round-trip: %v", err)
		}
	})
}
