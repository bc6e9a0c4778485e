package challenge

import (
	"strings"
	"testing"
)

// A lobby page hears of the seeks that changed since its last news, new
// ones in full and the others as gone, and of who is online only when that
// changed; a page that stopped watching is not woken.
func TestLobbyNewsPerPage(t *testing.T) {
	h := &Hub{seeks: map[string]View{}, pages: map[*lobbyPage]struct{}{}}
	woken := 0
	news, stop := h.WatchLobby(func() { woken++ })
	if got := news(); got != "" {
		t.Fatalf("news before any change: %q", got)
	}
	h.setSeek(View{ID: "a", Game: "g", Title: "G", SeatNames: []string{"x", "y"}})
	h.dropSeek("b")
	if woken != 2 {
		t.Fatalf("woken %d times, want 2", woken)
	}
	got := news()
	if !strings.HasPrefix(got, "event: seeks\ndata: {\"seeks\":[{\"id\":\"a\",") || !strings.HasSuffix(got, "}],\"gone\":[\"b\"]}\n\n") {
		t.Fatalf("news %q", got)
	}
	h.online = []string{"alice"}
	h.markLobby(nil, true)
	if got := news(); got != "event: online\ndata: [\"alice\"]\n\n" {
		t.Fatalf("online news %q", got)
	}
	if got := news(); got != "" {
		t.Fatalf("news told twice: %q", got)
	}
	stop()
	h.markLobby([]string{"c"}, true)
	if woken != 3 {
		t.Fatalf("a page that stopped was woken (%d)", woken)
	}
}
