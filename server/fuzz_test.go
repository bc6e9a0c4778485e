package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/games/dragon"
	toy "wyrm/internal/toysetup"
	"wyrm/server/store"
)

// fuzzServer is a server without HTTP listener on an in-memory database
// (no fsync per action, so that the fuzzer gets through many inputs).
func fuzzServer(f *testing.F) *Server {
	f.Helper()
	st, err := store.Open(":memory:")
	if err != nil {
		f.Fatal(err)
	}
	srv, err := New(Config{Store: st, Games: []game.Game{toy.Game{}, dragon.Game}, Engine: idleEngine{},
		ThinkTime: func(int) time.Duration { return time.Millisecond }})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { srv.Close(); st.Close() })
	return srv
}

// idleEngine never moves, so that computer seats in fuzzed games do not
// play on in the background and starve the fuzzer.
type idleEngine struct{}

func (idleEngine) BestMove(context.Context, game.Position, int, time.Duration) (game.Move, error) {
	return game.NoMove, context.Canceled
}

// FuzzCreateBody posts arbitrary bodies to POST /api/games: the answer is
// 201 with an id and a new game, or a 4xx JSON error and no new game.
func FuzzCreateBody(f *testing.F) {
	for _, s := range []string{
		`{"game":"toy","seats":[{"kind":"local"},{"kind":"local"}]}`,
		`{"game":"dragon","options":{"dragons":"1"},"seats":[{"kind":"invite"},{"kind":"computer","level":2}],"clock":{"initialMs":60000,"incrementMs":2000}}`,
		`{"game":"toy","seats":[{"kind":"local"},{"kind":"local"}]} x`,
		`{"game":"toy","seats":[{"kind":"local","tokenHash":"00"},{"kind":"local"}],"rematchOf":"y"}`,
		`null`, `{}`, `[`, ``,
	} {
		f.Add([]byte(s))
	}
	srv := fuzzServer(f)
	h := srv.Handler()
	f.Fuzz(func(t *testing.T, body []byte) {
		games := srv.metrics.Games.Load()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/games", strings.NewReader(string(body))))
		var out map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("answer is not JSON: %q", rec.Body.String())
		}
		switch {
		case rec.Code == http.StatusCreated:
			id, _ := out["id"].(string)
			if id == "" || srv.session(id) == nil || srv.metrics.Games.Load() != games+1 {
				t.Fatalf("201 without a new game: %v", out)
			}
		case rec.Code >= 400 && rec.Code < 500:
			if out["error"] == nil || srv.metrics.Games.Load() != games {
				t.Fatalf("%d: %v (games %d -> %d)", rec.Code, out, games, srv.metrics.Games.Load())
			}
		default:
			t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
		}
	})
}
