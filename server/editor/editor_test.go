package editor

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/internal/toysetup"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// oneGame reads one game, and no records.
type oneGame struct{ g game.Game }

func (o oneGame) Normalize(name string, opts game.Options) (game.Game, game.Options, error) {
	if name != o.g.Info().Name {
		return nil, nil, apierr.New(apierr.Invalid, "unknown game %q", name)
	}
	opts, err := o.g.Normalize(opts)
	return o.g, opts, err
}

func (oneGame) ImportRecord(string, game.Options, string) (Record, error) {
	return Record{}, apierr.New(apierr.Invalid, "no records here")
}

// The editor reads a game's start and writes it back the same, through
// the routes it registers, within the client's edits.
func TestDecomposeComposeRoundTrip(t *testing.T) {
	mux := httpkit.NewMux()
	New(Config{Games: oneGame{toysetup.Game{}}, Limits: httpkit.NewLimiters(httpkit.Limits{EditsPerMinute: 2})}).Routes(mux)
	post := func(path, body string) (int, map[string]any) {
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, httptest.NewRequest("POST", path, strings.NewReader(body)))
		var out map[string]any
		_ = json.Unmarshal(w.Body.Bytes(), &out)
		return w.Code, out
	}
	code, start := post("/api/decompose", `{"game":"toy"}`)
	if code != 200 || start["position"] == "" {
		t.Fatalf("decompose: %d %v", code, start)
	}
	c, _ := json.Marshal(map[string]any{"game": "toy", "composition": start["composition"]})
	code, out := post("/api/compose", string(c))
	if code != 200 || out["position"] != start["position"] {
		t.Fatalf("compose: %d %v, want position %v", code, out, start["position"])
	}
	if code, out := post("/api/decompose", `{"game":"toy"}`); code != 429 || out["code"] == nil {
		t.Fatalf("the third edit of two a minute: %d %v", code, out)
	}
}
