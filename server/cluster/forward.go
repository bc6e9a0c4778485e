package cluster

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/secret"
	"wyrm/server/store"
)

// A request about one game (its websocket, state, join, positions, record)
// is served by the node that owns the game. Any other node forwards it
// there, websocket included, so a client may talk to any node. A game
// nobody owns (its node died or let it go) is taken by the node the request
// reached; while its dead owner's lease runs out, the request waits.

// Headers between nodes. A forwarded request carries the cluster's secret
// in HeaderPeer, which makes the owner trust the client address the
// forwarding node saw, in HeaderClient (for per-client limits), and in
// HeaderHTTPS whether the client came over https (for a Secure session
// cookie), and never forward the request again.
const (
	HeaderPeer   = "X-Wyrm-Peer"
	HeaderClient = "X-Wyrm-Client"
	HeaderHTTPS  = "X-Wyrm-Https"
)

// HeaderNode names, in every answer of a node, the node that served it:
// for a request about a game, the game's owner, since another node
// forwards the request and passes the owner's answer on. A client that
// sends the name back as the query parameter NodeParam lets a reverse
// proxy route it to the owner directly, without the extra hop through
// another node (docs/deploy.md); the nodes themselves ignore the
// parameter, so a stale hint costs only that hop.
const (
	HeaderNode = "X-Wyrm-Node"
	NodeParam  = "node"
)

// errNoGame answers a game id that names no game (as the server's own
// handlers do).
var errNoGame = apierr.New(apierr.NotFound, "no such game")

// Route wraps h so that requests about a game this node does not serve
// are served here once it owns the game, or go to its owner.
func (n *Node) Route(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Replaced by the owner's name when the request is forwarded.
		w.Header().Set(HeaderNode, n.name)
		if err := n.stale(r); err != nil {
			httpkit.WriteError(w, err)
			return
		}
		if r.Method == http.MethodPost && r.URL.Path == "/api/games" && !n.fromPeer(r) {
			n.place(w, r, h)
			return
		}
		if rest, ok := strings.CutPrefix(r.URL.Path, takePath); ok {
			n.serveTake(w, r, GameOf("/ws/"+rest))
			return
		}
		id := GameOf(r.URL.Path)
		if id == "" || n.host.Game(id) != nil {
			h.ServeHTTP(w, r)
			return
		}
		n.route(w, r, id, h)
	})
}

// GameOf is the game a request path is about, "" for none. Paths that
// cannot name a game are left to the handler's 404.
func GameOf(path string) string {
	var id string
	if rest, ok := strings.CutPrefix(path, "/ws/"); ok {
		id = rest
	} else if rest, ok := strings.CutPrefix(path, "/api/games/"); ok {
		id, _, _ = strings.Cut(rest, "/")
	} else if rest, ok := strings.CutPrefix(path, "/api/bot/game/"); ok {
		id, _, _ = strings.Cut(rest, "/")
	}
	if !secret.IsID(id) {
		return ""
	}
	return id
}

// routeWait bounds how long a request waits for a game's owner: a dead
// owner's lease runs out within one lease time, and a frozen owner's
// answer is given up after another.
func (n *Node) routeWait() time.Duration { return 2*n.ttl + 2*time.Second }

// route serves a request about game id here once this node owns it, or
// forwards it to the owner.
func (n *Node) route(w http.ResponseWriter, r *http.Request, id string, h http.Handler) {
	ctx := r.Context()
	var body []byte
	if r.Body != nil && r.Body != http.NoBody {
		// Kept, so that a request whose owner could not be reached can be
		// sent again, to the same node or another.
		var err error
		body, err = io.ReadAll(http.MaxBytesReader(w, r.Body, httpkit.MaxBody))
		if err != nil {
			httpkit.WriteError(w, apierr.New(apierr.BadRequest, "malformed request: %v", err))
			return
		}
	}
	peer := n.fromPeer(r)
	deadline := time.Now().Add(n.routeWait())
	for {
		r.Body = io.NopCloser(bytes.NewReader(body))
		l, err := n.st.LeaseOf(ctx, id)
		switch {
		case errors.Is(err, store.ErrNotFound):
			httpkit.WriteError(w, errNoGame)
			return
		case err != nil:
			if ctx.Err() != nil {
				return
			}
			n.log.Warn("looking up a game's owner", "game", id, "err", err)
		case l.Owner == n.name || !l.Live:
			if err := n.take(ctx, l, 0); err == nil {
				h.ServeHTTP(w, r)
				return
			} else if !errors.Is(err, store.ErrLeaseHeld) && !errors.Is(err, errHandedOff) {
				n.log.Warn("taking a game", "game", id, "err", err)
			}
		case peer:
			// Sent here by a node that saw this one as the owner, which it no
			// longer is: the client tries again and is routed afresh.
			httpkit.WriteError(w, httpkit.Retry(apierr.New(apierr.Unavailable, "this game is moving between servers; try again"), time.Second))
			return
		default:
			if n.forward(w, r, l) {
				return
			}
		}
		if time.Now().After(deadline) {
			httpkit.WriteError(w, httpkit.Retry(apierr.New(apierr.Unavailable, "the server of this game does not answer; try again"), time.Second))
			return
		}
		select {
		case <-time.After(200 * time.Millisecond):
		case <-ctx.Done():
			return
		case <-n.ctx.Done():
			httpkit.WriteError(w, httpkit.Retry(apierr.New(apierr.Unavailable, "this server is shutting down; try again"), time.Second))
			return
		}
	}
}

// forward proxies r to the owner of its game. It reports false, having
// written nothing, when the owner could not be reached: the caller tries
// again, and takes the game once the owner's lease has run out.
func (n *Node) forward(w http.ResponseWriter, r *http.Request, l store.Lease) bool {
	target, err := url.Parse(l.Addr)
	if err != nil || l.Addr == "" {
		n.log.Warn("a node's address is unusable", "node", l.Owner, "addr", l.Addr)
		return false
	}
	if n.paused() {
		// Received before the pause, perhaps: its client may have given up.
		httpkit.WriteError(w, httpkit.Retry(apierr.New(apierr.Unavailable, "this server was paused; try again"), time.Second))
		return true
	}
	var f *forwardedConn
	if r.Header.Get("Upgrade") != "" {
		// A websocket lives on after this: it is cut when the game moves
		// on to another owner (cutForwards), since a frozen or vanished
		// owner may never close it.
		ctx, cancel := context.WithCancel(r.Context())
		defer cancel()
		r = r.WithContext(ctx)
		var untrack func()
		f, untrack = n.trackForward(l, cancel)
		defer untrack()
	}
	start := time.Now()
	unreached := false
	// The owner's answer names the owner.
	w.Header().Del(HeaderNode)
	p := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			// The client's own host, so that the owner's same-origin checks
			// see what the client sent.
			pr.Out.Host = pr.In.Host
			pr.Out.Header.Set(HeaderPeer, n.secret)
			pr.Out.Header.Set(HeaderClient, httpkit.ClientOf(pr.In))
			pr.Out.Header.Set(HeaderSent, strconv.FormatInt(time.Now().UnixMilli(), 10))
			if httpkit.HTTPS(pr.In) {
				pr.Out.Header.Set(HeaderHTTPS, "1")
			}
		},
		Transport: n.proxy,
		ModifyResponse: func(resp *http.Response) error {
			// This node's front door set the security headers already.
			httpkit.DropSecureHeaders(resp.Header)
			n.m.forwarded.Add(1)
			if f != nil {
				n.m.forwardedSockets.Add(1)
			}
			n.m.forward.Observe(time.Since(start))
			if rwc, ok := resp.Body.(io.ReadWriteCloser); ok && f != nil && resp.StatusCode == http.StatusSwitchingProtocols {
				resp.Body = relayConn{ReadWriteCloser: rwc, n: n, f: f}
			}
			return nil
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			// Nothing was written to the client yet: a request the owner
			// never got, or one that changes nothing, is tried again.
			var op *net.OpError
			if r.Method == http.MethodGet || errors.As(err, &op) && op.Op == "dial" {
				unreached = true
				return
			}
			n.log.Warn("forwarding", "node", l.Owner, "err", err)
			w.Header().Set(HeaderNode, n.name)
			httpkit.WriteError(w, apierr.New(apierr.Unavailable, "the server of this game failed while answering; try again"))
		},
	}
	p.ServeHTTP(w, r)
	if unreached {
		w.Header().Set(HeaderNode, n.name) // the answer will be this node's
	}
	return !unreached
}

// forwardedConn is a websocket forwarded to a game's owner.
type forwardedConn struct {
	owner string
	cut   context.CancelFunc
	dead  atomic.Bool // cut: relay nothing more
}

// trackForward registers a forwarded websocket until the returned func.
func (n *Node) trackForward(l store.Lease, cut context.CancelFunc) (*forwardedConn, func()) {
	f := &forwardedConn{owner: l.Owner, cut: cut}
	n.mu.Lock()
	if n.forwards[l.Game] == nil {
		n.forwards[l.Game] = map[*forwardedConn]struct{}{}
	}
	n.forwards[l.Game][f] = struct{}{}
	n.mu.Unlock()
	return f, func() {
		n.mu.Lock()
		delete(n.forwards[l.Game], f)
		if len(n.forwards[l.Game]) == 0 {
			delete(n.forwards, l.Game)
		}
		n.mu.Unlock()
	}
}

// cutForwards hangs up the websockets forwarded to any node but owner for a
// game that owner now serves: their clients reconnect and reach it. Game ""
// hangs up every forwarded websocket.
func (n *Node) cutForwards(game, owner string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	cut := func(fs map[*forwardedConn]struct{}) {
		for f := range fs {
			if f.owner != owner {
				f.dead.Store(true)
				f.cut()
			}
		}
	}
	if game != "" {
		cut(n.forwards[game])
		return
	}
	for _, fs := range n.forwards {
		cut(fs)
	}
}

// fromPeer reports whether r was forwarded by another node of the cluster.
func (n *Node) fromPeer(r *http.Request) bool {
	got := r.Header.Get(HeaderPeer)
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(n.secret)) == 1
}

// PeerClient is the client address a forwarding node saw, or "" when r
// was not forwarded by a node of the cluster.
func (n *Node) PeerClient(r *http.Request) string {
	if n.fromPeer(r) {
		return r.Header.Get(HeaderClient)
	}
	return ""
}

// PeerHTTPS reports whether the client of a request forwarded by another
// node of the cluster came to that node over https.
func (n *Node) PeerHTTPS(r *http.Request) bool {
	return n.fromPeer(r) && r.Header.Get(HeaderHTTPS) == "1"
}

// Secret is the cluster's shared secret, which forwarded requests carry in
// HeaderPeer. Exported for tests, which forge a peer's request with it.
func (n *Node) Secret() string { return n.secret }
