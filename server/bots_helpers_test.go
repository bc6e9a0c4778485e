package server

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// apiClient sends requests with an API token and nothing else: no cookie,
// no CSRF header, and no content type unless a body is given.
type apiClient struct {
	t     *testing.T
	base  string
	token string
}

// do sends method path with body (nil: none) and decodes the answer.
func (c *apiClient) do(method, path string, body any) (int, map[string]any) {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = strings.NewReader(string(raw))
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	req.Header.Set("Authorization", "Bearer "+c.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// newToken makes an API token for b's account through the API.
func newAPIToken(t *testing.T, b *browserClient, label string) *apiClient {
	t.Helper()
	code, out := b.post("/api/account/tokens", map[string]string{"label": label})
	if code != 201 {
		t.Fatalf("make a token: %d %v", code, out)
	}
	return &apiClient{t: t, base: b.base, token: out["token"].(string)}
}

// makeBot signs up name, makes it a bot and gives it a token.
func makeBot(t *testing.T, base, name string) (*browserClient, *apiClient) {
	t.Helper()
	b := signUp(t, base, name)
	if code, out := b.post("/api/account/bot", map[string]any{}); code != 200 || out["bot"] != true {
		t.Fatalf("make %s a bot: %d %v", name, code, out)
	}
	return b, newAPIToken(t, b, "engine")
}

// ndjson reads an NDJSON stream opened with c's token.
type ndjson struct {
	t     *testing.T
	lines chan map[string]any
	stop  context.CancelFunc
	done  chan struct{}
}

// stream opens path with c's token and reads its lines in the background;
// it fails the test unless the answer is 200.
func (c *apiClient) stream(path string) *ndjson {
	c.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+path, nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "application/x-ndjson")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		c.t.Fatal(err)
	}
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		cancel()
		c.t.Fatalf("%s: %d %s", path, resp.StatusCode, b)
	}
	n := &ndjson{t: c.t, lines: make(chan map[string]any, 256), stop: cancel, done: make(chan struct{})}
	go func() {
		defer close(n.done)
		defer close(n.lines)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				n.lines <- m
			}
		}
	}()
	c.t.Cleanup(n.close)
	return n
}

func (n *ndjson) close() {
	n.stop()
	<-n.done
}

// next returns the next line of type typ (skipping others), or fails.
func (n *ndjson) next(typ string) map[string]any {
	n.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case m, ok := <-n.lines:
			if !ok {
				n.t.Fatalf("the stream ended before a %s", typ)
			}
			if m["type"] == typ {
				return m
			}
		case <-timeout:
			n.t.Fatalf("no %s within 10 s", typ)
		}
	}
}

// ended waits for the stream to end.
func (n *ndjson) ended() bool {
	timeout := time.After(10 * time.Second)
	for {
		select {
		case _, ok := <-n.lines:
			if !ok {
				return true
			}
		case <-timeout:
			return false
		}
	}
}
