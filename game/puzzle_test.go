package game

import "testing"

func TestEmbeddedPuzzlesParseOnce(t *testing.T) {
	data := []byte(`{"puzzles":[{"position":"p","solution":"m","san":"M","score":900,"second":0}]}`)
	get := EmbeddedPuzzles(data)
	first := get()
	if len(first) != 1 || first[0].Solution != "m" || first[0].Score != 900 {
		t.Fatalf("got %+v", first)
	}
	copy(data, "xxxxxxxxxx") // a second call must not read the data again
	if again := get(); len(again) != 1 || &again[0] != &first[0] {
		t.Fatalf("the file was read twice: %+v", again)
	}
}

func TestEmbeddedPuzzlesPanicOnABadFile(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("a puzzle file that does not parse did not panic")
		}
	}()
	EmbeddedPuzzles([]byte(`{"puzzles":`))()
}
