package reliability

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// The board editor's requests are bounded by the board (pieces, hands,
// the position string) and limited per address.
func TestBoardEditsAreBoundedAndLimited(t *testing.T) {
	_, e := startAbuseProc(t, "--limit-edits", "6")
	var many []string
	for sq := 0; sq < 65; sq++ {
		many = append(many, fmt.Sprintf(`{"sq":%d,"owner":0,"letter":"Q"}`, sq%64))
	}
	for _, c := range []struct {
		path, body, want string
	}{
		{"/api/compose", `{"game":"dragon","composition":{"pieces":[` + strings.Join(many, ",") + `],"toMove":0}}`, "65 pieces on a board of 64"},
		{"/api/compose", `{"game":"dragon","composition":{"pieces":[],"hands":["` + strings.Repeat("D", 65) + `"],"toMove":0}}`, "at most 64"},
		{"/api/compose", `{"game":"dungeon","composition":{"pieces":[{"sq":0,"owner":0,"letter":"H","marks":["a","b","c","d","e"]}],"toMove":0}}`, "more than 4 marks"},
		{"/api/decompose", `{"game":"dragonchess","position":"` + strings.Repeat("1", 5000) + `"}`, "at most 4096 bytes"},
	} {
		if code, b := e.do("POST", c.path, "application/json", strings.NewReader(c.body)); code != 400 || !strings.Contains(b, c.want) {
			t.Errorf("%.60s: %d %s, want 400 %q", c.body, code, b, c.want)
		}
	}
	for i := 0; i < 2; i++ {
		if code, b := e.do("POST", "/api/decompose", "application/json", strings.NewReader(`{"game":"dragon"}`)); code != 200 {
			t.Fatalf("edit %d: %d %s", i+5, code, b)
		}
	}
	req, _ := http.NewRequest("POST", e.url+"/api/decompose", strings.NewReader(`{"game":"dragon"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), `"code":"too_many"`) {
		t.Fatalf("past the limit: %d Retry-After %q %s", resp.StatusCode, resp.Header.Get("Retry-After"), b)
	}
	if v := e.metric(`wyrm_limited_total{limit="edits"}`); v != 1 {
		t.Fatalf("refusals counted: %v", v)
	}
}
