package play

import (
	"context"
	"encoding/json"
	"testing"

	"wyrm/games/dragon"
	toy "wyrm/internal/toysetup"
	"wyrm/server/store"
	"wyrm/server/table"
)

// FuzzClientMessage feeds arbitrary websocket messages to a client that
// holds the first seat of a game. Every message gets exactly one reply;
// a message that is not acknowledged changes neither the log nor the
// position.
func FuzzClientMessage(f *testing.F) {
	for _, s := range []string{
		`{"type":"ping","id":1}`,
		`{"type":"move","move":"c1c2","id":2}`,
		`{"type":"move","move":"Kc2"}`,
		`{"type":"move","move":"e2e4","seat":0}`,
		`{"type":"move","move":"c1c2","seat":1}`,
		`{"type":"hello","tokens":["x"]}`,
		`{"type":"setup","choice":"b1"}`,
		`{"type":"draw"}`, `{"type":"decline"}`, `{"type":"resign"}`, `{"type":"rematch"}`, `{"type":"no-rematch"}`,
		`{"type":"move"`, `[]`, `{}`, `{"type":"move","move":"c1c2"}{}`, `{"type":"move","extra":1}`,
		`{"type":"ping","id":1e99}`, `{"type":"move","seat":-7,"move":"a1a2"}`,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	srv := testHall(f, nil, toy.Game{}, dragon.Game)
	f.Fuzz(func(t *testing.T, data []byte, useDragon bool) {
		kind := "toy"
		if useDragon {
			kind = "dragon"
		}
		cr, err := srv.Create(context.Background(), CreateRequest{Game: kind, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
		if err != nil {
			t.Fatal(err)
		}
		s := srv.session(cr.ID)
		c := &client{s: s, send: make(chan []byte, SendQueue), done: make(chan struct{}), seats: []int{0}}
		s.mu.Lock()
		before, log := s.t.Pos.String(), len(s.t.Log)
		s.mu.Unlock()
		c.handle(data)
		var replies []map[string]any
		for len(c.send) > 0 {
			var m map[string]any
			if err := json.Unmarshal(<-c.send, &m); err != nil {
				t.Fatalf("reply is not JSON: %v", err)
			}
			if m["type"] != "state" {
				replies = append(replies, m)
			}
		}
		if len(replies) != 1 {
			t.Fatalf("%q: %d replies %v, want one", data, len(replies), replies)
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		switch replies[0]["type"] {
		case "ack":
		case "error", "pong":
			if s.t.Pos.String() != before || len(s.t.Log) != log {
				t.Fatalf("%q was refused (%v) but changed the game", data, replies[0])
			}
		default:
			t.Fatalf("%q: unexpected reply %v", data, replies[0])
		}
	})
}

// FuzzReplay rebuilds a game from an arbitrary stored definition and log,
// as the server does at start-up from a damaged or hostile database: it
// must not panic, and whatever it restores must be viewable and
// recordable.
func FuzzReplay(f *testing.F) {
	def := `{"game":"toy","options":{},"seats":[{"kind":"local","tokenHash":"ab"},{"kind":"invite"}],"clock":{"initialMs":60000,"incrementMs":1000}}`
	log := `[{"seq":0,"at":1000,"seat":1,"kind":"join","data":"cd"},{"seq":1,"at":2000,"seat":0,"kind":"move","data":"c1c2"},{"seq":2,"at":3000,"seat":1,"kind":"draw"},{"seq":3,"at":4000,"seat":0,"kind":"draw"},{"seq":4,"at":5000,"seat":0,"kind":"rematch","data":"x"}]`
	f.Add([]byte(def), []byte(log))
	f.Add([]byte(`{"game":"toy","options":{"setup":"true"},"seats":[{"kind":"computer","level":3},{"kind":"local"}]}`),
		[]byte(`[{"seq":0,"seat":0,"kind":"setup","data":"b1"},{"seq":1,"seat":1,"kind":"setup","data":"d5"},{"seq":2,"seat":0,"kind":"move","data":"b1b2"},{"seq":3,"seat":1,"kind":"timeout"}]`))
	f.Add([]byte(`{"game":"dragon","seats":[{"kind":"local"},{"kind":"local"}]}`),
		[]byte(`[{"seq":0,"seat":0,"kind":"move","data":"e2e4"},{"seq":1,"seat":1,"kind":"move","data":"D@g8"},{"seq":2,"seat":7,"kind":"resign"}]`))
	f.Add([]byte(`{"game":"nope"}`), []byte(`[]`))
	// A definition whose seats do not match the game (only a damaged
	// database has one).
	f.Add([]byte(`{"game":"toy","seats":[{"kind":"local"}],"clock":{"initialMs":60000}}`),
		[]byte(`[{"seq":0,"at":1,"seat":0,"kind":"move","data":"c1c2"},{"seq":1,"at":2,"seat":0,"kind":"draw"}]`))
	f.Add([]byte(`{"game":"toy","seats":[]}`), []byte(`[{"seat":0,"kind":"resign"}]`))
	srv := testHall(f, nil, toy.Game{}, dragon.Game)
	f.Fuzz(func(t *testing.T, defJSON, logJSON []byte) {
		var d table.Def
		var actions []store.Action
		if json.Unmarshal(defJSON, &d) != nil || json.Unmarshal(logJSON, &actions) != nil {
			return
		}
		if len(actions) > 200 {
			return
		}
		s, err := newSession(srv, "fuzz", 0, d, actions)
		if err != nil {
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if len(s.t.Log) > len(actions) {
			t.Fatalf("replay kept %d of %d actions", len(s.t.Log), len(actions))
		}
		if _, err := json.Marshal(s.state([]int{0})); err != nil {
			t.Fatalf("state: %v", err)
		}
		_ = s.record()
		for n := 0; n <= len(s.t.Plies); n++ {
			if _, err := s.t.PositionAt(n); err != nil && s.t.Pos != nil {
				t.Fatalf("ply %d of %d: %v", n, len(s.t.Plies), err)
			}
		}
	})
}
