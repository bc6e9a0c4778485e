package server

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"wyrm/internal/toysetup"
	"wyrm/server/account"
	"wyrm/server/chat"
	"wyrm/server/httpkit"
	"wyrm/server/play"
	"wyrm/server/table"
)

// newChatHarness is a server with accounts and chat on the database at
// path ("" for a fresh one); set changes the chat's config first.
func newChatHarness(t testing.TB, path string, set func(*chat.Config)) *harness {
	t.Helper()
	return newHarnessWith(t, path, func(c *Config) {
		openTestAccounts(t, c, account.Config{})
		openTestChat(t, c)
		if set != nil {
			set(&c.Chat)
		}
	}, toysetup.Game{})
}

// chatConn is a test websocket that keeps the chat messages it reads.
type chatConn struct {
	*wsClient
	seen []chat.MessageView
	n    int
}

// read reads messages until want accepts one, keeping chat messages.
func (c *chatConn) read(want func(map[string]any) bool) map[string]any {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), readWait)
	defer cancel()
	for {
		_, b, err := c.conn.Read(ctx)
		if err != nil {
			c.t.Fatalf("reading: %v", err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			c.t.Fatal(err)
		}
		if m["type"] == "chat" {
			var cm struct{ Message chat.MessageView }
			json.Unmarshal(b, &cm)
			c.seen = append(c.seen, cm.Message)
		}
		if want(m) {
			return m
		}
	}
}

// ask sends msg with a fresh id and returns the answer to it.
func (c *chatConn) ask(msg map[string]any) map[string]any {
	c.t.Helper()
	c.n++
	id := float64(c.n + 1000)
	msg["id"] = id
	c.send(msg)
	return c.read(func(m map[string]any) bool { return m["id"] == id && m["type"] != "state" })
}

// say says text in room and returns the answer: an ack or an error.
func (c *chatConn) say(room, text string) map[string]any {
	c.t.Helper()
	return c.ask(map[string]any{"type": "chat", "room": room, "text": text})
}

// mustSay says text in room or fails the test.
func (c *chatConn) mustSay(room, text string) {
	c.t.Helper()
	if m := c.say(room, text); m["type"] != "ack" {
		c.t.Fatalf("saying %q in %s: %v", text, room, m)
	}
}

// sync waits until every message the server queued for c before now has
// been read: an answer comes after them.
func (c *chatConn) sync() {
	c.t.Helper()
	c.ask(map[string]any{"type": "ping"})
}

// heard reports whether c read a chat message saying text.
func (c *chatConn) heard(text string) bool {
	return slices.ContainsFunc(c.seen, func(m chat.MessageView) bool { return m.Text == text })
}

// historyJSON is the answer to chat-history.
type historyJSON struct {
	Rooms    []chat.RoomAccess
	Messages []chat.MessageView
	Max      int
}

func (c *chatConn) history() historyJSON {
	c.t.Helper()
	m := c.ask(map[string]any{"type": "chat-history"})
	var h historyJSON
	b, _ := json.Marshal(m)
	if err := json.Unmarshal(b, &h); err != nil || m["type"] != "chat-history" {
		c.t.Fatalf("history: %v", m)
	}
	return h
}

func (h historyJSON) texts() []string {
	var out []string
	for _, m := range h.Messages {
		out = append(out, m.Name+": "+m.Text)
	}
	return out
}

func (h historyJSON) rooms() string {
	var out []string
	for _, r := range h.Rooms {
		w := "read"
		if r.Write {
			w = "write"
		}
		out = append(out, string(r.Room)+":"+w)
	}
	return strings.Join(out, " ")
}

// table is a game of the toy with alice (an account) in the first seat,
// a guest in the second, and spectators: carol signed in, dave a guest.
type chatTable struct {
	id                        string
	alice, guest, carol, dave *chatConn
	aliceB, carolB            *browserClient
}

func newChatTable(t *testing.T, h *harness) *chatTable {
	t.Helper()
	ct := &chatTable{aliceB: signUp(t, h.http.URL, "alice"), carolB: signUp(t, h.http.URL, "carol")}
	code, cr := ct.aliceB.post("/api/games", play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, cr)
	}
	ct.id = cr["id"].(string)
	code, join := h.post("/api/games/"+ct.id+"/join", map[string]any{"seat": 1})
	if code != 200 {
		t.Fatalf("join: %d %v", code, join)
	}
	ct.alice = &chatConn{wsClient: dialAs(t, ct.aliceB, h.http.URL, ct.id)}
	ct.alice.waitState(func(s play.State) bool { return len(s.You) == 1 })
	ct.guest = &chatConn{wsClient: h.dial(ct.id, join["token"].(string))}
	ct.carol = &chatConn{wsClient: dialAs(t, ct.carolB, h.http.URL, ct.id)}
	ct.dave = &chatConn{wsClient: h.dial(ct.id)}
	return ct
}

// The players' and spectators' rooms are apart: each hears only its own
// room while the game is on, with who may write where; once it is over the
// players read the spectators' room too.
func TestChatRoomsAreApart(t *testing.T) {
	h := newChatHarness(t, "", nil)
	ct := newChatTable(t, h)
	alice, guest, carol, dave := ct.alice, ct.guest, ct.carol, ct.dave

	alice.mustSay("players", "good luck")
	guest.mustSay("players", "  you too\n")
	carol.mustSay("spectators", "spectators only: play c1c2!")
	for _, c := range []*chatConn{alice, guest, carol, dave} {
		c.sync()
	}
	for _, c := range []struct {
		who         string
		c           *chatConn
		players, sp bool
	}{{"alice", alice, true, false}, {"the guest", guest, true, false}, {"carol", carol, false, true}, {"dave", dave, false, true}} {
		if c.c.heard("good luck") != c.players || c.c.heard("you too") != c.players {
			t.Errorf("%s heard the players' room: %v, want %v (%+v)", c.who, c.c.heard("good luck"), c.players, c.c.seen)
		}
		if c.c.heard("spectators only: play c1c2!") != c.sp {
			t.Errorf("%s heard the spectators' room: %v, want %v", c.who, !c.sp, c.sp)
		}
	}
	if m := guest.seen[1]; m.Name != "North" || !m.Guest || m.Seat != 1 || m.Room != "players" {
		t.Errorf("the guest's message: %+v", m)
	}
	if m := alice.seen[0]; m.Name != "alice" || m.Guest || m.Seat != 0 || m.At == 0 || m.ID == 0 {
		t.Errorf("alice's message: %+v", m)
	}
	if m := dave.seen[0]; m.Name != "carol" || m.Seat != -1 || m.Guest {
		t.Errorf("carol's message: %+v", m)
	}

	for _, c := range []struct {
		who        string
		c          *chatConn
		room, want string
	}{
		{"carol", carol, "players", "only the players"},
		{"dave", dave, "players", "only the players"},
		{"dave", dave, "spectators", "Sign in"},
		{"alice", alice, "spectators", "once the game is over"},
		{"the guest", guest, "spectators", "once the game is over"},
	} {
		m := c.c.say(c.room, "hello?")
		if m["type"] != "error" || m["code"] != "forbidden" || !strings.Contains(m["message"].(string), c.want) {
			t.Errorf("%s in the %s' room: %v, want a refusal saying %q", c.who, c.room, m, c.want)
		}
	}
	for _, c := range []struct {
		who, rooms string
		c          *chatConn
		texts      []string
	}{
		{"alice", "players:write", alice, []string{"alice: good luck", "North: you too"}},
		{"the guest", "players:write", guest, []string{"alice: good luck", "North: you too"}},
		{"carol", "spectators:write", carol, []string{"carol: spectators only: play c1c2!"}},
		{"dave", "spectators:read", dave, []string{"carol: spectators only: play c1c2!"}},
	} {
		hist := c.c.history()
		if hist.rooms() != c.rooms || !slices.Equal(hist.texts(), c.texts) || hist.Max != chat.MaxRunes {
			t.Errorf("%s's history: rooms %q, %q; want %q, %q", c.who, hist.rooms(), hist.texts(), c.rooms, c.texts)
		}
	}

	guest.send(map[string]any{"type": "resign"})
	guest.read(func(m map[string]any) bool { return m["type"] == "ack" })
	if hist := alice.history(); hist.rooms() != "players:write spectators:write" || len(hist.Messages) != 3 {
		t.Errorf("alice's history after the game: %q, %q", hist.rooms(), hist.texts())
	}
	if hist := guest.history(); hist.rooms() != "players:write spectators:read" {
		t.Errorf("the guest's rooms after the game: %q", hist.rooms())
	}
	alice.mustSay("spectators", "thanks for watching")
	carol.read(func(m map[string]any) bool { return m["type"] == "chat" && carol.heard("thanks for watching") })
	if hist := carol.history(); hist.rooms() != "spectators:write" || len(hist.Messages) != 2 {
		t.Errorf("carol never reads the players' room: %q %q", hist.rooms(), hist.texts())
	}
}

// What is said survives a restart of the server.
func TestChatPersistsAcrossRestart(t *testing.T) {
	path := t.TempDir() + "/w.db"
	h := newChatHarness(t, path, nil)
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c := &chatConn{wsClient: h.dial(cr.ID, cr.Tokens[0])}
	c.mustSay("players", "remember this")
	h.stop()

	h2 := newChatHarness(t, path, nil)
	c2 := &chatConn{wsClient: h2.dial(cr.ID, cr.Tokens[1])}
	if hist := c2.history(); !slices.Equal(hist.texts(), []string{"South: remember this"}) {
		t.Fatalf("after a restart: %q", hist.texts())
	}
}

// Bad messages are refused with a clear error, store nothing and reach
// nobody; a banned term is refused saying which.
func TestChatRefusesBadMessages(t *testing.T) {
	h := newChatHarness(t, "", func(c *chat.Config) {
		f, err := chat.NewFilter([]string{"free gold"})
		if err != nil {
			t.Fatal(err)
		}
		c.Filter = f
	})
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c := &chatConn{wsClient: h.dial(cr.ID, cr.Tokens[0])}
	other := &chatConn{wsClient: h.dial(cr.ID, cr.Tokens[1])}
	for _, tc := range []struct {
		msg        map[string]any
		code, want string
	}{
		{map[string]any{"type": "chat", "room": "players", "text": "get FREE gold at example.com"}, "invalid", `"free gold"`},
		{map[string]any{"type": "chat", "room": "players", "text": strings.Repeat("a", chat.MaxRunes+1)}, "invalid", "at most 200 characters"},
		{map[string]any{"type": "chat", "room": "players", "text": " \n\u202e "}, "invalid", "empty"},
		{map[string]any{"type": "chat", "room": "lobby", "text": "hi"}, "bad_request", "a room is"},
		{map[string]any{"type": "chat", "text": "hi"}, "bad_request", "a room is"},
		{map[string]any{"type": "chat-report"}, "bad_request", "name the message"},
		{map[string]any{"type": "chat-report", "message": 12345}, "not_found", "no such message"},
		{map[string]any{"type": "chat-shout"}, "bad_request", "unknown message type"},
	} {
		m := c.ask(tc.msg)
		if m["type"] != "error" || m["code"] != tc.code || !strings.Contains(m["message"].(string), tc.want) {
			t.Errorf("%v: %v, want %s saying %q", tc.msg, m, tc.code, tc.want)
		}
	}
	other.sync()
	if len(other.seen) != 0 {
		t.Errorf("refused messages were heard: %+v", other.seen)
	}
	if hist := c.history(); len(hist.Messages) != 0 {
		t.Errorf("refused messages were stored: %q", hist.texts())
	}
	c.mustSay("players", "gold is free in this variant") // the words, not the term
}

// Each chat limit refuses the message past it with too_many and a wait:
// per seat, per account over its games, per address over its guests.
func TestChatLimits(t *testing.T) {
	for _, tc := range []struct {
		name   string
		limits chat.Limits
		want   string
	}{
		{"seat", chat.Limits{SeatPerMinute: 2, SeatBurst: 2}, "this seat"},
		{"account", chat.Limits{AccountPerMinute: 3, AccountBurst: 3}, "your account"},
		{"address", chat.Limits{AddressPerMinute: 3, AddressBurst: 3}, "your address"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newChatHarness(t, "", func(c *chat.Config) { c.Limits = tc.limits })
			alice := signUp(t, h.http.URL, "alice")
			// Two games of alice's account, two of guests: the seat limit
			// is met in one, the others across two.
			var conns []*chatConn
			for range 2 {
				_, cr := alice.post("/api/games", play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
				c := &chatConn{wsClient: dialAs(t, alice, h.http.URL, cr["id"].(string))}
				c.waitState(func(s play.State) bool { return len(s.You) == 2 })
				conns = append(conns, c)
			}
			if tc.name == "address" {
				conns = conns[:0]
				for range 2 {
					cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
					conns = append(conns, &chatConn{wsClient: h.dial(cr.ID, cr.Tokens[0])})
				}
			}
			plan := []int{0, 0, 1} // which connection says each message
			if tc.name == "seat" {
				plan = []int{0, 0}
			}
			for _, i := range plan {
				conns[i].mustSay("players", "within the limit")
			}
			m := conns[1%len(conns)].say("players", "one too many")
			if tc.name == "seat" {
				m = conns[0].say("players", "one too many")
			}
			if m["type"] != "error" || m["code"] != "too_many" || !strings.Contains(m["message"].(string), tc.want) {
				t.Fatalf("past the %s limit: %v", tc.name, m)
			}
			if tc.name == "seat" {
				conns[1].mustSay("players", "another seat has its own")
			}
		})
	}
}

// A signed-in player blocks an account: its messages no longer reach them,
// live or in the history, until unblocked. Blocking needs an account, the
// CSRF header, a real name, and is rate-limited.
func TestChatBlock(t *testing.T) {
	h := newChatHarness(t, "", func(c *chat.Config) { c.Limits = chat.Limits{ReportsPerMinute: 4, ReportsBurst: 4} })
	alice, bob := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob")
	_, cr := alice.post("/api/games", play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	id := cr["id"].(string)
	if code, out := bob.post("/api/games/"+id+"/join", map[string]int{"seat": 1}); code != 200 {
		t.Fatalf("bob joins: %d %v", code, out)
	}
	a := &chatConn{wsClient: dialAs(t, alice, h.http.URL, id)}
	b := &chatConn{wsClient: dialAs(t, bob, h.http.URL, id)}
	a.waitState(func(s play.State) bool { return len(s.You) == 1 })
	b.waitState(func(s play.State) bool { return len(s.You) == 1 })
	b.mustSay("players", "before the block")

	guest := newBrowserClient(t, h.http.URL)
	csrf := alice.csrf
	alice.csrf = ""
	for _, c := range []struct {
		who  *browserClient
		body map[string]any
		code int
	}{
		{guest, map[string]any{"name": "bob", "block": true}, 403},
		{alice, map[string]any{"name": "bob", "block": true}, 403}, // no CSRF header
	} {
		if code, out := c.who.post("/api/chat/blocks", c.body); code != c.code {
			t.Errorf("block %v: %d %v, want %d", c.body, code, out, c.code)
		}
	}
	alice.csrf = csrf
	for _, c := range []struct {
		body map[string]any
		code int
	}{
		{map[string]any{"name": "nobody", "block": true}, 404},
		{map[string]any{"name": "alice", "block": true}, 400},
		{map[string]any{"name": strings.Repeat("b", 21), "block": true}, 400},
		{map[string]any{"name": "bob", "block": true, "extra": 1}, 400},
	} {
		if code, out := alice.post("/api/chat/blocks", c.body); code != c.code {
			t.Errorf("block %v: %d %v, want %d", c.body, code, out, c.code)
		}
	}
	if code, out := alice.post("/api/chat/blocks", map[string]any{"name": "BOB", "block": true}); code != 200 || !slices.Equal(anyStrings(out["names"]), []string{"bob"}) {
		t.Fatalf("alice blocks bob: %d %v", code, out)
	}
	b.mustSay("players", "after the block")
	a.mustSay("players", "anyone there?")
	if a.heard("after the block") || !b.heard("after the block") {
		t.Errorf("alice heard bob after blocking him: %+v", a.seen)
	}
	if hist := a.history(); !slices.Equal(hist.texts(), []string{"alice: anyone there?"}) {
		t.Errorf("alice's history with bob blocked: %q", hist.texts())
	}
	if hist := b.history(); len(hist.Messages) != 3 {
		t.Errorf("bob reads everything: %q", hist.texts())
	}
	if code, out := alice.post("/api/chat/blocks", map[string]any{"name": "bob", "block": false}); code != 200 || len(anyStrings(out["names"])) != 0 {
		t.Fatalf("unblock: %d %v", code, out)
	}
	if hist := a.history(); len(hist.Messages) != 3 {
		t.Errorf("alice's history after unblocking: %q", hist.texts())
	}
	// Four blocks and unblocks a minute: the fifth waits.
	if code, out := alice.post("/api/chat/blocks", map[string]any{"name": "bob", "block": true}); code != 429 || !strings.Contains(out["error"].(string), "too many") {
		t.Fatalf("past the limit: %d %v", code, out)
	}
	if _, out := alice.get("/api/chat/blocks"); len(anyStrings(out["names"])) != 0 {
		t.Fatalf("a refused block was stored: %v", out)
	}
}

func anyStrings(v any) []string {
	out := []string{}
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// A reader reports a message: the report is stored for the operator with a
// copy of the message, who said it and who reported it. A message the
// reader cannot read cannot be reported, and reports are rate-limited.
func TestChatReportStored(t *testing.T) {
	h := newChatHarness(t, "", func(c *chat.Config) { c.Limits = chat.Limits{ReportsPerMinute: 2, ReportsBurst: 2} })
	ct := newChatTable(t, h)
	ct.alice.mustSay("players", "you play like a potato")
	ct.carol.mustSay("spectators", "hello from the stands")
	ct.guest.read(func(m map[string]any) bool { return m["type"] == "chat" })
	rude := ct.guest.seen[0].ID
	if m := ct.carol.ask(map[string]any{"type": "chat-report", "message": rude}); m["code"] != "not_found" {
		t.Fatalf("a spectator reports a players' message: %v", m)
	}
	for range 2 { // again: still one report
		if m := ct.guest.ask(map[string]any{"type": "chat-report", "message": rude}); m["type"] != "ack" {
			t.Fatalf("report: %v", m)
		}
	}
	if m := ct.guest.ask(map[string]any{"type": "chat-report", "message": rude}); m["code"] != "too_many" {
		t.Fatalf("a third report within the limit of two: %v", m)
	}
	rs, err := h.srv.chat.Store().Reports(context.Background(), 10)
	if err != nil || len(rs) != 1 {
		t.Fatalf("reports: %+v %v", rs, err)
	}
	r := rs[0]
	if r.Message.ID != rude || r.Message.Game != ct.id || r.Message.Text != "you play like a potato" || r.Message.Name != "alice" ||
		r.Message.UserID == 0 || r.Reporter != "North (guest)" || r.ReporterID != 0 || r.AtMs == 0 {
		t.Fatalf("stored report: %+v", r)
	}
}

// Without a chat store, chat is off: the history offers no room and
// messages are refused.
func TestChatOff(t *testing.T) {
	h := newHarness(t, "")
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c := &chatConn{wsClient: h.dial(cr.ID, cr.Tokens[0])}
	if hist := c.history(); len(hist.Rooms) != 0 {
		t.Fatalf("rooms without chat: %+v", hist.Rooms)
	}
	if m := c.say("players", "hi"); m["code"] != "conflict" || !strings.Contains(m["message"].(string), "chat is off") {
		t.Fatalf("a message without chat: %v", m)
	}
	if code, _ := h.get("/api/chat/blocks"); code != 404 {
		t.Fatalf("blocks without chat: %d", code)
	}
}

// Chat histories count against the seat proofs' limit per address: each
// is a view's worth of work.
func TestChatHistoryIsLimited(t *testing.T) {
	h := newHarnessWith(t, "", func(c *Config) {
		ch, err := chat.Open(context.Background(), c.Store)
		if err != nil {
			t.Fatal(err)
		}
		c.Chat = chat.Config{Store: ch}
		c.Limits = httpkit.Limits{HellosPerMinute: 3, HellosBurst: 3}
	}, toysetup.Game{})
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c := &chatConn{wsClient: h.dial(cr.ID, cr.Tokens[0])} // one proof
	for range 2 {
		c.history()
	}
	if m := c.ask(map[string]any{"type": "chat-history"}); m["code"] != "too_many" {
		t.Fatalf("a history past the limit: %v", m)
	}
}
