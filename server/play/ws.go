package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"wyrm/game"
	"wyrm/server/apierr"
	"wyrm/server/chat"
	"wyrm/server/httpkit"
	"wyrm/server/secret"
	"wyrm/server/table"
)

// Limits of the websocket protocol, which docs/security.md lists.
const (
	// MaxMessage is the most bytes one client message may have; a larger
	// one closes its connection.
	MaxMessage = 16 << 10
	// RateBurst messages a connection may send at once, RatePerSec a
	// second after that; MaxRejected messages refused for the rate make the
	// server hang up.
	RateBurst   = 30
	RatePerSec  = 10
	MaxRejected = 200
	// SendQueue server messages may wait for a slow client before it is
	// dropped.
	SendQueue    = 64
	writeTimeout = 10 * time.Second
)

// clientMsg is every message a browser may send.
type clientMsg struct {
	Type   string   `json:"type"`
	ID     int      `json:"id,omitempty"`
	Seat   *int     `json:"seat,omitempty"`
	Tokens []string `json:"tokens,omitempty"`
	Move   string   `json:"move,omitempty"`
	Choice string   `json:"choice,omitempty"`
	// Version, when sent, is the state version an action was chosen on
	// (stale.go).
	Version *int `json:"version,omitempty"`
	// Room, Text and Message are the chat's (chathost.go): the room spoken
	// in, what is said, and the id of a message reported.
	Room    string `json:"room,omitempty"`
	Text    string `json:"text,omitempty"`
	Message int64  `json:"message,omitempty"`
}

// client is one websocket connection watching one game.
type client struct {
	s      *session
	conn   *websocket.Conn
	send   chan []byte
	seats  []int // seats this connection holds, guarded by s.mu
	done   chan struct{}
	once   sync.Once
	tokens float64
	last   time.Time
	key    string // the client's address, for per-client limits
	// user and userName are the signed-in account of the connection (0
	// and "" for a guest), the chat's author and reader.
	user     int64
	userName string
}

func (c *client) close(code websocket.StatusCode, reason string) {
	c.once.Do(func() {
		close(c.done)
		c.conn.Close(code, reason)
	})
}

// queue sends v without blocking; a client too slow to keep up is dropped.
func (c *client) queue(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	c.queueBytes(b)
}

// queueBytes sends an encoded message without blocking.
func (c *client) queueBytes(b []byte) {
	select {
	case c.send <- b:
	case <-c.done:
	default:
		go c.close(websocket.StatusPolicyViolation, "too slow to keep up")
	}
}

// broadcast sends every watcher its view. Caller holds s.mu.
//
// Watchers holding the same seats see the same view, so each distinct view
// is built and encoded once per change rather than once per connection.
func (s *session) broadcast() {
	views := make(map[string][]byte, 3)
	for c := range s.subs {
		key := fmt.Sprint(c.seats)
		b, ok := views[key]
		if !ok {
			var err error
			if b, err = json.Marshal(s.state(c.seats)); err != nil {
				continue
			}
			views[key] = b
		}
		c.queueBytes(b)
	}
	s.notifyBots()
}

// websocket upgrades a request to the game's websocket and serves it
// until either side closes. Errors before the upgrade are answered as
// HTTP errors; after it, the websocket's own close says why.
func (a gamesAPI) websocket(w http.ResponseWriter, r *http.Request) error {
	srv := a.srv
	s, err := a.game(r)
	if err != nil {
		return err
	}
	key := httpkit.ClientOf(r)
	if !srv.limits.Conns.Acquire(key) {
		return srv.limits.TooMany(httpkit.LimConns, 10*time.Second, "too many connections from your address (at most %d)", srv.limits.Conns.Max)
	}
	defer srv.limits.Conns.Release(key)
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return nil // Accept has answered the client itself
	}
	conn.SetReadLimit(MaxMessage)
	c := &client{s: s, conn: conn, key: key, send: make(chan []byte, SendQueue), done: make(chan struct{}), tokens: RateBurst, last: time.Now()}
	srv.metrics.Conns.Add(1)
	defer srv.metrics.Conns.Add(-1)
	if !srv.track(c) {
		conn.Close(websocket.StatusGoingAway, "server shutting down")
		return nil
	}
	defer srv.untrack(c)
	s.mu.Lock()
	if s.moved { // another node took the game meanwhile (clusterhost.go)
		s.mu.Unlock()
		conn.Close(websocket.StatusServiceRestart, "this game moved to another server; reconnect")
		return nil
	}
	s.subs[c] = struct{}{}
	if u, ok := httpkit.UserOf(r); ok {
		c.user, c.userName = u.ID, u.Name
		c.bindSeats(u.ID) // a signed-in player's seats follow them to any browser
	}
	if len(c.seats) > 0 {
		s.broadcast()
		s.armLifeTimer()
	} else {
		c.queue(s.state(nil))
	}
	s.spectatorsChanged()
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.subs, c)
		s.spectatorsChanged()
		if len(c.seats) > 0 {
			s.depart(c.seats)
			s.broadcast() // the others see who left
			s.armLifeTimer()
		}
		s.mu.Unlock()
		c.close(websocket.StatusNormalClosure, "")
	}()
	go c.writeLoop()
	go c.pingLoop(PingInterval, PingTimeout)
	// The request's context ends when its session or token does (signed
	// out, revoked): the client is told why with a close of its own, which
	// a read cancelled by that context would not send.
	ctx := r.Context()
	defer context.AfterFunc(ctx, func() {
		if context.Cause(ctx) == httpkit.ErrCredentialsEnded {
			c.close(websocket.StatusPolicyViolation, httpkit.ErrCredentialsEnded.Error())
		} else {
			c.close(websocket.StatusGoingAway, "")
		}
	})()
	c.readLoop(context.WithoutCancel(ctx))
	return nil
}

// Keep-alive: a connection whose peer vanished without a close (a phone
// losing its network) answers no ping and is dropped, so that its
// goroutines do not outlive it. Variables so that tests can shorten them.
var (
	// PingInterval is how often a connection is pinged, PingTimeout how
	// long its answer may take.
	PingInterval = 30 * time.Second
	PingTimeout  = 15 * time.Second
)

// pingLoop pings the peer every PingInterval; the read loop receives the
// pongs.
func (c *client) pingLoop(interval, timeout time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			err := c.conn.Ping(ctx)
			cancel()
			if err != nil {
				// No close handshake with a peer that does not answer.
				c.once.Do(func() {
					close(c.done)
					c.conn.CloseNow()
				})
				return
			}
		case <-c.done:
			return
		}
	}
}

func (c *client) writeLoop() {
	for {
		select {
		case b := <-c.send:
			ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
			err := c.conn.Write(ctx, websocket.MessageText, b)
			cancel()
			if err != nil {
				c.close(websocket.StatusGoingAway, "write failed")
				return
			}
		case <-c.done:
			return
		}
	}
}

func (c *client) readLoop(ctx context.Context) {
	rejected := 0
	for {
		typ, data, err := c.conn.Read(ctx)
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) {
				return
			}
			if strings.Contains(err.Error(), "read limited") {
				c.close(websocket.StatusMessageTooBig, fmt.Sprintf("message larger than %d bytes", MaxMessage))
			}
			return
		}
		// The connection's own bucket first, then the client's over all
		// its connections.
		connOK := c.allow()
		if !connOK || !c.clientAllowed() {
			c.s.srv.metrics.Limited.Add(1)
			if connOK {
				c.s.srv.limits.Refuse(httpkit.LimMessages)
			}
			rejected++
			if rejected > MaxRejected {
				c.close(websocket.StatusPolicyViolation, "too many messages")
				return
			}
			// Warnings are best effort: a reply to every refused message
			// would fill the send queue and hang up a flooder that reads
			// as "too slow" long before MaxRejected.
			if len(c.send) < SendQueue-8 {
				c.queue(errorMsg(0, apierr.New(apierr.TooMany, "too many messages; slow down")))
			}
			continue
		}
		if typ != websocket.MessageText {
			c.queue(errorMsg(0, apierr.New(apierr.BadRequest, "messages must be JSON text")))
			continue
		}
		c.handle(data)
	}
}

// allow is a token bucket: RatePerSec messages a second, bursts of RateBurst.
func (c *client) allow() bool {
	now := time.Now()
	c.tokens = min(RateBurst, c.tokens+now.Sub(c.last).Seconds()*RatePerSec)
	c.last = now
	if c.tokens < 1 {
		return false
	}
	c.tokens--
	return true
}

// clientAllowed takes a token of the client's bucket for messages.
func (c *client) clientAllowed() bool {
	ok, _ := c.s.srv.limits.Messages.Allow(c.key, time.Now())
	return ok
}

// errorMsg answers message id with err's code and message. A very long
// message keeps its start and its end, which say what and where; the
// bound is loose enough that a game's list of objections to a setup
// choice reaches the player whole.
func errorMsg(id int, err error) map[string]any {
	code, msg := apierr.Of(err)
	const head, tail = 1500, 500
	if len(msg) > head+tail {
		msg = strings.ToValidUTF8(msg[:head], "") + " … " + strings.ToValidUTF8(msg[len(msg)-tail:], "")
	}
	return map[string]any{"type": "error", "id": id, "code": string(code), "message": msg}
}

// handle answers one client message. Caller does not hold s.mu.
func (c *client) handle(data []byte) {
	var m clientMsg
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		c.queue(errorMsg(0, apierr.New(apierr.BadRequest, "malformed message: %v", err)))
		return
	}
	if dec.More() {
		c.queue(errorMsg(m.ID, apierr.New(apierr.BadRequest, "malformed message: one JSON object per message")))
		return
	}
	c.s.srv.metrics.Messages.Add(1)
	start := time.Now()
	reply := c.respond(m)
	// Counted before the reply goes out, so that a client that reads the
	// metrics after its answer finds its message among them.
	c.s.srv.metrics.ObserveAction(time.Since(start))
	c.queue(reply)
}

// respond carries out message m and returns its answer: an ack, an error
// or the information asked for.
func (c *client) respond(m clientMsg) map[string]any {
	if chat.IsRequest(m.Type) {
		return c.chatRespond(m)
	}
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var err error
	switch m.Type {
	case "ping":
		return map[string]any{"type": "pong", "id": m.ID}
	case "hello":
		if ok, retry := s.srv.limits.Hellos.Allow(c.key, time.Now()); !ok {
			err = s.srv.limits.TooMany(httpkit.LimHellos, retry, "too many seat proofs from your address; slow down")
			break
		}
		before := len(c.seats)
		err = c.hello(m.Tokens)
		if err == nil {
			if len(c.seats) != before {
				s.broadcast() // the others see who arrived
				s.armLifeTimer()
				s.spectatorsChanged()
			} else {
				c.queue(s.state(c.seats))
			}
		}
	case "suggest":
		var choice string
		if choice, err = c.suggest(m); err == nil {
			return map[string]any{"type": "suggestion", "id": m.ID, "seat": *m.Seat, "choice": choice}
		}
	case "check":
		var summary string
		if summary, err = c.check(m); err == nil {
			return map[string]any{"type": "checked", "id": m.ID, "seat": *m.Seat, "summary": summary}
		}
	case "move", "setup", "resign", "draw", "decline", "rematch", "no-rematch", "abort", "takeback", "no-takeback", "claim":
		err = c.act(m)
	default:
		err = apierr.New(apierr.BadRequest, "unknown message type %q", m.Type)
	}
	if err != nil {
		s.srv.metrics.Rejected.Add(1)
		return errorMsg(m.ID, err)
	}
	return map[string]any{"type": "ack", "id": m.ID}
}

// hello binds the seats whose tokens the client holds. Caller holds s.mu.
func (c *client) hello(tokens []string) error {
	t := c.s.t
	had := slices.Clone(c.seats)
	if len(tokens) > t.Seats() {
		return apierr.New(apierr.BadRequest, "too many tokens")
	}
	for _, tok := range tokens {
		h := secret.Hash(tok)
		found := false
		for i, th := range t.Tokens {
			if th != "" && th == h {
				found = true
				// A seat an account holds is played signed in as it: its
				// token, were it copied, gives it to no one else.
				if u := t.Users[i]; u != 0 && u != c.user {
					return apierr.New(apierr.Forbidden, "seat %d belongs to a player's account: sign in as them to play it", i+1)
				}
				if !slices.Contains(c.seats, i) {
					c.seats = append(c.seats, i)
				}
			}
		}
		if !found {
			return apierr.New(apierr.Forbidden, "a seat token is not valid for this game")
		}
	}
	slices.Sort(c.seats)
	var added []int
	for _, i := range c.seats {
		if !slices.Contains(had, i) {
			added = append(added, i)
		}
	}
	c.s.arrive(added)
	c.claim()
	return nil
}

// claim binds a guest's seat to the signed-in account that showed its
// token, when the connection holds exactly that one seat of the game (a
// screen shared by two players, which holds both, binds neither). Failing
// to claim changes nothing and is no error: the seat stays the guest's.
// Caller holds s.mu.
func (c *client) claim() {
	t := c.s.t
	if c.user == 0 || len(c.seats) != 1 || t.Outcome().Over {
		return
	}
	seat := c.seats[0]
	if t.Users[seat] != 0 || slices.Contains(t.Users, c.user) {
		return
	}
	if err := c.s.commit(seat, table.ActBind, strconv.FormatInt(c.user, 10)); err != nil {
		c.s.srv.log.Info("seat not claimed", "game", c.s.id, "seat", seat, "err", err)
	}
}

// seatFor is the held seat a message acts for: the one it names, or else
// the held seat that must act now, or else the first held.
func (c *client) seatFor(m clientMsg) (int, error) {
	if len(c.seats) == 0 {
		return -1, apierr.New(apierr.Forbidden, "you are watching this game: only its players can act")
	}
	if m.Seat != nil {
		if !slices.Contains(c.seats, *m.Seat) {
			return -1, apierr.New(apierr.Forbidden, "you do not hold seat %d", *m.Seat+1)
		}
		return *m.Seat, nil
	}
	for _, w := range c.s.t.Waiting() {
		if slices.Contains(c.seats, w) {
			return w, nil
		}
	}
	if m.Type == "move" || m.Type == "setup" {
		return -1, apierr.New(apierr.NotYourTurn, "it is not your turn")
	}
	return c.seats[0], nil
}

// act carries out a seat's action. Caller holds s.mu.
func (c *client) act(m clientMsg) error {
	s := c.s
	if err := s.current(m.Version); err != nil {
		return err
	}
	seat, err := c.seatFor(m)
	if err != nil {
		return err
	}
	switch m.Type {
	case "move":
		if strings.TrimSpace(m.Move) == "" {
			return apierr.New(apierr.BadRequest, "empty move")
		}
		return s.commit(seat, table.ActMove, strings.TrimSpace(m.Move))
	case "setup":
		return s.commit(seat, table.ActSetup, m.Choice)
	case "resign":
		return s.commit(seat, table.ActResign, "")
	case "draw":
		return s.commit(seat, table.ActDrawOffer, "")
	case "decline":
		return s.commit(seat, table.ActDrawDecline, "")
	case "rematch":
		// One screen holding several seats asks for all of them at once.
		if m.Seat == nil {
			return s.srv.rematch(s, c.seats)
		}
		return s.srv.rematch(s, []int{seat})
	case "no-rematch":
		return s.commit(seat, table.ActRematchNo, "")
	case "abort":
		return s.commit(seat, table.ActAbort, "")
	case "takeback":
		return s.commit(seat, table.ActTakeback, "")
	case "no-takeback":
		return s.commit(seat, table.ActTakebackNo, "")
	case "claim":
		if m.Choice != "win" && m.Choice != "draw" {
			return apierr.New(apierr.BadRequest, `claim "win" or "draw" (as choice)`)
		}
		if err := s.checkClaim(seat); err != nil {
			return err
		}
		return s.commit(seat, table.ActClaim, m.Choice)
	}
	return apierr.New(apierr.BadRequest, "unknown message type %q", m.Type)
}

// setupSeat is the held seat a setup question names. Caller holds s.mu.
func (c *client) setupSeat(m clientMsg) (game.Setup, game.Player, error) {
	if m.Seat == nil || !slices.Contains(c.seats, *m.Seat) {
		return nil, 0, apierr.New(apierr.Forbidden, "name one of your seats")
	}
	t := c.s.t
	if t.Setup == nil || t.Outcome().Over {
		return nil, 0, apierr.New(apierr.Conflict, "there is no setup to help with")
	}
	return t.Setup, game.Player(*m.Seat), nil
}

// suggest proposes a valid setup choice for one of the client's seats,
// changing nothing. Caller holds s.mu.
func (c *client) suggest(m clientMsg) (string, error) {
	st, p, err := c.setupSeat(m)
	if err != nil {
		return "", err
	}
	choice, err := st.Suggest(p)
	return choice, apierr.Wrap(apierr.Conflict, err)
}

// check reads a setup choice with the game's own parser and sums it up,
// changing nothing: the page needs no parser of its own. Caller holds s.mu.
func (c *client) check(m clientMsg) (string, error) {
	st, p, err := c.setupSeat(m)
	if err != nil {
		return "", err
	}
	summary, err := st.Check(p, m.Choice)
	return summary, apierr.Wrap(apierr.Invalid, err)
}
