package pgtest

import (
	"io"
	"net"
	"net/url"
	"path/filepath"
	"sync"
	"testing"
)

// Relay stands between a client and the cluster so that a test can cut the
// database off from one client alone, as a broken network would.
type Relay struct {
	socket string // the cluster's unix socket
	ln     net.Listener
	mu     sync.Mutex
	up     bool
	conns  map[net.Conn]struct{}
}

// NewRelay relays TCP connections on a loopback port to the database at
// dbURL (from NewDB) and returns the relay and the URL that reaches the
// database through it. The relay closes when the test ends.
func NewRelay(tb testing.TB, dbURL string) (*Relay, string) {
	tb.Helper()
	u, err := url.Parse(dbURL)
	if err != nil {
		tb.Fatal(err)
	}
	q := u.Query()
	socket := filepath.Join(q.Get("host"), ".s.PGSQL.5432")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	r := &Relay{socket: socket, ln: ln, up: true, conns: map[net.Conn]struct{}{}}
	go r.serve()
	tb.Cleanup(func() { ln.Close(); r.Cut() })
	q.Del("host")
	u.Host = ln.Addr().String()
	u.RawQuery = q.Encode()
	return r, u.String()
}

// serve accepts connections until the listener closes: while the relay is
// cut they are closed at once, as a refused connection.
func (r *Relay) serve() {
	for {
		c, err := r.ln.Accept()
		if err != nil {
			return
		}
		r.mu.Lock()
		up := r.up
		if up {
			r.conns[c] = struct{}{}
		}
		r.mu.Unlock()
		if !up {
			c.Close()
			continue
		}
		go r.pipe(c)
	}
}

// pipe copies between a client and the database until either side ends.
func (r *Relay) pipe(c net.Conn) {
	defer r.drop(c)
	db, err := net.Dial("unix", r.socket)
	if err != nil {
		return
	}
	r.mu.Lock()
	if !r.up {
		r.mu.Unlock()
		db.Close()
		return
	}
	r.conns[db] = struct{}{}
	r.mu.Unlock()
	defer r.drop(db)
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(db, c); done <- struct{}{} }()
	go func() { _, _ = io.Copy(c, db); done <- struct{}{} }()
	<-done
}

func (r *Relay) drop(c net.Conn) {
	c.Close()
	r.mu.Lock()
	delete(r.conns, c)
	r.mu.Unlock()
}

// Cut closes every relayed connection and refuses new ones until Mend.
func (r *Relay) Cut() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.up = false
	for c := range r.conns {
		c.Close()
		delete(r.conns, c)
	}
}

// Mend lets connections through again.
func (r *Relay) Mend() {
	r.mu.Lock()
	r.up = true
	r.mu.Unlock()
}
