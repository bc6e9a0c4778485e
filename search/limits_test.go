package search

import (
	"testing"
	"time"
)

func TestFixedMoveTimeIsUsedNearlyWhole(t *testing.T) {
	cases := []struct{ move, want time.Duration }{
		{100 * time.Millisecond, 96 * time.Millisecond},
		{1000 * time.Millisecond, 996 * time.Millisecond},
		// a very short time keeps at least half of it
		{6 * time.Millisecond, 3 * time.Millisecond},
	}
	for _, c := range cases {
		l := Limits{MoveTime: c.move}
		soft, hard := l.timeBudget(0)
		if soft != c.want || hard != c.want {
			t.Errorf("movetime %v: budget %v/%v, want %v", c.move, soft, hard, c.want)
		}
	}
}
