package challenge

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/secret"
)

// streamQueue is how many messages a stream may fall behind before it is
// dropped as too slow.
const streamQueue = 64

// streamKeepAlive is how often an idle event stream is sent a comment, so
// that proxies keep it open and dead clients are found (as the lobby's).
const streamKeepAlive = 25 * time.Second

// eventStream is one event stream open on this node: a player's (or a
// guest's) line for the challenges addressed to them and their games'
// starts.
type eventStream struct {
	id   string // the SHA-256 of its secret
	user int64  // 0 for a guest
	send chan map[string]any
	done chan struct{}
	once sync.Once
}

func (s *eventStream) stop() { s.once.Do(func() { close(s.done) }) }

// queue sends msg without waiting; a stream too slow to keep up is dropped.
func (s *eventStream) queue(msg map[string]any) {
	select {
	case s.send <- msg:
	case <-s.done:
	default:
		s.stop()
	}
}

// handleStream serves GET /api/stream/events: the event stream of the
// signed-in player, or of a guest, as server-sent events, or as NDJSON (one
// JSON object a line, empty lines to keep it open) when the client accepts
// application/x-ndjson, for programs. Every message has a "type":
//
//   - hello {stream, name}: first; stream is the secret that posting a
//     challenge or seek names (they last as long as this stream).
//   - challenge {challenge}: a challenge to this player (each waiting one
//     when the stream opens), or one this player sent.
//   - challengeCanceled {challenge, reason}: it ended unanswered (reason
//     canceled, left, expired).
//   - challengeDeclined {challenge, reason, text}: the player challenged
//     said no.
//   - gameStart {game: {id, seat, challenge}}: a challenge or seek of this
//     player, or accepted by them, became the game id, where they hold
//     seat; or a tournament started it (challenge "", with tournament and
//     the seat's token).
//   - gameFinish {game}: a game the player held a seat of ended.
//   - tournamentStart {tournament}: a tournament the player joined began
//     (and any other notice another feature sends with Hub.Tell).
//
// A client's streams count against its connection limit and its rate of
// opening streams, an account's against its stream limit; a request from
// another site is refused. Once the stream is open it returns nil: its
// end needs no answer.
func (h *Hub) handleStream(w http.ResponseWriter, r *http.Request) error {
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		// Another site cannot read it, but could keep a player online.
		return apierr.New(apierr.Forbidden, "requests from other sites are refused")
	}
	ls := h.limits
	key := httpkit.ClientOf(r)
	if err := ls.Allow(ls.StreamOpens, httpkit.LimStreams, key, h.now(), "too many event streams opened from your address; try again in %v"); err != nil {
		return err
	}
	if !ls.Conns.Acquire(key) {
		return ls.TooMany(httpkit.LimConns, 10*time.Second, "too many connections from your address (at most %d)", ls.Conns.Max)
	}
	defer ls.Conns.Release(key)
	var party Party
	if u, ok := httpkit.UserOf(r); ok {
		party = Party{ID: u.ID, Name: u.Name}
		userKey := "user:" + strconv.FormatInt(u.ID, 10)
		if !ls.Streams.Acquire(userKey) {
			return ls.TooMany(httpkit.LimStreams, 10*time.Second, "your account has %d event streams open, the most it may; close a tab", ls.Streams.Max)
		}
		defer ls.Streams.Release(userKey)
	}
	secret, id := secret.New()
	s := &eventStream{id: id, user: party.ID, send: make(chan map[string]any, streamQueue), done: make(chan struct{})}
	h.add(s)
	defer func() {
		if h.ctx.Err() == nil { // else Close clears every stream of the node
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			if err := h.st.CloseStream(ctx, id); err != nil {
				h.log.Warn("closing an event stream", "err", err) // Renew closes it later
			}
			cancel()
		}
		h.remove(s)
	}()
	if err := h.st.OpenStream(r.Context(), Stream{ID: id, Node: h.node, User: party}); err != nil {
		h.log.Error("opening an event stream", "err", err)
		return apierr.New(apierr.Internal, "the server could not open your event stream")
	}
	ndjson := strings.Contains(r.Header.Get("Accept"), "application/x-ndjson")
	contentType := "text/event-stream"
	if ndjson {
		contentType = "application/x-ndjson"
	}
	write := httpkit.StreamWriter(w, contentType)
	send := func(msg map[string]any) bool {
		b, err := json.Marshal(msg)
		if err != nil {
			return true
		}
		if ndjson {
			return write(string(b) + "\n")
		}
		return write(fmt.Sprintf("event: %s\ndata: %s\n\n", msg["type"], b))
	}
	// What waits for this player's answer, as it would have come. The
	// stream hears new challenges from its registration on, so one posted
	// since then may come twice: the second is left out.
	var waiting []Challenge
	if party.ID != 0 {
		var err error
		if waiting, err = h.st.Incoming(r.Context(), party.ID); err != nil {
			h.log.Warn("reading challenges", "err", err)
		}
	}
	told := map[string]bool{}
	if !ndjson && !write("retry: 3000\n\n") {
		return nil
	}
	if !send(map[string]any{"type": "hello", "stream": secret, "name": party.Name}) {
		return nil
	}
	for _, c := range waiting {
		if v, err := h.view(c); err == nil {
			if !send(map[string]any{"type": "challenge", "challenge": v}) {
				return nil
			}
			told[c.ID] = true
		}
	}
	keep := time.NewTicker(streamKeepAlive)
	defer keep.Stop()
	keepAlive := ": keep-alive\n\n"
	if ndjson {
		keepAlive = "\n"
	}
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-h.ctx.Done():
			return nil
		case <-s.done:
			return nil
		case <-keep.C:
			if !write(keepAlive) {
				return nil
			}
		case msg := <-s.send:
			if v, ok := msg["challenge"].(View); ok && msg["type"] == "challenge" && told[v.ID] {
				delete(told, v.ID)
				continue
			}
			if !send(msg) {
				return nil
			}
		}
	}
}
