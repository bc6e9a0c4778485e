package server

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"wyrm/internal/pgtest"
	"wyrm/server/cluster"
	"wyrm/server/play"
	"wyrm/server/table"
)

// Every answer about a game names the game's owner, whichever node the
// client asked, so that a client can send the name back (?node=) and a
// reverse proxy route it to the owner without the extra hop; the nodes
// themselves serve a request with a stale hint as any other.
func TestClusterAnswersNameTheGamesOwner(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startNode(t, url, "a"), startNode(t, url, "b")
	g := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	name := map[*harness]string{a: "a", b: "b"}
	for _, c := range []struct {
		via  *harness
		path string
	}{
		{a, "/api/games/" + g.ID},
		{b, "/api/games/" + g.ID},
		{b, "/api/games/" + g.ID + "?node=b"}, // a stale hint: still the owner's answer
		{a, "/healthz"},
		{b, "/healthz"},
	} {
		resp, err := http.Get(c.via.http.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		want := "a"
		if c.path == "/healthz" {
			want = name[c.via]
		}
		if got := resp.Header.Values(cluster.HeaderNode); resp.StatusCode != 200 || len(got) != 1 || got[0] != want {
			t.Errorf("GET %s through %s: %d, %s %q; want 200 and %q once", c.path, name[c.via], resp.StatusCode, cluster.HeaderNode, got, want)
		}
	}
	// The websocket's handshake names the owner too, forwarded or not.
	for _, via := range []*harness{a, b} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		conn, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(via.http.URL, "http")+"/ws/"+g.ID+"?node=a", nil)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if got := resp.Header.Values(cluster.HeaderNode); len(got) != 1 || got[0] != "a" {
			t.Errorf("websocket through %s: %s %q, want \"a\" once", name[via], cluster.HeaderNode, got)
		}
		conn.Close(websocket.StatusNormalClosure, "")
	}
	// A game made through the front door names the node it was made on.
	code, cr := b.post("/api/games", map[string]any{"game": "toy", "seats": []map[string]any{{"kind": "local"}, {"kind": "local"}}})
	id, _ := cr["id"].(string)
	if code != 201 || id == "" {
		t.Fatalf("create through b: %d %v", code, cr)
	}
	resp, err := http.Get(a.http.URL + "/api/games/" + id)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	owner := resp.Header.Get(cluster.HeaderNode)
	if (owner == "a") == (a.srv.session(id) == nil) || (owner == "b") == (b.srv.session(id) == nil) {
		t.Errorf("game %s: answers name %q; a serves it: %v, b: %v", id, owner, a.srv.session(id) != nil, b.srv.session(id) != nil)
	}
}
