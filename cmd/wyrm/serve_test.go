package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the server and the test at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestServeAnswersAndShutsDownGracefully(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb syncBuffer
	done := make(chan int, 1)
	db := filepath.Join(t.TempDir(), "w.db")
	go func() {
		done <- serve(ctx, serveConfig{addr: "127.0.0.1:0", db: db}, slog.New(slog.NewJSONHandler(&errb, nil)), &out, &errb)
	}()
	var url string
	for i := 0; i < 200 && url == ""; i++ {
		time.Sleep(10 * time.Millisecond)
		if s := out.String(); strings.Contains(s, "http://") {
			url = strings.Fields(s[strings.Index(s, "http://"):])[0]
		}
	}
	if url == "" {
		t.Fatalf("no URL printed; stdout %q stderr %q", out.String(), errb.String())
	}
	for _, path := range []string{"healthz", "", "api/meta", "metrics", "rules/dragon"} {
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || len(body) == 0 {
			t.Errorf("GET /%s: %d", path, resp.StatusCode)
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(errb.String(), `"msg":"stopped"`) {
		t.Errorf("no structured stop log: %s", errb.String())
	}
}

func TestServeFlags(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"serve", "--log-level", "loud"}, nil, &out, &errb); code != 2 {
		t.Errorf("bad log level: exit %d", code)
	}
	if code := run([]string{"serve", "extra"}, nil, &out, &errb); code != 2 {
		t.Errorf("extra argument: exit %d", code)
	}
}
