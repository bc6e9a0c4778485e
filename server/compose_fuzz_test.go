package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/games/dragon"
	"wyrm/games/dragonchess"
	"wyrm/games/dungeon"
	toy "wyrm/internal/toysetup"
	"wyrm/server/httpkit"
	"wyrm/server/store"
)

// FuzzEditorBody posts arbitrary bodies to the board editor's endpoints
// of every game: the answer is a 4xx JSON error, or a 200 whose position
// the game reads whenever it says it plays it.
func FuzzEditorBody(f *testing.F) {
	for _, s := range []string{
		`{"game":"toy"}`,
		`{"game":"toy","composition":{"pieces":[{"sq":2,"owner":0,"letter":"K"},{"sq":22,"owner":1,"letter":"K"}],"toMove":1}}`,
		`{"game":"dragon","position":"8/8/8/8/8/8/8/K6k[Dd] b - - 0 1"}`,
		`{"game":"dragon","composition":{"pieces":[{"sq":4,"owner":0,"letter":"K"},{"sq":60,"owner":1,"letter":"K"}],"hands":["DD","d"],"toMove":0,"fields":{"castling":"K,q","en-passant":"e3"}}}`,
		`{"game":"dragonchess","options":{"variants":"reversing-dwarf"},"composition":{"pieces":[{"sq":103,"owner":0,"letter":"K"},{"sq":4,"owner":1,"letter":"D","marks":["reversed"]}],"toMove":0}}`,
		`{"game":"dungeon","options":{"players":"3"}}`,
		`{"game":"dungeon","composition":{"pieces":[{"sq":3,"owner":0,"letter":"P"},{"sq":155,"owner":1,"letter":"R","marks":["hexed-2"]}],"toMove":-1,"fields":{"quiet":"7"}}}`,
		`{"game":"toy","composition":{"pieces":[{"sq":-1}]}}`, `{"game":"toy","composition":null}`, `null`, `{`, ``,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	st, err := store.Open(":memory:")
	if err != nil {
		f.Fatal(err)
	}
	srv, err := New(Config{Store: st, Games: []game.Game{toy.Game{}, dragon.Game, dragonchess.Game, dungeon.Game{}}, Engine: idleEngine{},
		ThinkTime: func(int) time.Duration { return time.Millisecond }, Limits: httpkit.Limits{EditsPerMinute: 1 << 30, EditsBurst: 1 << 30}})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { srv.Close(); st.Close() })
	h := srv.Handler()
	f.Fuzz(func(t *testing.T, body []byte, compose bool) {
		path := "/api/decompose"
		if compose {
			path = "/api/compose"
		}
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(rec, req)
		var out struct {
			Game, Position, Error string
			Options               game.Options
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("answer is not JSON: %q", rec.Body.String())
		}
		switch {
		case rec.Code == http.StatusOK:
			var in struct {
				Game    string
				Options game.Options
			}
			_ = json.Unmarshal(body, &in)
			g, opts, err := srv.hall.Editor().Normalize(in.Game, in.Options)
			if out.Game != "" { // a decomposition names its game and options
				g, opts, err = srv.hall.Editor().Normalize(out.Game, out.Options)
			}
			if err != nil {
				t.Fatalf("200 for options that do not normalize: %v", err)
			}
			if out.Position == "" {
				t.Fatalf("200 without a position: %s", rec.Body.String())
			}
			if _, perr := g.Parse(out.Position, opts); (perr == nil) != (out.Error == "") {
				t.Fatalf("%s: error %q, but Parse says %v", out.Position, out.Error, perr)
			}
		case rec.Code >= 400 && rec.Code < 500:
			if out.Error == "" {
				t.Fatalf("%d without an error: %s", rec.Code, rec.Body.String())
			}
		default:
			t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
		}
	})
}
