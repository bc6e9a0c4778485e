package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
	"wyrm/server/cluster"

	"github.com/coder/websocket"
)

// reply is a short server message: ack, error or pong.
type reply struct {
	Type    string `json:"type"`
	ID      int    `json:"id"`
	Message string `json:"message"`
}

// conn is one websocket of one seat. A reader goroutine drains every
// message (as a browser does) and passes replies on; states are only
// counted, since the load generator tracks the position itself.
type conn struct {
	ws      *websocket.Conn
	replies chan reply
	err     atomic.Value // error that ended the reader
	states  *atomic.Int64
	ended   atomic.Bool // the reader stopped: the connection is gone
}

var statePrefix = []byte(`{"type":"state"`)

// dialSeat connects a seat's websocket through base, passing the owner's
// name (node, if known) as the pages do.
func dialSeat(ctx context.Context, base, id, node, token string, states *atomic.Int64, hdr http.Header) (*conn, error) {
	u := "ws" + strings.TrimPrefix(base, "http") + "/ws/" + id
	if node != "" {
		u += "?" + cluster.NodeParam + "=" + url.QueryEscape(node)
	}
	ws, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	c := &conn{ws: ws, replies: make(chan reply, 16), states: states}
	go c.read()
	if err := c.send(ctx, map[string]any{"type": "hello", "tokens": []string{token}, "id": 1}); err != nil {
		ws.CloseNow()
		return nil, err
	}
	if _, err := c.await(ctx, 1); err != nil {
		ws.CloseNow()
		return nil, fmt.Errorf("hello: %w", err)
	}
	return c, nil
}

func (c *conn) read() {
	defer close(c.replies)
	defer c.ended.Store(true)
	for {
		_, b, err := c.ws.Read(context.Background())
		if err != nil {
			c.err.Store(err)
			return
		}
		if bytes.HasPrefix(b, statePrefix) {
			c.states.Add(1)
			continue
		}
		var r reply
		if json.Unmarshal(b, &r) == nil && r.Type != "" {
			c.replies <- r
		}
	}
}

func (c *conn) send(ctx context.Context, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// lost says whether the connection has ended (the server closed it, as
// when its game moves to another node).
func (c *conn) lost() bool { return c.ended.Load() }

// errLost is a connection that ended while waiting for an answer.
var errLost = errors.New("connection lost")

// errRefused marks an error reply from the server.
type errRefused struct{ msg string }

func (e errRefused) Error() string { return "refused: " + e.msg }

// await waits for the ack of message id.
func (c *conn) await(ctx context.Context, id int) (reply, error) {
	for {
		select {
		case r, ok := <-c.replies:
			if !ok {
				err, _ := c.err.Load().(error)
				return reply{}, fmt.Errorf("%w: %v", errLost, err)
			}
			switch {
			case r.Type == "error":
				return r, errRefused{r.Message}
			case r.Type == "ack" && r.ID == id:
				return r, nil
			}
		case <-ctx.Done():
			return reply{}, ctx.Err()
		}
	}
}

func (c *conn) close() { c.ws.Close(websocket.StatusNormalClosure, "") }

// created is the answer to POST /api/games.
type created struct {
	ID     string         `json:"id"`
	Tokens map[int]string `json:"tokens"`
	node   string         // the node that made the game, from X-Wyrm-Node
}

func createGame(ctx context.Context, hc *http.Client, base, kind string, hdr http.Header) (created, error) {
	body := fmt.Sprintf(`{"game":%q,"seats":[{"kind":"local"},{"kind":"local"}]}`, kind)
	req, err := http.NewRequestWithContext(ctx, "POST", base+"/api/games", strings.NewReader(body))
	if err != nil {
		return created{}, err
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return created{}, err
	}
	defer resp.Body.Close()
	var cr created
	if resp.StatusCode != http.StatusCreated {
		return cr, fmt.Errorf("create: status %d", resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(&cr); err != nil {
		return cr, err
	}
	cr.node = resp.Header.Get(cluster.HeaderNode)
	if cr.ID == "" || cr.Tokens[0] == "" || cr.Tokens[1] == "" {
		return cr, fmt.Errorf("create: no id or tokens in answer")
	}
	return cr, nil
}

// withTimeout is a context for one step of a game.
func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, d)
}
