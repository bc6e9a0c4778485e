package balancer

import (
	"io"
	"net"
	"testing"
)

// echo listens and answers each connection with its own address.
func echo(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Write([]byte(ln.Addr().String()))
			c.Close()
		}
	}()
	t.Cleanup(func() { ln.Close() })
	return ln
}

func reach(t *testing.T, b *Balancer) string {
	t.Helper()
	c, err := net.Dial("tcp", b.ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	got, _ := io.ReadAll(c)
	return string(got)
}

// Connections go to the nodes in turn, skipping one that is gone or down.
func TestTurnsAndSkips(t *testing.T) {
	a, b := echo(t), echo(t)
	gone, _ := net.Listen("tcp", "127.0.0.1:0")
	gone.Close()
	lb, err := Start([]string{a.Addr().String(), gone.Addr().String(), b.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	defer lb.Close()
	seen := map[string]int{}
	for range 6 {
		seen[reach(t, lb)]++
	}
	if seen[a.Addr().String()] == 0 || seen[b.Addr().String()] == 0 || len(seen) != 2 {
		t.Fatalf("reached %v", seen)
	}
	lb.SetDown(a.Addr().String(), true)
	for range 3 {
		if got := reach(t, lb); got != b.Addr().String() {
			t.Fatalf("reached %s with %s down", got, a.Addr())
		}
	}
}
