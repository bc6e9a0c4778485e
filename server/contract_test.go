package server

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"wyrm/game"
	"wyrm/game/boardview"
	"wyrm/internal/toygame"
	"wyrm/internal/toysetup"
	"wyrm/server/play"
	"wyrm/server/table"
)

// The toy game reaches every per-game part of the site through the
// contract alone, as any new game does: rules diagrams, check marks, the
// record's variant tag, seat names and setup help.
func TestAGameReachesTheSiteThroughTheContract(t *testing.T) {
	h := newHarness(t, "")
	if code, body := h.get("/rules/toy"); code != 200 || !strings.Contains(body, "King") || !strings.Contains(body, "A Rook slides") || strings.Count(body, "<svg") != 2 {
		t.Fatalf("rules page: %d %.300s", code, body)
	}
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c := h.dial(cr.ID, cr.Tokens[0], cr.Tokens[1])
	for _, mv := range []string{"a1a4", "e5e4", "a4c4"} {
		c.send(map[string]any{"type": "move", "move": mv})
		c.expect("ack")
	}
	st := c.waitState(func(s play.State) bool { return len(s.Plies) == 3 })
	if !slices.Equal(st.Board.Check, []int{22}) {
		t.Fatalf("check marks %v, want the North King on c5 (22)", st.Board.Check)
	}
	royal := 0
	for _, p := range st.Board.Pieces {
		if p.Royal {
			royal++
		}
	}
	if royal != 2 || !slices.Equal(st.Names, []string{"South", "North"}) {
		t.Fatalf("royal pieces %d, seat names %v", royal, st.Names)
	}
	if code, rec := h.get("/api/games/" + cr.ID + "/record"); code != 200 || !strings.Contains(rec, `[Variant "toy"]`) {
		t.Fatalf("record: %d %s", code, rec)
	}

	// Setup help, and the game's own reading of a choice being written.
	cr = h.create(play.CreateRequest{Game: "toy", Options: game.Options{"setup": "true"}, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c = h.dial(cr.ID, cr.Tokens[0], cr.Tokens[1])
	st, _ = h.srv.hall.State(cr.ID, []int{0, 1})
	if st.Stage != "deploy" || !slices.Equal(st.Help[0].Zone, []int{0, 1, 2, 3, 4}) || !slices.Equal(st.Help[1].Zone, []int{20, 21, 22, 23, 24}) || st.Help[0].Text == "" {
		t.Fatalf("setup help: stage %s help %+v", st.Stage, st.Help)
	}
	if st.Board == nil || st.Board.Geometry == nil || st.Board.Geometry.Files != 5 {
		t.Fatalf("setup board: %+v", st.Board)
	}
	c.send(map[string]any{"type": "check", "seat": 0, "choice": "b1"})
	if m := c.expect("checked"); m["summary"] != "King on b1" {
		t.Fatalf("check: %v", m)
	}
	c.send(map[string]any{"type": "check", "seat": 0, "choice": "b3"})
	if m := c.expect("error"); m["code"] != "invalid" || !strings.Contains(m["message"].(string), "rank 1") {
		t.Fatalf("check of a bad choice: %v", m)
	}
	c.send(map[string]any{"type": "check", "seat": 3, "choice": "b1"})
	if m := c.expect("error"); m["code"] != "forbidden" {
		t.Fatalf("check for a seat not held: %v", m)
	}
	if s := h.srv.session(cr.ID); len(s.t.Log) != 0 {
		t.Fatal("checks changed the game")
	}
	// The lobby learns the seats' names and count without a game.
	code, body := h.get(`/api/seats?game=toy&options={}`)
	var seats struct {
		Players int
		Names   []string
	}
	if code != 200 || json.Unmarshal([]byte(body), &seats) != nil || seats.Players != 2 || !slices.Equal(seats.Names, []string{"South", "North"}) {
		t.Fatalf("seats: %d %s", code, body)
	}
}

// The server and the web app import no game: they know games only
// through the contract.
func TestServerImportsNoGame(t *testing.T) {
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	out, err := exec.Command(gobin, "list", "-deps", "wyrm/server/...", "wyrm/web/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "wyrm/games") || dep == "wyrm/internal/localfile" {
			t.Errorf("the server depends on %s", dep)
		}
	}
}

// A game's no-progress count reaches the board view through the contract.
func TestBoardShowsTheNoProgressCount(t *testing.T) {
	p, err := toygame.Game{}.Start(game.Options{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"a1a2", "a8a7", "a2a1"} {
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		p.Play(m)
	}
	b := boardview.Of(quietToy{p.(*toygame.Position)}, false)
	if b.Quiet == nil || b.Quiet.Count != 3 || b.Quiet.Limit != 40 {
		t.Fatalf("quiet %+v, want 3 of 40", b.Quiet)
	}
	if b := boardview.Of(mustToySetupPos(t), false); b.Quiet != nil {
		t.Fatalf("a game without the rule shows a count: %+v", b.Quiet)
	}
}

// quietToy is the toy with its capture count as a game.QuietCounter.
type quietToy struct{ *toygame.Position }

func (q quietToy) Quiet() (int, int) { return q.QuietPlies() }

func mustToySetupPos(t *testing.T) game.Position {
	p, err := toysetup.Game{}.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// No game is named in the server's or the web app's own files: every
// per-game word comes through the contract.
func TestNoGameNamedInServerOrWeb(t *testing.T) {
	names := regexp.MustCompile(`(?i)dragon|dungeon|gygax|illescas`)
	for _, root := range []string{".", "../web"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "testdata") {
				return err
			}
			switch filepath.Ext(path) {
			case ".go", ".js", ".html", ".css", ".json":
			default:
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(b), "\n") {
				if names.MatchString(line) {
					t.Errorf("%s:%d names a game: %s", path, i+1, strings.TrimSpace(line))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// Pictures come from the game's own embedded files, by a plain name only.
func TestPicturesAreTheGamesOwn(t *testing.T) {
	h := newHarnessGames(t, pictureToy{})
	if code, body := h.get("/pictures/toy/king.svg"); code != 200 || !strings.Contains(body, "<svg") {
		t.Fatalf("a picture: %d %.80s", code, body)
	}
	for _, path := range []string{"/pictures/toy/queen.svg", "/pictures/toy/..%2f..%2fetc%2fpasswd", "/pictures/toy/King.svg",
		"/pictures/toy/king.png", "/pictures/nosuch/king.svg", "/pictures/toy/%2fdev%2fzero"} {
		if code, _ := h.get(path); code != 404 {
			t.Errorf("%s: %d, want 404", path, code)
		}
	}
}

// pictureToy is the toy game with one picture.
type pictureToy struct{ toysetup.Game }

func (pictureToy) Pictures() fs.FS {
	return fstest.MapFS{"king.svg": {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)}}
}

// A game can start from a position, or from a record whose moves it keeps.
func TestCreateFromAPositionOrARecord(t *testing.T) {
	h := newHarness(t, "")
	cr := h.create(play.CreateRequest{Game: "toy", Position: "....k/...../..K../...../R.... 0", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	s := h.srv.session(cr.ID)
	s.lock()
	got := s.t.Pos.String()
	s.unlock()
	if got != "....k/...../..K../...../R.... 0" {
		t.Fatalf("started from %s", got)
	}
	if _, err := h.srv.Create(context.Background(), play.CreateRequest{Game: "toy", Position: "nonsense", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}}); err == nil {
		t.Fatal("a bad position was accepted")
	}
	rec := "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[Game \"toy\"]\n\n1. c1c2 c5c4 2. a1a2 *\n"
	// Two people's seats: a computer seat could move before the plies are read.
	cr = h.create(play.CreateRequest{Record: rec, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	s = h.srv.session(cr.ID)
	s.lock()
	plies, tm := len(s.t.Plies), s.t.ToMove()
	s.unlock()
	if plies != 3 || tm != 1 {
		t.Fatalf("from the record: %d plies, seat %d to move", plies, tm+1)
	}
	bad := strings.Replace(rec, "a1a2", "a1b2", 1) // a Rook does not move diagonally
	if _, err := h.srv.Create(context.Background(), play.CreateRequest{Record: bad, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}}); err == nil || !strings.Contains(err.Error(), "move 3") {
		t.Fatalf("a record with an illegal move: %v", err)
	}
}
