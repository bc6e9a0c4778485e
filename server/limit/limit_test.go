package limit

import (
	"fmt"
	"testing"
	"time"
)

func TestRateAllowsBurstThenRefills(t *testing.T) {
	r := NewRate(60, 3) // one a second, three at once
	t0 := time.Unix(1000, 0)
	for i := range 3 {
		if ok, _ := r.Allow("a", t0); !ok {
			t.Fatalf("action %d of the burst refused", i+1)
		}
	}
	ok, wait := r.Allow("a", t0)
	if ok || wait != time.Second {
		t.Fatalf("past the burst: ok %v, wait %v", ok, wait)
	}
	if ok, _ := r.Allow("b", t0); !ok {
		t.Fatal("another client was limited")
	}
	if ok, _ := r.Allow("a", t0.Add(time.Second)); !ok {
		t.Fatal("no token after a second")
	}
	if ok, _ := r.Allow("a", t0.Add(time.Second)); ok {
		t.Fatal("two tokens after one second")
	}
}

func TestRateForgetsIdleClients(t *testing.T) {
	r := NewRate(600, 1)
	t0 := time.Unix(0, 0)
	for i := range maxKeys {
		r.Allow(fmt.Sprint(i), t0)
	}
	r.Allow("late", t0.Add(time.Minute)) // everyone else has refilled by now
	if n := r.Keys(); n != 1 {
		t.Fatalf("%d clients remembered, want 1", n)
	}
}

func TestCountHoldsAtMostMax(t *testing.T) {
	c := NewCount(2)
	if !c.Acquire("a") || !c.Acquire("a") || c.Acquire("a") {
		t.Fatal("max 2 not kept")
	}
	if !c.Acquire("b") {
		t.Fatal("another client was limited")
	}
	c.Release("a")
	if !c.Acquire("a") || c.Held("a") != 2 {
		t.Fatal("release did not free one")
	}
	c.Release("b")
	c.Release("b") // more releases than acquires do not go negative
	if c.Held("b") != 0 || !c.Acquire("b") {
		t.Fatal("count went wrong")
	}
}

// A setting left out takes its default, and a burst never exceeds a
// minute's worth.
func TestNewRateOr(t *testing.T) {
	cases := []struct {
		perMinute, burst int
		wantPerMin, want int
	}{
		{0, 0, 30, 10},
		{6, 0, 6, 6},
		{600, 0, 600, 10},
		{0, 50, 30, 30},
		{-1, -1, 30, 10},
		{120, 20, 120, 20},
	}
	for _, c := range cases {
		r := NewRateOr(c.perMinute, c.burst, 30, 10)
		if r.PerSecond != float64(c.wantPerMin)/60 || r.Burst != float64(c.want) {
			t.Errorf("NewRateOr(%d, %d): %v a second, burst %v; want %d a minute, burst %d", c.perMinute, c.burst, r.PerSecond, r.Burst, c.wantPerMin, c.want)
		}
	}
}
