package lobby

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"wyrm/server/httpkit"
)

func fill(l *Lobby, n int) {
	for i := range n {
		list := Playing
		if i%3 == 0 {
			list = Open
		}
		l.Set(Entry{ID: fmt.Sprintf("g%02d", i), Created: int64(1000 + i), List: list, Winner: -1})
	}
}

// Pages walk a list newest first, each starting after the last one's
// cursor, and together give every entry of the list once.
func TestPagesWalkTheList(t *testing.T) {
	l := New()
	fill(l, 30)
	var seen []string
	cursor := ""
	for pages := 0; ; pages++ {
		page, next, err := l.Page(Playing, cursor, 7)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range page {
			if e.List != Playing {
				t.Fatalf("%s is %s", e.ID, e.List)
			}
			seen = append(seen, e.ID)
		}
		if next == "" {
			break
		}
		cursor = next
		if pages > 10 {
			t.Fatal("no end")
		}
	}
	if len(seen) != 20 || seen[0] != "g29" || seen[19] != "g01" {
		t.Fatalf("walked %v", seen)
	}
	if _, _, err := l.Page(Playing, "nonsense", 5); err == nil {
		t.Fatal("a bad cursor was taken")
	}
}

// An older entry of a game never replaces a newer one (another node's
// summary arriving late).
func TestOlderEntryIsIgnored(t *testing.T) {
	l := New()
	l.Set(Entry{ID: "a", Created: 1, List: Playing, Plies: 5, Version: 9})
	l.Set(Entry{ID: "a", Created: 1, List: Open, Plies: 1, Version: 3})
	page, _, _ := l.Page(Playing, "", 5)
	if len(page) != 1 || page[0].Plies != 5 || l.Len() != 1 {
		t.Fatalf("page %+v", page)
	}
	l.Set(Entry{ID: "a", Created: 1, List: Finished, Plies: 6, Version: 10})
	if page, _, _ := l.Page(Finished, "", 5); len(page) != 1 {
		t.Fatalf("the newer entry was not taken: %+v", page)
	}
}

func TestListEndpoint(t *testing.T) {
	l := New()
	fill(l, 5)
	mux := httpkit.NewMux()
	(&API{Lobby: l, Limits: httpkit.NewLimiters(httpkit.Limits{})}).Routes(mux)
	get := func(q string) (int, map[string]json.RawMessage) {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", "/api/games"+q, nil))
		var out map[string]json.RawMessage
		_ = json.Unmarshal(rec.Body.Bytes(), &out)
		return rec.Code, out
	}
	if code, out := get(""); code != http.StatusOK || out[Open] == nil || out[Playing] == nil || out[Finished] == nil || out["next"] == nil {
		t.Fatalf("every list: %d %v", code, out)
	}
	if code, out := get("?list=open&limit=1"); code != http.StatusOK || string(out["next"]) == `""` {
		t.Fatalf("one open game: %d %v", code, out)
	}
	for _, q := range []string{"?list=mine", "?limit=0", fmt.Sprintf("?limit=%d", PageMax+1), "?list=open&cursor=x"} {
		if code, _ := get(q); code != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", q, code)
		}
	}
}
