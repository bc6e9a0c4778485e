package server

import (
	"context"
	"testing"
	"time"

	"wyrm/server/play"
	"wyrm/server/table"
)

// A peer that stops answering (it never reads, so it never sees a ping) is
// dropped by the keep-alive, while one that reads stays connected.
func TestSilentPeerIsDroppedByPing(t *testing.T) {
	oldI, oldT := play.PingInterval, play.PingTimeout
	play.PingInterval, play.PingTimeout = 100*time.Millisecond, 200*time.Millisecond
	// Registered first, so it runs after the harness has stopped.
	t.Cleanup(func() { play.PingInterval, play.PingTimeout = oldI, oldT })

	h := newHarness(t, "")
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	silent := h.dial(cr.ID)
	alive := h.dial(cr.ID)
	// The live client keeps reading (and so answers pings) in the background.
	readErr := make(chan error, 1)
	go func() {
		for {
			if _, _, err := alive.conn.Read(context.Background()); err != nil {
				readErr <- err
				return
			}
		}
	}()
	deadline := time.Now().Add(5 * time.Second)
	for h.srv.metrics.Conns.Load() != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections after the silent peer should have been dropped", h.srv.metrics.Conns.Load())
		}
		time.Sleep(20 * time.Millisecond)
	}
	select {
	case err := <-readErr:
		t.Fatalf("the live client was dropped too: %v", err)
	case <-time.After(3 * play.PingInterval):
	}
	_ = silent
}
