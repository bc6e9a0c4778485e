// Package balancer is a TCP load balancer for tests: the one address
// clients know, in front of several play server nodes. Each connection goes
// to the next node in turn; a node that refuses the connection, or that a
// test marks down as a health check would, is skipped.
package balancer

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// Balancer relays connections on a loopback address to the nodes.
type Balancer struct {
	ln       net.Listener
	backends []string
	next     atomic.Uint64
	mu       sync.Mutex
	conns    map[net.Conn]struct{} // nil once closed
	down     map[string]bool
}

// Start listens on a free loopback port and relays to backends
// (host:port each).
func Start(backends []string) (*Balancer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	b := &Balancer{ln: ln, backends: backends, conns: map[net.Conn]struct{}{}, down: map[string]bool{}}
	go b.serve()
	return b, nil
}

// URL is the balancer's base URL, http://127.0.0.1:port.
func (b *Balancer) URL() string { return "http://" + b.ln.Addr().String() }

func (b *Balancer) serve() {
	for {
		c, err := b.ln.Accept()
		if err != nil {
			return
		}
		go b.relay(c)
	}
}

// relay joins a client connection to the first node that accepts one.
func (b *Balancer) relay(c net.Conn) {
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
	if b.conns != nil {
		delete(b.conns, c)
		delete(b.conns, up)
	}
	b.mu.Unlock()
}

// track registers connections, or closes them if the balancer is closed.
func (b *Balancer) track(cs ...net.Conn) bool {
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

// SetDown takes a node out of the rotation or puts it back, as a health
// check would.
func (b *Balancer) SetDown(addr string, down bool) {
	b.mu.Lock()
	b.down[addr] = down
	b.mu.Unlock()
}

// Close stops listening and cuts every connection.
func (b *Balancer) Close() {
	b.ln.Close()
	b.mu.Lock()
	defer b.mu.Unlock()
	for c := range b.conns {
		c.Close()
	}
	b.conns = nil
}
