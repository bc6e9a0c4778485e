package challenge

import (
	"testing"

	"wyrm/game"
)

// A quick pairing that names a colour takes only a seek whose author
// takes the other one.
func TestPairingHonoursTheColourAsked(t *testing.T) {
	for _, c := range []struct {
		pair, seek int
		fits       bool
	}{{-1, -1, true}, {-1, 0, true}, {0, 1, true}, {1, 0, true}, {0, 0, false}, {0, -1, false}, {1, 1, false}} {
		p, s := Terms{Options: game.Options{}, Seat: c.pair}, Terms{Options: game.Options{}, Seat: c.seek}
		if got := p.fits(s, 1500); got != c.fits {
			t.Errorf("a pairing for seat %d and a seek by seat %d fit: %v, want %v", c.pair, c.seek, got, c.fits)
		}
	}
}
