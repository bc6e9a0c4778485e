package uci

import (
	"io"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/internal/toygame"
	"wyrm/search"
)

// Every option takes the default it announces, and each announced line
// names the option the table parses.
func TestOptionsTakeTheirDefaults(t *testing.T) {
	s := NewSession(search.New(1), []game.Game{toygame.Game{}}, io.Discard)
	for _, o := range s.options() {
		if why := o.take(o.def); why != "" {
			t.Errorf("%s refuses its default %q: %s", o.name, o.def, why)
		}
		if l := o.line(); !strings.HasPrefix(l, "option name "+o.name+" type "+o.kind) {
			t.Errorf("%s is announced as %q", o.name, l)
		}
	}
}
