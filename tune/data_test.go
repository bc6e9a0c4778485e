package tune

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"wyrm/game"
)

func TestDataRoundTrip(t *testing.T) {
	d := &Data{
		Game:    "dungeon",
		Options: game.Options{"players": "2", "map-data": "line one\nline \"two\""},
		Samples: []Sample{
			{Result: 1, Game: 0, Position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 1"},
			{Result: 0.5, Game: 3, Position: "x"},
			{Result: 0, Game: 12, Position: "two-player-dungeon a b 1 2 3"},
			{Result: 0.8125, Game: 12, Position: "y"}, // an engine's label
		},
	}
	var b bytes.Buffer
	if err := WriteHeader(&b, d.Game, d.Options); err != nil {
		t.Fatal(err)
	}
	for _, s := range d.Samples {
		if err := WriteSample(&b, s); err != nil {
			t.Fatal(err)
		}
	}
	got, err := ReadData(&b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, d) {
		t.Errorf("read back %+v, want %+v", got, d)
	}
}

func TestReadDataRefusesBadFiles(t *testing.T) {
	head := dataMagic + "\ngame dragon\n"
	cases := []struct{ name, text, err string }{
		{"empty", "", "not a wyrm tune data file"},
		{"other file", "hello\n", "not a wyrm tune data file"},
		{"no game", dataMagic + "\n1 0 x\n", "game NAME"},
		{"game with a space", dataMagic + "\ngame a b\n", "game NAME"},
		{"result", head + "2 0 x\n", "result \"2\""},
		{"negative result", head + "-0.1 0 x\n", "result \"-0.1\""},
		{"result not a number", head + "NaN 0 x\n", "result \"NaN\""},
		{"result in hex", head + "0x1p-1 0 x\n", "result \"0x1p-1\""},
		{"result with an exponent", head + "5e-1 0 x\n", "result \"5e-1\""},
		{"game number", head + "1 -1 x\n", "game \"-1\""},
		{"no position", head + "1 0\n", "result game position"},
		{"blank position", head + "1 0  \n", "result game position"},
		{"unquoted option", head + "option players 2\n", "option NAME"},
		{"option twice", head + "option players \"2\"\noption players \"3\"\n", "given twice"},
		{"long line", head + "1 0 " + strings.Repeat("x", maxDataLine) + "\n", "longer than"},
	}
	for _, c := range cases {
		_, err := ReadData(strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.err)
		}
	}
	d, err := ReadData(strings.NewReader(head + "\n0.25 3 a\n"))
	if err != nil || len(d.Samples) != 1 || d.Samples[0].Result != 0.25 {
		t.Errorf("an engine's label: %+v, %v", d, err)
	}
	d, err = ReadData(strings.NewReader(head + "\n0.5 7 a b c\n"))
	if err != nil || len(d.Samples) != 1 || d.Samples[0] != (Sample{Result: 0.5, Game: 7, Position: "a b c"}) {
		t.Errorf("a good line: %+v, %v", d, err)
	}
}

func FuzzReadData(f *testing.F) {
	f.Add([]byte(dataMagic + "\ngame dragon\noption players \"2\"\n1 0 8/8/8 w - - 0 1\n0.5 1 x\n"))
	f.Add([]byte(dataMagic + "\ngame g\n0 3 a\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ReadData(bytes.NewReader(data))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := WriteHeader(&b, d.Game, d.Options); err != nil {
			t.Fatal(err)
		}
		for _, s := range d.Samples {
			if err := WriteSample(&b, s); err != nil {
				t.Fatal(err)
			}
		}
		again, err := ReadData(&b)
		if err != nil || !reflect.DeepEqual(again, d) {
			t.Fatalf("%q: read %+v, written and read again %+v, %v", data, d, again, err)
		}
	})
}
