package reliability

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A map is a choice among the built-in maps and those the operator
// installed with -maps; no path a client sends reaches the file system.
// Every name that is not a choice gets the same answer, whatever it names
// on the server's disk, and the server stays up.
func TestMapPathsFromClientsAreOnlyNames(t *testing.T) {
	dir := t.TempDir()
	installed := filepath.Join(dir, "installed")
	outside := filepath.Join(dir, "outside")
	for _, d := range []string{installed, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	vault := "name Tiny Vault\nplayers 2\n2222\nfwwf\nf..f\n1111\n"
	other := "name Other Vault\nplayers 2\n22\nff\n11\n"
	if err := os.WriteFile(filepath.Join(installed, "vault.map"), []byte(vault), 0o644); err != nil {
		t.Fatal(err)
	}
	outsideMap := filepath.Join(outside, "other.map")
	if err := os.WriteFile(outsideMap, []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.map")
	if err := os.Symlink(outsideMap, link); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "w.db")
	addr := freeAddr(t)
	p := startProc(t, addr, db, "--maps", installed)
	e := envFor(t, p)

	hostile := []string{"/dev/zero", "/etc/passwd", dir, link, outsideMap, "../../etc/passwd", "no-such-map"}
	var first string
	for _, name := range hostile {
		opts, _ := json.Marshal(map[string]string{"map": name})
		for _, req := range []struct{ method, path, body string }{
			{"GET", "/api/seats?game=dungeon&options=" + url.QueryEscape(string(opts)), ""},
			{"POST", "/api/games", `{"game":"dungeon","options":` + string(opts) + `,"seats":[{"kind":"local"},{"kind":"local"}]}`},
		} {
			code, body := e.do(req.method, req.path, "application/json", strings.NewReader(req.body))
			if code != 400 {
				t.Fatalf("%s map %q: %d %s, want 400", req.method, name, code, body)
			}
			var answer struct{ Error, Code string }
			if err := json.Unmarshal([]byte(body), &answer); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(answer.Error, "tiny-vault") || !strings.Contains(answer.Error, "two-player-dungeon") {
				t.Errorf("map %q: the answer does not list the choices: %s", name, answer.Error)
			}
			// The same words for every name, once the name itself is taken out.
			quoted := name
			if len(quoted) > 40 { // long values are quoted back clipped
				quoted = quoted[:40] + "…"
			}
			same := answer.Code + " " + strings.ReplaceAll(answer.Error, quoted, "NAME")
			if first == "" {
				first = same
			} else if same != first {
				t.Errorf("map %q answered %q, unlike %q", name, same, first)
			}
		}
		e.healthy()
	}
	// A client cannot hand over the map's text either.
	req, _ := json.Marshal(map[string]any{"game": "dungeon", "options": map[string]string{"map-data": other},
		"seats": []map[string]string{{"kind": "local"}, {"kind": "local"}}})
	code, body := e.do("POST", "/api/games", "application/json", strings.NewReader(string(req)))
	if code != 400 || !strings.Contains(body, "unknown option") {
		t.Fatalf("map-data from a client: %d %s", code, body)
	}

	// The installed map is a choice, and a game on it survives the map
	// leaving the operator's folder: it carries the map itself.
	code, body = e.do("POST", "/api/games", "application/json",
		strings.NewReader(`{"game":"dungeon","options":{"map":"tiny-vault"},"seats":[{"kind":"local"},{"kind":"local"}]}`))
	if code != 201 {
		t.Fatalf("game on the installed map: %d %s", code, body)
	}
	var cr struct{ ID string }
	if err := json.Unmarshal([]byte(body), &cr); err != nil {
		t.Fatal(err)
	}
	p.cmd.Process.Kill()
	<-p.exited
	if err := os.RemoveAll(installed); err != nil {
		t.Fatal(err)
	}
	p = startProc(t, addr, db) // no maps installed now
	e = envFor(t, p)
	code, body = e.do("GET", "/api/games/"+cr.ID, "", nil)
	var st struct {
		Stage string
		Board struct{ Geometry struct{ Files, Ranks int } }
	}
	if code != 200 || json.Unmarshal([]byte(body), &st) != nil {
		t.Fatalf("the game on the removed map after a restart: %d %s", code, body)
	}
	if st.Stage != "draft" || st.Board.Geometry.Files != 4 || st.Board.Geometry.Ranks != 4 {
		t.Fatalf("the game on the removed map after a restart: %+v", st)
	}
	if strings.Contains(body, "map-data") {
		t.Fatal("the game's state shows the internal map text")
	}
}
