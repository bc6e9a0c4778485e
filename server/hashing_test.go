package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"wyrm/internal/toysetup"
	"wyrm/server/account"
)

// A crowd of sign-ins at once does not queue for password hashing without
// end: past the queue's bound they are refused at once (429 with
// Retry-After) instead of each waiting its turn, and the owner signs in as
// soon as the crowd has gone (finding 9 of issue 32).
func TestSignInsBeyondTheHashingQueueAreRefusedEarly(t *testing.T) {
	h := newHarnessWith(t, "", func(c *Config) {
		c.ProxyHeader = "X-Forwarded-For"
		acc, err := account.Open(context.Background(), c.Store, account.Config{
			Params:     account.Params{Time: 1, MemoryKiB: 16 << 10, Threads: 1, SaltLen: 16, KeyLen: 32},
			MaxHashing: 1, // and the default queue, a few per slot
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { acc.Close() })
		c.Accounts = acc
	}, toysetup.Game{})
	signUp(t, h.http.URL, "owner")

	const crowd = 40
	login := func(name, password, addr string) (int, string, time.Duration) {
		body := fmt.Sprintf(`{"name":%q,"password":%q}`, name, password)
		req, _ := http.NewRequest("POST", h.http.URL+"/api/account/login", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", addr)
		start := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			return 0, "", 0
		}
		resp.Body.Close()
		return resp.StatusCode, resp.Header.Get("Retry-After"), time.Since(start)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	start := make(chan struct{})
	for i := range crowd {
		wg.Go(func() {
			<-start
			code, retry, took := login(fmt.Sprintf("nobody%d", i), "guess guess", fmt.Sprintf("198.51.100.%d", i+1))
			mu.Lock()
			defer mu.Unlock()
			codes[code]++
			// A refusal waits no longer than the queue's bound, plus the
			// sign-in's own database work (slow under the race detector).
			if code == 429 && (retry == "" || took > account.DefaultHashWait+time.Second) {
				t.Errorf("a refusal after %v with Retry-After %q: refuse early, and say when to come back", took, retry)
			}
		})
	}
	close(start)
	wg.Wait()
	if codes[429] == 0 || codes[403]+codes[429] != crowd {
		t.Errorf("%d sign-ins at once with one hashing slot: %v; want some refused at once (429), the rest answered", crowd, codes)
	}
	if _, m := h.get("/metrics"); strings.Contains(m, `wyrm_limited_total{limit="password_hashing"} 0`) {
		t.Error("the refusals are not counted in /metrics")
	}
	if code, _, _ := login("owner", "a long password", "203.0.113.1"); code != 200 {
		t.Errorf("the owner after the crowd: %d", code)
	}
}
