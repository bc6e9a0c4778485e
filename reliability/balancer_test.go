package reliability

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// balancer is the one address clients know, in front of several nodes, as
// any TCP load balancer: each connection goes to the next node in turn,
// and a node that refuses it is skipped.
type balancer struct {
	ln       net.Listener
	backends []string
	next     atomic.Uint64
	mu       sync.Mutex
	conns    map[net.Conn]struct{}
	down     map[string]bool // nodes a health check would have taken out
}

func startBalancer(t *testing.T, backends []string) *balancer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	b := &balancer{ln: ln, backends: backends, conns: map[net.Conn]struct{}{}, down: map[string]bool{}}
	go b.serve()
	t.Cleanup(b.close)
	return b
}

func (b *balancer) url() string { return "http://" + b.ln.Addr().String() }

func (b *balancer) serve() {
	for {
		c, err := b.ln.Accept()
		if err != nil {
			return
		}
		go b.relay(c)
	}
}

// relay joins a client connection to the first node that accepts one.
func (b *balancer) relay(c net.Conn) {
	start := b.next.Add(1)
	var up net.Conn
	for i := range b.backends {
		addr := b.backends[(int(start)+i)%len(b.backends)]
		b.mu.Lock()
		down := b.down[addr]
		b.mu.Unlock()
		if down {
			continue
		}
		var err error
		if up, err = net.DialTimeout("tcp", addr, time.Second); err == nil {
			break
		}
	}
	if up == nil {
		c.Close()
		return
	}
	if !b.track(c, up) {
		return
	}
	done := make(chan struct{}, 2)
	pipe := func(dst, src net.Conn) {
		_, _ = io.Copy(dst, src)
		done <- struct{}{}
	}
	go pipe(up, c)
	go pipe(c, up)
	<-done // either side closing ends both
	c.Close()
	up.Close()
	b.mu.Lock()
	delete(b.conns, c)
	delete(b.conns, up)
	b.mu.Unlock()
}

// track registers a pair of connections, or closes them if the balancer
// is closed.
func (b *balancer) track(cs ...net.Conn) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.conns == nil {
		for _, c := range cs {
			c.Close()
		}
		return false
	}
	for _, c := range cs {
		b.conns[c] = struct{}{}
	}
	return true
}

// setDown takes a node out of the rotation or puts it back, as a health
// check would.
func (b *balancer) setDown(addr string, down bool) {
	b.mu.Lock()
	b.down[addr] = down
	b.mu.Unlock()
}

func (b *balancer) close() {
	b.ln.Close()
	b.mu.Lock()
	defer b.mu.Unlock()
	for c := range b.conns {
		c.Close()
	}
	b.conns = nil
}
