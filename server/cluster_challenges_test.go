package server

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"wyrm/internal/pgtest"
	"wyrm/server/challenge"
	"wyrm/server/play"
)

// through returns b's client as it talks to another node (cookies are per
// host, not per port, so its session goes along).
func (b *browserClient) through(base string) *browserClient {
	return &browserClient{t: b.t, base: base, hc: b.hc, csrf: b.csrf}
}

// Seeks and who is online are the same on every node: a seek posted
// through one node from a stream on the other is listed on both, two
// players accepting it through different nodes race for it and one wins,
// and its author hears of the game on their stream wherever it is.
func TestClusterSeeksAcrossNodes(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startAccountNode(t, url, "a"), startAccountNode(t, url, "b")
	alice, bob, carol := signUp(t, a.http.URL, "alice"), signUp(t, b.http.URL, "bob"), signUp(t, a.http.URL, "carol")
	lobbyB := listen(t, nil, b.http.URL, "/api/lobby/events", "")
	as := openStream(t, alice, a.http.URL)
	bs := openStream(t, bob, b.http.URL)
	lobbyB.wait("both online on b", func(ev sseEvent) bool { return ev.name == "online" && ev.data == `["alice","bob"]` })
	code, out := alice.through(b.http.URL).post("/api/challenges", seekBody(as, nil))
	if code != 201 {
		t.Fatalf("seek through b: %d %v", code, out)
	}
	id := out["challenge"].(map[string]any)["id"].(string)
	lobbyB.wait("the seek on b", func(ev sseEvent) bool { return ev.name == "seeks" && fmt.Sprint(ev.json()["gone"]) == "[]" })
	eventually(t, "the seek listed on a", func() bool { return slices.Equal(seekIDs(carol), []string{id}) })

	type answer struct {
		code int
		out  map[string]any
	}
	answers := make([]answer, 2)
	var wg sync.WaitGroup
	for i, who := range []*browserClient{bob, carol.through(b.http.URL)} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i].code, answers[i].out = who.post("/api/challenges/"+id+"/accept", map[string]any{})
		}()
	}
	wg.Wait()
	winner, won := bob, answers[0]
	if answers[1].code == 200 {
		winner, won = carol, answers[1]
	}
	if codes := []int{answers[0].code, answers[1].code}; !slices.Contains(codes, 200) || !slices.Contains(codes, 409) {
		t.Fatalf("two accepting through two nodes: %v", answers)
	}
	gameID, seat := won.out["game"].(string), int(won.out["seat"].(float64))
	start := as.wait("alice's gameStart on a", named("gameStart")).json()["game"].(map[string]any)
	if start["id"] != gameID || int(start["seat"].(float64)) != 1-seat {
		t.Fatalf("alice hears %v; the winner's answer %v", start, won.out)
	}
	// Each reaches the game through the node the other used.
	dialAs(t, alice, b.http.URL, gameID).waitState(func(s play.State) bool { return slices.Equal(s.You, []int{1 - seat}) })
	dialAs(t, winner, a.http.URL, gameID).waitState(func(s play.State) bool { return slices.Equal(s.You, []int{seat}) })
	eventually(t, "the seek gone on both nodes", func() bool { return len(seekIDs(alice)) == 0 && len(seekIDs(bob)) == 0 })

	// A seek ends on every node when its author's stream closes on one.
	if code, _ := alice.post("/api/challenges", seekBody(as, nil)); code != 201 {
		t.Fatal("a second seek")
	}
	eventually(t, "the second seek on b", func() bool { return len(seekIDs(bob)) == 1 })
	as.close()
	eventually(t, "the second seek gone from b", func() bool { return len(seekIDs(bob)) == 0 })
	lobbyB.wait("alice gone from b's list", func(ev sseEvent) bool { return ev.name == "online" && ev.data == `["bob"]` })
	bs.close()
}

// A challenge to a player reaches their stream on another node, and the
// answer comes back.
func TestClusterDirectChallenge(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startAccountNode(t, url, "a"), startAccountNode(t, url, "b")
	alice, bob := signUp(t, a.http.URL, "alice"), signUp(t, b.http.URL, "bob")
	as, bs := openStream(t, alice, a.http.URL), openStream(t, bob, b.http.URL)
	code, out := alice.post("/api/challenges", seekBody(as, func(r *challenge.Request) { r.To = "bob" }))
	if code != 201 {
		t.Fatalf("challenge: %d %v", code, out)
	}
	id := out["challenge"].(map[string]any)["id"].(string)
	bs.wait("the challenge on b", named("challenge"))
	code, acc := bob.post("/api/challenges/"+id+"/accept", map[string]any{})
	if code != 200 {
		t.Fatalf("accept through b: %d %v", code, acc)
	}
	for _, s := range []*stream{as, bs} {
		if g := s.wait("gameStart", named("gameStart")).json()["game"].(map[string]any); g["id"] != acc["game"] {
			t.Fatalf("gameStart %v, game %v", g, acc["game"])
		}
	}
}
