package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/game/boardview"
	"wyrm/games/dungeon"
	"wyrm/internal/toygame"
	"wyrm/internal/toysetup"
	"wyrm/server/editor"
	"wyrm/server/httpkit"
	"wyrm/server/play"
	"wyrm/server/table"
)

// plainToy is a game without a board editor.
type plainToy struct{ toygame.Game }

func (plainToy) Info() game.Info { return game.Info{Name: "plain", Title: "Plain Toy"} }

// decomposed is the answer of /api/decompose as a test reads it.
type decomposed struct {
	Options     game.Options
	Palette     editor.Palette
	Composition game.Composition
	Position    string
	Error       string
	Over        string
	Board       boardview.Board
}

func (h *harness) decompose(body any) decomposed {
	h.t.Helper()
	code, out := h.post("/api/decompose", body)
	if code != 200 {
		h.t.Fatalf("decompose %v: %d %v", body, code, out)
	}
	var d decomposed
	b, _ := json.Marshal(out)
	if err := json.Unmarshal(b, &d); err != nil {
		h.t.Fatal(err)
	}
	return d
}

// The editor reads the start, composes an edit, and shows why a position
// cannot be played, all through the game's Composer.
func TestEditorThroughTheContract(t *testing.T) {
	h := newHarnessGames(t, toysetup.Game{}, plainToy{})
	start := h.decompose(map[string]any{"game": "toy"})
	if start.Position != "r.k.r/...../...../...../R.K.R 0" || start.Error != "" || len(start.Composition.Pieces) != 6 {
		t.Fatalf("start: %+v", start)
	}
	pal := start.Palette
	if len(pal.Seats) != 2 || len(pal.Pieces) != 2 || len(pal.Pieces[1]) != 2 || pal.Pieces[1][0].Art != "north-king" ||
		pal.Geometry == nil || pal.Geometry.Files != 5 || len(pal.Geometry.SquareNames) != 25 {
		t.Fatalf("palette: %+v", pal)
	}
	if code, body := h.get("/api/meta"); code != 200 || !strings.Contains(body, `"name":"toy","title":"Toy Chess"`) ||
		!strings.Contains(body, `"editor":true`) || !strings.Contains(body, `"editor":false`) {
		t.Fatalf("meta: %s", body)
	}

	// A playable edit: the game's own view, with its check marks.
	c := start.Composition
	c.Pieces = []game.Placed{{Square: 2, Owner: 0, Letter: "K"}, {Square: 22, Owner: 1, Letter: "K"}, {Square: 12, Owner: 0, Letter: "R"}}
	c.ToMove = 1
	code, out := h.post("/api/compose", map[string]any{"game": "toy", "composition": c})
	if code != 200 || out["position"] != "..k../...../..R../...../..K.. 1" || out["error"] != nil {
		t.Fatalf("compose: %d %v", code, out)
	}
	if check := out["board"].(map[string]any)["check"]; check == nil || check.([]any)[0] != float64(22) {
		t.Fatalf("the King in check is not marked: %v", out["board"])
	}
	// Without a South King: written all the same, with the game's reason,
	// and drawn from the palette.
	c.Pieces = c.Pieces[1:]
	code, out = h.post("/api/compose", map[string]any{"game": "toy", "composition": c})
	if code != 200 || out["position"] != "..k../...../..R../...../..... 1" || !strings.Contains(out["error"].(string), "South has 0 Kings") {
		t.Fatalf("compose without a King: %d %v", code, out)
	}
	pieces := out["board"].(map[string]any)["pieces"].([]any)
	if len(pieces) != 2 || pieces[0].(map[string]any)["art"] != "north-king" || pieces[0].(map[string]any)["name"] != "King" {
		t.Fatalf("drawn from the palette: %v", pieces)
	}
	// A position pasted, then one the game would refuse.
	d := h.decompose(map[string]any{"game": "toy", "position": "....k/...../..K../...../R.... 1"})
	if d.Position != "....k/...../..K../...../R.... 1" || d.Composition.ToMove != 1 || len(d.Composition.Pieces) != 3 {
		t.Fatalf("decompose: %+v", d)
	}
	d = h.decompose(map[string]any{"game": "toy", "position": "...../...../...../...../..... 0"})
	if d.Error == "" || len(d.Composition.Pieces) != 0 || d.Position != "...../...../...../...../..... 0" {
		t.Fatalf("decompose of an empty board: %+v", d)
	}
	// A record's last position.
	rec := "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[Game \"toy\"]\n\n1. c1c2 c5c4 2. a1a2 *\n"
	d = h.decompose(map[string]any{"record": rec})
	if d.Position != "r...r/..k../...../R.K../....R 1" {
		t.Fatalf("a record's last position: %+v", d)
	}
}

// What the editor may not send is refused with a clear error, and
// changes nothing.
func TestEditorLimits(t *testing.T) {
	h := newHarnessGames(t, toysetup.Game{}, plainToy{})
	start := h.decompose(map[string]any{"game": "toy"}).Composition
	with := func(f func(c *game.Composition)) game.Composition {
		c := start
		c.Pieces = append([]game.Placed(nil), start.Pieces...)
		f(&c)
		return c
	}
	full := with(func(c *game.Composition) {
		c.Pieces = nil
		for sq := 0; sq < 26; sq++ {
			c.Pieces = append(c.Pieces, game.Placed{Square: sq % 25, Letter: "R"})
		}
	})
	for _, c := range []struct {
		name string
		path string
		body any
		code int
		want string
	}{
		{"more pieces than squares", "/api/compose", map[string]any{"game": "toy", "composition": full}, 400, "26 pieces on a board of 25"},
		{"off the board", "/api/compose", map[string]any{"game": "toy", "composition": with(func(c *game.Composition) { c.Pieces[0].Square = 25 })}, 400, "not on the board"},
		{"two on a square", "/api/compose", map[string]any{"game": "toy", "composition": with(func(c *game.Composition) { c.Pieces[0].Square = c.Pieces[1].Square })}, 400, "two pieces"},
		{"a piece of no game", "/api/compose", map[string]any{"game": "toy", "composition": with(func(c *game.Composition) { c.Pieces[0].Letter = "Q" })}, 400, "has no piece"},
		{"a seat too many", "/api/compose", map[string]any{"game": "toy", "composition": with(func(c *game.Composition) { c.Pieces[0].Owner = 4 })}, 400, "belongs to no seat"},
		{"marks past the bound", "/api/compose", map[string]any{"game": "toy", "composition": with(func(c *game.Composition) { c.Pieces[0].Marks = []string{"a", "b", "c", "d", "e"} })}, 400, "more than 4 marks"},
		{"a hand", "/api/compose", map[string]any{"game": "toy", "composition": with(func(c *game.Composition) { c.Hands = []string{"K"} })}, 400, "cannot hold"},
		{"a field the game lacks", "/api/compose", map[string]any{"game": "toy", "composition": with(func(c *game.Composition) { c.Fields = game.Options{"x": "1"} })}, 400, "unknown option"},
		{"nobody to move", "/api/compose", map[string]any{"game": "toy", "composition": with(func(c *game.Composition) { c.ToMove = -1 })}, 400, "must be to move"},
		{"a game without an editor", "/api/compose", map[string]any{"game": "plain", "composition": start}, 400, "has no board editor"},
		{"no such game", "/api/decompose", map[string]any{"game": "chess"}, 400, "unknown game"},
		{"a bad option", "/api/decompose", map[string]any{"game": "toy", "options": map[string]string{"setup": "maybe"}}, 400, "not true or false"},
		{"a string the game cannot read", "/api/decompose", map[string]any{"game": "toy", "position": "r.k.r 0"}, 400, "want 5 ranks"},
		{"a position string too long", "/api/decompose", map[string]any{"game": "toy", "position": strings.Repeat("r", editor.MaxPosition+1)}, 400, "at most 4096 bytes"},
		{"an unknown field", "/api/decompose", map[string]any{"game": "toy", "fen": "x"}, 400, "unknown field"},
		{"a body too large", "/api/compose", map[string]any{"game": "toy", "options": map[string]string{"setup": strings.Repeat("x", httpkit.MaxBody)}}, 400, "too large"},
	} {
		code, out := h.post(c.path, c.body)
		if msg, _ := out["error"].(string); code != c.code || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %d %v, want %d %q", c.name, code, out, c.code, c.want)
		}
	}
	// Not JSON: refused as any post is.
	resp, err := http.Post(h.http.URL+"/api/compose", "text/plain", strings.NewReader(`{"game":"toy"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 {
		t.Errorf("a text/plain post: %d", resp.StatusCode)
	}
}

// The editor's requests are rate-limited per client, each refusal a 429
// with Retry-After, counted in /metrics.
func TestEditorRateLimit(t *testing.T) {
	h := newHarnessWith(t, "", func(c *Config) { c.Limits = httpkit.Limits{EditsPerMinute: 3} }, toysetup.Game{})
	for i := 0; i < 3; i++ {
		if code, out := h.post("/api/decompose", map[string]any{"game": "toy"}); code != 200 {
			t.Fatalf("edit %d: %d %v", i+1, code, out)
		}
	}
	body, _ := json.Marshal(map[string]any{"game": "toy", "composition": game.Composition{}})
	resp, err := http.Post(h.http.URL+"/api/compose", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("the fourth edit: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if _, m := h.get("/metrics"); !strings.Contains(m, `wyrm_limited_total{limit="edits"} 1`) {
		t.Fatalf("metrics do not count the refusal:\n%s", m)
	}
}

// A signed-in page sends its anti-forgery token with an edit, as with any
// post made on a session's behalf.
func TestEditorNeedsTheCSRFTokenOfASession(t *testing.T) {
	h := newAccountsHarness(t)
	b := signUp(t, h.http.URL, "carol")
	if code, out := b.post("/api/decompose", map[string]any{"game": "toy"}); code != 200 {
		t.Fatalf("an edit with the token: %d %v", code, out)
	}
	b.csrf = ""
	if code, out := b.post("/api/decompose", map[string]any{"game": "toy"}); code != 403 {
		t.Fatalf("an edit without the token: %d %v", code, out)
	}
}

// A game whose options the position shapes (a map's seats and factions)
// gives them back with the palette they shape; a game is only created
// from a position with the options' seats.
func TestEditorPositionShapesTheOptions(t *testing.T) {
	h := newHarnessGames(t, dungeon.Game{})
	p, err := dungeon.Game{}.Start(game.Options{"players": "3", "factions": "undead,greenskin,human"})
	if err != nil {
		t.Fatal(err)
	}
	d := h.decompose(map[string]any{"game": "dungeon", "position": p.String()})
	if d.Options["players"] != "3" || d.Options["factions"] != "undead,greenskin,human" || d.Options["map"] != "four-player-dungeon" {
		t.Fatalf("options %v", d.Options)
	}
	if len(d.Palette.Seats) != 3 || d.Palette.Seats[1] != "Greenskin" || len(d.Palette.Shaping) != 3 || d.Position != p.String() || d.Error != "" {
		t.Fatalf("palette %+v, position %q, error %q", d.Palette, d.Position, d.Error)
	}
	seats := []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}
	if _, err := h.srv.Create(context.Background(), play.CreateRequest{Game: "dungeon", Position: p.String(), Seats: seats}); err == nil || !strings.Contains(err.Error(), "3 seats") {
		t.Fatalf("a three-seat position for two seats: %v", err)
	}
	seats = append(seats, table.Seat{Kind: table.SeatLocal})
	if _, err := h.srv.Create(context.Background(), play.CreateRequest{Game: "dungeon", Options: d.Options, Position: d.Position, Seats: seats}); err != nil {
		t.Fatalf("a game from the editor's options and position: %v", err)
	}
}
