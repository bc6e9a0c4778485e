package reliability

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestMalformedBodiesForEveryEndpoint sends broken requests to every API
// route: each is refused with a 4xx and a JSON error, no game is created or
// changed, and the server stays healthy.
func TestMalformedBodiesForEveryEndpoint(t *testing.T) {
	e := startServer(t)
	g := e.create("dragon", "local", "invite")
	seats := `[{"kind":"local"},{"kind":"local"}]`
	huge := `{"game":"dragon","seats":` + seats + `,"options":{"x":"` + strings.Repeat("a", 1<<20) + `"}}`
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	cases := []struct {
		method, path, body string
		want               []int
	}{
		{"POST", "/api/games", ``, []int{400}},
		{"POST", "/api/games", `null`, []int{400}},
		{"POST", "/api/games", `[]`, []int{400}},
		{"POST", "/api/games", `{"game":`, []int{400}},
		{"POST", "/api/games", `not json`, []int{400}},
		{"POST", "/api/games", `{"game":7}`, []int{400}},
		{"POST", "/api/games", `{"game":"dragon","seats":` + seats + `,"admin":true}`, []int{400}},
		{"POST", "/api/games", `{"game":"dragon","seats":` + seats + `} {"game":"dragon"}`, []int{400}},
		{"POST", "/api/games", `{"game":"dragon","seats":` + seats + `}garbage`, []int{400}},
		{"POST", "/api/games", `{"game":"../../etc/passwd","seats":` + seats + `}`, []int{400}},
		{"POST", "/api/games", `{"game":"dragon","seats":[{"kind":"local"}]}`, []int{400}},
		{"POST", "/api/games", `{"game":"dragon","seats":[` + strings.Repeat(`{"kind":"local"},`, 999) + `{"kind":"local"}]}`, []int{400}},
		{"POST", "/api/games", `{"game":"dragon","seats":[{"kind":"computer","level":99},{"kind":"local"}]}`, []int{400}},
		{"POST", "/api/games", `{"game":"dragon","seats":` + seats + `,"options":{"dragons":"7"}}`, []int{400}},
		{"POST", "/api/games", `{"game":"dragonchess","seats":` + seats + `,"options":{"variants":"nonsense"}}`, []int{400}},
		{"POST", "/api/games", `{"game":"dragon","seats":` + seats + `,"clock":{"initialMs":1e30}}`, []int{400}},
		{"POST", "/api/games", `{"game":"dragon","seats":` + seats + `,"clock":{"initialMs":-1}}`, []int{400}},
		{"POST", "/api/games", huge, []int{400, 413}},
		{"POST", "/api/games", deep, []int{400}},
		{"POST", "/api/games/" + g.ID + "/join", ``, []int{400}},
		{"POST", "/api/games/" + g.ID + "/join", `{"seat":"one"}`, []int{400}},
		{"POST", "/api/games/" + g.ID + "/join", `{"seat":1,"token":"x"}`, []int{400}},
		{"POST", "/api/games/" + g.ID + "/join", `{"seat":1}{"seat":1}`, []int{400}},
		{"POST", "/api/games/" + g.ID + "/join", `{"seat":99999999999999999999}`, []int{400}},
		{"POST", "/api/games/" + g.ID + "/join", `{"seat":0}`, []int{409}},
		{"POST", "/api/games/" + g.ID + "/join", `{"seat":-1}`, []int{400}},
		{"POST", "/api/games/" + g.ID + "/join", `{"seat":"` + strings.Repeat("9", 1<<17) + `"}`, []int{400, 413}},
		{"POST", "/api/games/nosuchgame/join", `{"seat":1}`, []int{404}},
		{"GET", "/api/games/nosuchgame", ``, []int{404}},
		{"GET", "/api/games/nosuchgame/record", ``, []int{404}},
		{"GET", "/api/games/nosuchgame/ply/0", ``, []int{404}},
		{"GET", "/api/games/" + g.ID + "/ply/-1", ``, []int{404}},
		{"GET", "/api/games/" + g.ID + "/ply/1", ``, []int{404}},
		{"GET", "/api/games/" + g.ID + "/ply/abc", ``, []int{400}},
		{"GET", "/api/games/" + g.ID + "/ply/99999999999999999999999", ``, []int{400}},
		{"GET", "/api/seats?game=dragon&options=%7Bnot", ``, []int{400}},
		{"GET", "/api/seats?game=nosuch", ``, []int{400}},
		{"GET", "/api/seats?game=dragon&options=%7B%22dragons%22%3A%223%22%7D", ``, []int{400}},
		{"GET", "/ws/nosuchgame", ``, []int{404}},
		{"GET", "/ws/" + g.ID, ``, []int{400, 426}}, // not an upgrade
		{"DELETE", "/api/games/" + g.ID, ``, []int{405}},
		{"PUT", "/api/games", `{}`, []int{405}},
	}
	before := e.snap(g.ID)
	_, listBefore := e.do("GET", "/api/games", "", nil)
	for _, tc := range cases {
		name := fmt.Sprintf("%s %s %.40s", tc.method, tc.path, tc.body)
		code, body := e.do(tc.method, tc.path, "application/json", strings.NewReader(tc.body))
		ok := false
		for _, w := range tc.want {
			ok = ok || code == w
		}
		if !ok {
			t.Errorf("%s: status %d (%.200s), want %v", name, code, body, tc.want)
			continue
		}
		if strings.HasPrefix(tc.path, "/api/") && code != 405 && !strings.Contains(body, `"error":`) {
			t.Errorf("%s: %d without a JSON error: %.200s", name, code, body)
		}
	}
	e.unchanged(g.ID, before, "malformed requests")
	if _, listAfter := e.do("GET", "/api/games", "", nil); listAfter != listBefore {
		t.Errorf("malformed requests changed the game list:\nbefore %s\nafter  %s", listBefore, listAfter)
	}
	e.healthy()
}

// TestOversizedBodyIsCutOff streams a body far past the limit without an
// announced length: the server must refuse it without reading it all.
func TestOversizedBodyIsCutOff(t *testing.T) {
	e := startServer(t)
	r := io.MultiReader(strings.NewReader(`{"game":"dragon","options":{"x":"`), &endless{limit: 256 << 20})
	req, _ := http.NewRequest("POST", e.url+"/api/games", r)
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err == nil {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 400 && resp.StatusCode != 413 {
			t.Errorf("256 MiB body: %d %s", resp.StatusCode, b)
		}
	} // an error is fine too: the server may hang up mid-upload
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("refusing a huge body took %v", d)
	}
	e.healthy()
}

// endless yields 'a' until limit bytes.
type endless struct{ n, limit int }

func (r *endless) Read(p []byte) (int, error) {
	if r.n >= r.limit {
		return 0, io.EOF
	}
	n := min(len(p), r.limit-r.n)
	for i := range n {
		p[i] = 'a'
	}
	r.n += n
	return n, nil
}

// rawGet sends path exactly as written (no client-side cleaning) and
// returns status and body.
func rawGet(t *testing.T, e *env, path string) (int, string) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", strings.TrimPrefix(e.url, "http://"), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", path)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestPathTraversal asks the static and rules routes for files outside
// their folders in every spelling: none may be served.
func TestPathTraversal(t *testing.T) {
	e := startServer(t)
	secrets := []string{"root:x:0:0", "module wyrm", "package reliability", "package server"}
	paths := []string{
		"/../../../../etc/passwd",
		"/..%2f..%2f..%2f..%2fetc%2fpasswd",
		"/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
		"/static/../../go.mod",
		"/..%5c..%5cgo.mod",
		"/....//....//etc/passwd",
		"/index.html%00.txt",
		"//etc/passwd",
		"/rules/../../../../etc/passwd",
		"/rules/..%2f..%2f..%2f..%2fetc%2fpasswd",
		"/rules/%2e%2e%2f%2e%2e%2fgo.mod",
		"/rules/..%5c..%5cgo.mod",
		"/rules/dragon%2f..%2f..%2fgo.mod",
		"/rules/dragon.md%00",
		"/rules/%2fetc%2fpasswd",
		"/rules/" + strings.Repeat("a", 8000),
	}
	// Until the rules pages exist the route answers 500 "todo" for
	// everything; that is a stub, not a traversal failure.
	code, body := rawGet(t, e, "/rules/dragon")
	rulesStub := code == 500 && strings.TrimSpace(body) == "todo"
	if rulesStub {
		t.Log("the rules route is still a stub: only checking that it leaks nothing")
	}
	for _, p := range paths {
		code, body := rawGet(t, e, p)
		if rulesStub && strings.HasPrefix(p, "/rules/") && code == 500 {
			continue
		}
		for _, s := range secrets {
			if strings.Contains(body, s) {
				t.Errorf("GET %s (%d) leaks %q", p, code, s)
			}
		}
		if code == 200 && !strings.Contains(body, "<") && !strings.HasPrefix(body, "# ") {
			t.Errorf("GET %s: 200 with unexpected content %.100q", p, body)
		}
		if code >= 500 {
			t.Errorf("GET %.100s: server error %d %.100s", p, code, body)
		}
	}
	e.healthy()
	// The routes work for honest requests, so the refusals above mean
	// something.
	if code, body := rawGet(t, e, "/"); code != 200 || !bytes.Contains([]byte(body), []byte("<")) {
		t.Errorf("GET /: %d %.100s", code, body)
	}
}

// TestStalledBodyIsCutOff announces a body and never sends it: the
// server must give up on it after its body timeout (10 s) instead of
// holding the connection for ever.
func TestStalledBodyIsCutOff(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the server's body timeout")
	}
	e := startServer(t)
	conn, err := net.DialTimeout("tcp", strings.TrimPrefix(e.url, "http://"), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"game\":")
	start := time.Now()
	_ = conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err == nil {
		resp.Body.Close()
		if resp.StatusCode != 400 {
			t.Errorf("stalled body: status %d, want 400", resp.StatusCode)
		}
	} else if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("no answer %v after a stalled body", time.Since(start))
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("stalled body cut off only after %v", d)
	}
	e.healthy()
}
