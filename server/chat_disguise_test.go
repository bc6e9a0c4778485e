package server

import (
	"strings"
	"testing"

	"wyrm/server/chat"
	"wyrm/server/play"
	"wyrm/server/table"
)

// Chat refuses messages with nothing visible in them, and banned terms
// disguised by full-width letters, look-alikes of other scripts, accents,
// dots or blank fillers; ordinary messages in any script still pass
// (finding 10 of issue 32).
func TestChatSeesThroughDisguises(t *testing.T) {
	h := newChatHarness(t, "", func(c *chat.Config) {
		f, err := chat.NewFilter([]string{"free gold"})
		if err != nil {
			t.Fatal(err)
		}
		c.Filter = f
		c.Limits = chat.Limits{SeatPerMinute: 600, SeatBurst: 100, AddressPerMinute: 600, AddressBurst: 100}
	})
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c := &chatConn{wsClient: h.dial(cr.ID, cr.Tokens[0])}
	other := &chatConn{wsClient: h.dial(cr.ID, cr.Tokens[1])}
	invisible := map[string]string{
		"tag characters":         "\U000E0041\U000E0042\U000E0043",
		"Hangul fillers":         "\u3164\u3164 \u115f\u1160\uffa0",
		"braille blanks":         "\u2800\u2800\u2800",
		"variation selectors":    "\ufe0f\ufe0e\U000E0100",
		"zero-width characters":  "\u200b\u200c\u200d\u2060\ufeff",
		"a combining mark alone": "\u034f\u0301",
		"a mix":                  "\u3164\u200b\u2800\U000E0020\ufe0f \u00ad",
	}
	for name, text := range invisible {
		m := c.say("players", text)
		if m["type"] != "error" || m["code"] != "invalid" {
			t.Errorf("%s (%+q): %v, want an invalid error", name, text, m)
		}
	}
	disguised := map[string]string{
		"full-width letters":  "get ｆｒｅｅ ＧＯＬＤ here",
		"Cyrillic look-alike": "get frее gоld here", // е and о are Cyrillic
		"Greek look-alike":    "get free gοld here", // ο is Greek
		"accents":             "get fréé göld here",
		"dots":                "get f.r.e.e g.o.l.d here",
		"dots, one word":      "get f.r.e.e.g.o.l.d here",
		"spaced letters":      "get f r e e gold here",
		"Hangul filler":       "get free\u3164gold here",
		"small capitals":      "get ꜰʀᴇᴇ ɢᴏʟᴅ here",
		"all at once":         "get ｆ.ｒ.é.е\u3164ɢ\u200bοld",
	}
	for name, text := range disguised {
		m := c.say("players", text)
		if m["type"] != "error" || m["code"] != "invalid" || !strings.Contains(m["message"].(string), `"free gold"`) {
			t.Errorf("%s (%q): %v, want the banned term refused", name, text, m)
		}
	}
	other.sync()
	if len(other.seen) != 0 {
		t.Errorf("refused messages were heard: %+v", other.seen)
	}
	for _, ok := range []string{
		"gold is free in this variant", "goldfish", "a b c d", "café au lait", "안녕하세요", "привет", "👍🏽",
		"🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F", // a flag keeps its tags
		"free goldfish",
	} {
		c.mustSay("players", ok)
	}
}
