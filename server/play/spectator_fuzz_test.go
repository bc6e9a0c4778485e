package play

import (
	"testing"
	"time"

	toygame "wyrm/internal/toysetup"
)

// FuzzSpectatorMessage feeds arbitrary bytes to the websocket message
// handler of a player holding both seats and of a spectator: both get an
// answer, nothing panics, and the spectator never changes the game.
func FuzzSpectatorMessage(f *testing.F) {
	for _, s := range []string{`{"type":"move","move":"c1c2"}`, `{"type":"hello","tokens":["x"]}`, `{"type":"setup","seat":0,"choice":"c1"}`,
		`{"type":"resign","seat":1}`, `{"type":"draw"}`, `{"type":"decline"}`, `{"type":"rematch"}`, `{"type":"no-rematch"}`, `{"type":"suggest","seat":0}`,
		`{"type":"ping","id":3}`, `{`, `[]`, `null`, `{"type":"move","seat":-1}`, `{"type":"move","seat":99,"move":"a"}`} {
		f.Add([]byte(s))
	}
	s := twoLocal(f, testHall(f, nil, toygame.Game{}), "toy")
	newClient := func(seats []int) *client {
		return &client{s: s, send: make(chan []byte, 1024), done: make(chan struct{}), seats: seats, tokens: RateBurst, last: time.Now()}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, c := range []*client{newClient([]int{0, 1}), newClient(nil)} {
			s.mu.Lock()
			before := len(s.t.Log)
			s.mu.Unlock()
			c.handle(data)
			if len(c.send) == 0 {
				t.Fatalf("no answer to %q", data)
			}
			s.mu.Lock()
			after := len(s.t.Log)
			s.mu.Unlock()
			if c.seats == nil && after != before {
				t.Fatalf("a spectator's %q changed the game", data)
			}
		}
	})
}
