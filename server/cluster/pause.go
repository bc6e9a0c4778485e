package cluster

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// A node that was paused (SIGSTOP, a frozen virtual machine, heavy
// swapping) finds, when it resumes, client messages that waited in its
// sockets all along. Their clients gave up long ago and have seen the game
// without them, so none may reach a game late: a forwarded request carries
// the time it was sent (HeaderSent) and its owner refuses it once older
// than MaxForwardAge, and a node that notices it was paused hangs up the
// websockets it forwards before relaying another byte of theirs.

// HeaderSent is when a node forwarded a request (Unix milliseconds).
const HeaderSent = "X-Wyrm-Sent"

// MaxForwardAge is the oldest forwarded request an owner serves. The
// nodes' clocks must agree far better than this (NTP).
const MaxForwardAge = 3 * time.Second

// Pause watch timing: the watch ticks every pauseTick, and a tick later
// than pauseLimit means the process did not run meanwhile.
const (
	pauseTick  = 250 * time.Millisecond
	pauseLimit = 2 * time.Second
)

// errPaused ends a forwarded websocket's relay after a pause.
var errPaused = errors.New("this node was paused: the relay is cut")

// pauseWatch notices the node's pauses until its context ends.
type pauseWatch struct {
	base time.Time    // monotonic origin of last
	last atomic.Int64 // the last tick, since base (ns)
}

func newPauseWatch() *pauseWatch { return &pauseWatch{base: time.Now()} }

// since is how long ago the watch last ticked.
func (w *pauseWatch) since() time.Duration {
	return time.Since(w.base) - time.Duration(w.last.Load())
}

// paused reports whether the process has just resumed from a pause: its
// watch has not ticked for pauseLimit.
func (n *Node) paused() bool { return n.pause.since() > pauseLimit }

// watchPauses ticks the pause watch; a late tick cuts every forwarded
// websocket before the watch says all is well again.
func (n *Node) watchPauses() {
	n.pause.last.Store(int64(time.Since(n.pause.base)))
	n.life.Every(pauseTick, func() {
		if gap := n.pause.since(); gap > pauseLimit {
			n.log.Warn("this node was paused; hanging up the websockets it forwards", "for", gap.Round(time.Millisecond))
			n.cutForwards("", "")
		}
		n.pause.last.Store(int64(time.Since(n.pause.base)))
	})
}

// Paused makes the node's watch see a pause of d, as a process stopped
// for that long sees one when it resumes: tests freeze a node with it.
func (n *Node) Paused(d time.Duration) {
	n.pause.last.Store(int64(time.Since(n.pause.base) - d))
}

// stale is the error that refuses a request a peer forwarded more than
// MaxForwardAge ago, nil for any other. A peer's request without a time
// (a node of an older wyrm) is served.
func (n *Node) stale(r *http.Request) error {
	if !n.fromPeer(r) {
		return nil
	}
	ms, err := strconv.ParseInt(r.Header.Get(HeaderSent), 10, 64)
	if err != nil {
		return nil
	}
	if age := time.Since(time.UnixMilli(ms)); age > MaxForwardAge {
		return httpkit.Retry(apierr.New(apierr.Unavailable,
			"this request was held up for %v between servers and was not applied; try again", age.Round(100*time.Millisecond)), time.Second)
	}
	return nil
}

// relayConn is the owner's side of a forwarded websocket: what the client
// sends goes through it, and nothing does once the relay was cut or the
// node has just been paused.
type relayConn struct {
	io.ReadWriteCloser
	n *Node
	f *forwardedConn
}

// Write relays the client's bytes to the owner unless they may be late.
func (c relayConn) Write(p []byte) (int, error) {
	if c.f.dead.Load() || c.n.paused() {
		return 0, errPaused
	}
	return c.ReadWriteCloser.Write(p)
}
