package reliability

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestHostileMessagesChangeNothing sends every kind of bad websocket
// message, from players and from a spectator, and checks that each gets an
// error naming the problem while the stored log and the position stay
// exactly as they were and the server stays healthy.
func TestHostileMessagesChangeNothing(t *testing.T) {
	e := startServer(t)
	g := e.create("dragon", "local", "local")
	other := e.create("dragon", "local", "local")
	white := e.dial(g.ID, g.Tokens[0])
	black := e.dial(g.ID, g.Tokens[1])
	watcher := e.dial(g.ID)

	// One real move first, so that replays and the second seat are tested
	// on a game in progress.
	first := white.playFirstLegal(2)
	black.waitVersion(1)

	cases := []struct {
		name string
		c    *client
		typ  websocket.MessageType
		msg  string
		want string // part of the error message
	}{
		{"truncated JSON", black, websocket.MessageText, `{"type":"move"`, "malformed"},
		{"not an object", black, websocket.MessageText, `[1,2,3]`, "malformed"},
		{"bare string", black, websocket.MessageText, `"move"`, "malformed"},
		{"empty message", black, websocket.MessageText, ``, "malformed"},
		{"two objects", black, websocket.MessageText, `{"type":"ping"}{"type":"ping"}`, "one JSON object"},
		{"binary frame", black, websocket.MessageBinary, `{"type":"ping"}`, "JSON text"},
		{"invalid UTF-8", black, websocket.MessageText, "{\"type\":\"move\",\"move\":\"\xff\xfe\"}", "neither UCI nor SAN"},
		{"unknown field", black, websocket.MessageText, `{"type":"move","move":"e7e5","admin":true}`, "unknown field"},
		{"type not a string", black, websocket.MessageText, `{"type":7}`, "malformed"},
		{"unknown type", black, websocket.MessageText, `{"type":"teleport"}`, "unknown message type"},
		{"empty type", black, websocket.MessageText, `{}`, "unknown message type"},
		{"id overflow", black, websocket.MessageText, `{"type":"ping","id":1e400}`, "malformed"},
		{"empty move", black, websocket.MessageText, `{"type":"move","move":"   "}`, "empty move"},
		{"garbage move", black, websocket.MessageText, `{"type":"move","move":"zz99"}`, "zz99"},
		{"long move", black, websocket.MessageText, `{"type":"move","move":"` + strings.Repeat("e2e4", 3000) + `"}`, "neither UCI nor SAN"},
		{"illegal move", black, websocket.MessageText, `{"type":"move","move":"e7e4"}`, "e7e4"},
		{"move out of turn", white, websocket.MessageText, `{"type":"move","move":"d2d4"}`, "not your turn"},
		{"move for the other seat", white, websocket.MessageText, `{"type":"move","move":"e7e5","seat":1}`, "do not hold seat 2"},
		{"seat out of range", black, websocket.MessageText, `{"type":"move","move":"e7e5","seat":9}`, "do not hold seat 10"},
		{"negative seat", black, websocket.MessageText, `{"type":"resign","seat":-1}`, "do not hold seat 0"},
		{"replayed move", white, websocket.MessageText, `{"type":"move","move":"` + first + `","seat":0}`, "not your turn"},
		{"forged token", watcher, websocket.MessageText, `{"type":"hello","tokens":["00112233445566778899aabbccddeeff"]}`, "not valid"},
		{"token of another game", watcher, websocket.MessageText, `{"type":"hello","tokens":["` + other.Tokens[0] + `"]}`, "not valid"},
		{"too many tokens", watcher, websocket.MessageText, `{"type":"hello","tokens":["a","b","c"]}`, "too many tokens"},
		{"spectator moves", watcher, websocket.MessageText, `{"type":"move","move":"e7e5"}`, "watching"},
		{"spectator names a seat", watcher, websocket.MessageText, `{"type":"move","move":"e7e5","seat":1}`, "watching"},
		{"spectator resigns", watcher, websocket.MessageText, `{"type":"resign"}`, "watching"},
		{"spectator offers a draw", watcher, websocket.MessageText, `{"type":"draw"}`, "watching"},
		{"spectator asks a rematch", watcher, websocket.MessageText, `{"type":"rematch"}`, "watching"},
		{"setup after setup", black, websocket.MessageText, `{"type":"setup","choice":"x"}`, "setup"},
		{"decline without offer", black, websocket.MessageText, `{"type":"decline"}`, "no draw offer"},
		{"rematch before the end", black, websocket.MessageText, `{"type":"rematch"}`, "not over"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := e.snap(g.ID)
			tc.c.t = t
			tc.c.sendRaw(tc.typ, []byte(tc.msg))
			msg := tc.c.expectError()
			if !strings.Contains(msg, tc.want) {
				t.Errorf("error %.200q does not mention %q", msg, tc.want)
			}
			e.unchanged(g.ID, before, tc.name)
		})
	}
	for _, c := range []*client{white, black, watcher} {
		c.t = t
	}
	// The token of another game does not even let the spectator act here.
	watcher.send(map[string]any{"type": "move", "move": "e7e5"})
	if msg := watcher.expectError(); !strings.Contains(msg, "watching") {
		t.Errorf("after a refused hello the spectator got %q", msg)
	}
	e.healthy()
	// The game still goes on normally.
	black.playFirstLegal(3)
	if s := e.game(g.ID); s.Version != 2 || len(s.Plies) != 2 {
		t.Errorf("after the bad messages a good move gives version %d, %d plies", s.Version, len(s.Plies))
	}
}

// TestOversizedMessageClosesOnlyThatConnection checks the message size
// limit: the offender is hung up with 1009, everybody else plays on.
func TestOversizedMessageClosesOnlyThatConnection(t *testing.T) {
	e := startServer(t)
	g := e.create("dragon", "local", "local")
	white := e.dial(g.ID, g.Tokens[0])
	black := e.dial(g.ID, g.Tokens[1])
	before := e.snap(g.ID)
	big := `{"type":"move","move":"` + strings.Repeat("e2e4", 1<<18) + `"}` // 1 MiB
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = black.conn.Write(ctx, websocket.MessageText, []byte(big)) // may fail once the server hangs up
	for {
		if _, err := black.read(5 * time.Second); err != nil {
			if s := websocket.CloseStatus(err); s != websocket.StatusMessageTooBig {
				t.Errorf("oversized message: closed with %v (%d), want 1009", err, s)
			}
			break
		}
	}
	e.unchanged(g.ID, before, "an oversized message")
	e.healthy()
	white.playFirstLegal(2)
	black = e.dial(g.ID, g.Tokens[1]) // the seat is not lost with the connection
	black.playFirstLegal(3)
}

// TestJoinFullGame tries to take seats that are not free.
func TestJoinFullGame(t *testing.T) {
	e := startServer(t)
	g := e.create("dragon", "local", "invite")
	if code, body := e.do("POST", "/api/games/"+g.ID+"/join", "application/json", strings.NewReader(g.joinBody(1))); code != 200 {
		t.Fatalf("first join: %d %s", code, body)
	}
	before := e.snap(g.ID)
	// Taken seats are a conflict; an invitation without its secret is
	// forbidden; seats the game does not have, a bad request.
	for _, c := range []struct {
		body string
		want int
	}{{g.joinBody(1), 409}, {`{"seat":1}`, 403}, {`{"seat":0}`, 409}, {`{"seat":2}`, 400}, {`{"seat":-1}`, 400}, {`{"seat":255}`, 400}} {
		code, resp := e.do("POST", "/api/games/"+g.ID+"/join", "application/json", strings.NewReader(c.body))
		if code != c.want || !strings.Contains(resp, `"error"`) {
			t.Errorf("join %s on a full game: %d %s, want %d with an error", c.body, code, resp, c.want)
		}
	}
	e.unchanged(g.ID, before, "joins of a full game")
}

// TestFloodIsRateLimitedAndCutOff floods from one client: the burst above
// the limit is refused with "slow down", a flood that goes on is hung up
// with a policy violation, and another player of the same game is not
// slowed down meanwhile.
func TestFloodIsRateLimitedAndCutOff(t *testing.T) {
	e := startServer(t)
	g := e.create("dragon", "local", "local")
	white := e.dial(g.ID, g.Tokens[0])
	flood := e.dial(g.ID)

	var (
		wg                  sync.WaitGroup
		pongs, slow, others int
		closeErr            error
	)
	wg.Add(1)
	go func() { // the flooder reads its replies so that it is cut off for flooding, not for being slow
		defer wg.Done()
		for {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_, b, err := flood.conn.Read(ctx)
			cancel()
			if err != nil {
				closeErr = err
				return
			}
			switch s := string(b); {
			case strings.Contains(s, `"pong"`):
				pongs++
			case strings.Contains(s, "slow down"):
				slow++
			case strings.Contains(s, `"type":"state"`): // the spectator sees the real move

			default:
				others++
			}
		}
	}()
	handledBefore := e.metric("wyrm_ws_messages_total")
	limitedBefore := e.metric("wyrm_ws_rate_limited_total")
	sent := 0
	for i := range 1000 {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		err := flood.conn.Write(ctx, websocket.MessageText, []byte(`{"type":"ping","id":1}`))
		cancel()
		if err != nil {
			break
		}
		sent = i + 1
		if i == 100 {
			// Mid-flood, a player of the same game is served promptly.
			start := time.Now()
			white.playFirstLegal(2)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("a move during a flood took %v", d)
			}
		}
	}
	wg.Wait()
	var ce websocket.CloseError
	if !errors.As(closeErr, &ce) || ce.Code != websocket.StatusPolicyViolation || !strings.Contains(ce.Reason, "too many messages") {
		t.Errorf("flooder (%d sent) closed with %v, want 1008 \"too many messages\"", sent, closeErr)
	}
	// The burst allowance (30) plus what refills during the flood is
	// handled; the rest is refused. Replies still queued at the hang-up are
	// dropped, so the count comes from the server's own metric.
	handled := e.metric("wyrm_ws_messages_total") - handledBefore - 1 // the real move
	// Every message the server read was either handled or refused by the
	// rate limit; the hang-up comes after maxRejected (200) refusals.
	limited := e.metric("wyrm_ws_rate_limited_total") - limitedBefore
	if limited < 200 || handled+limited > float64(sent)+1 {
		t.Errorf("flood of %d: %v handled and %v refused by the rate limit; want over 200 refused, at most %d in all", sent, handled, limited, sent)
	}
	if handled < 30 || handled > 80 || pongs > int(handled) || others > 0 {
		t.Errorf("flood of %d: server handled %v, client got %d pongs, %d warnings, %d others; want about 30 handled",
			sent, handled, pongs, slow, others)
	}
	e.healthy()
	if s := e.game(g.ID); s.Version != 1 {
		t.Errorf("version %d after one real move amid the flood", s.Version)
	}
}
