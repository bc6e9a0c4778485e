package reliability

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// chatReply says text in the players' room and returns the answer to it,
// skipping states and chat messages.
func (c *client) chatReply(id int, text string) map[string]any {
	c.t.Helper()
	c.send(map[string]any{"type": "chat", "room": "players", "text": text, "id": id})
	for {
		m, err := c.read(5 * time.Second)
		if err != nil {
			c.t.Fatalf("waiting for the answer to %q: %v", text, err)
		}
		if (m["type"] == "ack" || m["type"] == "error") && m["id"] == float64(id) {
			return m
		}
	}
}

// heard reads the chat messages c has been sent until the answer to a
// ping, and returns their texts.
func (c *client) heard() []string {
	c.t.Helper()
	c.send(map[string]any{"type": "ping", "id": 999})
	var out []string
	for {
		m, err := c.read(5 * time.Second)
		if err != nil {
			c.t.Fatalf("waiting for pong: %v", err)
		}
		if m["type"] == "pong" {
			return out
		}
		if cm, ok := m["message"].(map[string]any); ok && m["type"] == "chat" {
			out = append(out, cm["text"].(string))
		}
	}
}

// A message with a term the operator banned is refused with a clear
// error and reaches nobody; hostile text reaches the other player as one
// plain line; a flood meets the seat's chat limit, counted in /metrics.
func TestChatBannedHostileAndFlooded(t *testing.T) {
	list := filepath.Join(t.TempDir(), "banned.txt")
	if err := os.WriteFile(list, []byte("# spam\nfree gold\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, e := startAbuseProc(t, "--chat-banned", list, "--limit-chat", "4")
	g := e.create("dragon", "local", "local")
	a, b := e.dial(g.ID, g.Tokens[0]), e.dial(g.ID, g.Tokens[1])

	m := a.chatReply(2, "get FREE   Gold now!")
	if m["type"] != "error" || m["code"] != "invalid" || !strings.Contains(m["message"].(string), `"free gold"`) {
		t.Fatalf("a banned message: %v", m)
	}
	if got := b.heard(); len(got) != 0 {
		t.Fatalf("the banned message was heard: %q", got)
	}
	for i, c := range []struct{ send, heard string }{
		{"<script>alert(1)</script>", "<script>alert(1)</script>"}, // text: the page never renders it
		{"\x1b[2J\u202eolleh\r\nthere\x00", "[2Jolleh there"},
	} {
		if m := a.chatReply(3+i, c.send); m["type"] != "ack" {
			t.Fatalf("%q: %v", c.send, m)
		}
		if got := b.heard(); len(got) != 1 || got[0] != c.heard {
			t.Fatalf("%q heard as %q, want %q", c.send, got, c.heard)
		}
	}
	if m := a.chatReply(5, strings.Repeat("long ", 100)); m["code"] != "invalid" {
		t.Fatalf("a message over 200 characters: %v", m)
	}
	for i := range 2 {
		if m := a.chatReply(6+i, "fine"); m["type"] != "ack" {
			t.Fatalf("message %d of the seat's four a minute: %v", i+3, m)
		}
	}
	if m := a.chatReply(8, "one too many"); m["code"] != "too_many" {
		t.Fatalf("a fifth message within a minute: %v", m)
	}
	if v := e.metric(`wyrm_limited_total{limit="chat"}`); v != 1 {
		t.Fatalf("chat refusals counted: %v", v)
	}
	e.healthy()
}
