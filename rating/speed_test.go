package rating

import (
	"testing"
	"time"
)

func TestSpeedOf(t *testing.T) {
	s, m := time.Second, time.Minute
	for _, c := range []struct {
		initial, inc time.Duration
		days         int
		want         Speed
	}{
		{1 * m, 0, 0, Bullet},
		{2 * m, 1 * s, 0, Bullet},  // 120 + 40 = 160 s
		{2 * m, 2 * s, 0, Blitz},   // 120 + 80 = 200 s
		{179 * s, 0, 0, Bullet},    // just under 3 minutes
		{3 * m, 0, 0, Blitz},       // exactly 3 minutes
		{5 * m, 3 * s, 0, Blitz},   // 300 + 120 = 420 s
		{5 * m, 5 * s, 0, Rapid},   // 300 + 200 = 500 s
		{8 * m, 0, 0, Rapid},       // exactly 8 minutes
		{15 * m, 10 * s, 0, Rapid}, // 900 + 400 = 1300 s
		{20 * m, 10 * s, 0, Classical},
		{25 * m, 0, 0, Classical},
		{90 * m, 30 * s, 0, Classical},
		{0, 10 * s, 0, Blitz}, // increment only: 400 s
		{0, 0, 3, Correspondence},
		{5 * m, 0, 1, Correspondence}, // days per move win over a clock
		{0, 0, 0, Correspondence},     // untimed
	} {
		if got := SpeedOf(c.initial, c.inc, c.days); got != c.want {
			t.Errorf("SpeedOf(%v, %v, %d) = %s, want %s", c.initial, c.inc, c.days, got, c.want)
		}
	}
	for _, sp := range Speeds {
		if !sp.Valid() {
			t.Errorf("%s not valid", sp)
		}
	}
	if Speed("ultrabullet").Valid() {
		t.Error("unknown speed valid")
	}
}
