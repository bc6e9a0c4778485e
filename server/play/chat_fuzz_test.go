package play

import (
	"context"
	"encoding/json"
	"log/slog"
	"testing"
	"time"

	toygame "wyrm/internal/toysetup"
	"wyrm/server/chat"
)

// FuzzChatMessage feeds a player's connection chat messages of any room
// and text: each gets exactly one answer, and a message acknowledged
// reaches the other player as Clean makes its text, while one refused
// reaches nobody.
func FuzzChatMessage(f *testing.F) {
	for _, s := range []string{"hi", "  spaced \n out ", "<img src=x onerror=alert(1)>", "\u202eevil", "\x1b[2J\x07", "\xff\xfe", "a\u0301\u0301\u0301\u0301\u0301\u0301"} {
		f.Add("players", s)
	}
	f.Add("spectators", "hi")
	f.Add("", "")
	h := testHall(f, func(c *Config) {
		st, err := chat.Open(context.Background(), c.Store)
		if err != nil {
			f.Fatal(err)
		}
		lim := chat.Limits{SeatPerMinute: 1 << 30, SeatBurst: 1 << 30, AddressPerMinute: 1 << 30, AddressBurst: 1 << 30}
		c.Chat = chat.NewService(chat.Config{Store: st, Limits: lim}, false, c.Limits, slog.New(slog.DiscardHandler), time.Now)
	}, toygame.Game{})
	f.Fuzz(func(t *testing.T, room, text string) {
		s := twoLocal(t, h, "toy")
		speaker := &client{s: s, send: make(chan []byte, 16), done: make(chan struct{}), seats: []int{0}, key: "fuzz"}
		listener := &client{s: s, send: make(chan []byte, 16), done: make(chan struct{}), seats: []int{1}, key: "fuzz"}
		s.mu.Lock()
		s.subs[listener] = struct{}{}
		s.mu.Unlock()
		defer func() {
			s.mu.Lock()
			delete(s.subs, listener)
			s.mu.Unlock()
		}()
		msg, _ := json.Marshal(map[string]any{"type": "chat", "room": room, "text": text, "id": 1})
		speaker.handle(msg)
		if len(speaker.send) != 1 {
			t.Fatalf("%d answers to %s", len(speaker.send), msg)
		}
		var reply map[string]any
		json.Unmarshal(<-speaker.send, &reply)
		// What the server received, after JSON's own repair of bad UTF-8.
		var sent struct{ Text string }
		json.Unmarshal(msg, &sent)
		want, err := chat.Clean(sent.Text)
		switch {
		case reply["type"] == "ack":
			if err != nil || room != "players" || len(listener.send) != 1 {
				t.Fatalf("%s acknowledged (clean: %v), %d heard", msg, err, len(listener.send))
			}
			var heard struct{ Message chat.MessageView }
			json.Unmarshal(<-listener.send, &heard)
			if heard.Message.Text != want {
				t.Fatalf("%s heard as %q, want %q", msg, heard.Message.Text, want)
			}
		case reply["type"] == "error":
			if len(listener.send) != 0 {
				t.Fatalf("refused %s was heard", msg)
			}
		default:
			t.Fatalf("answer to %s: %v", msg, reply)
		}
	})
}
