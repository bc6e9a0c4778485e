package server

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"

	"wyrm/server/play"
	"wyrm/server/table"
)

// seatsOf reads the seats of a game's state or lobby entry as JSON.
type seatsOf struct {
	Seats []struct {
		Name         string `json:"name"`
		Rating       int    `json:"rating"`
		Provisional  bool   `json:"provisional"`
		Bot          bool   `json:"bot"`
		RatingChange *int   `json:"ratingChange"`
	} `json:"seats"`
}

// A rated game names both players' accounts with their ratings in the
// game's pool, in its state and in the lobby's list, and once over what it
// did to each rating; a guest's seat says "Guest".
func TestRatedGameNamesItsPlayers(t *testing.T) {
	h := newAccountsHarness(t)
	alice, bob := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob")
	code, cr := alice.post("/api/games", play.CreateRequest{Game: "toy", Rated: true, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	if code != 201 {
		t.Fatalf("rated game: %d %v", code, cr)
	}
	id := cr["id"].(string)
	if code, out := bob.post("/api/games/"+id+"/join", map[string]int{"seat": 1}); code != 200 {
		t.Fatalf("bob joins: %d %v", code, out)
	}
	state := func() seatsOf {
		var st seatsOf
		_, raw := getRaw(t, h.http.URL+"/api/games/"+id)
		if err := json.Unmarshal(raw, &st); err != nil {
			t.Fatal(err)
		}
		return st
	}
	waitFor(t, "both names in the state", func() bool {
		st := state()
		return len(st.Seats) == 2 && st.Seats[0].Name == "alice" && st.Seats[1].Name == "bob"
	})
	for i, s := range state().Seats {
		if s.Rating != 1500 || !s.Provisional || s.Bot || s.RatingChange != nil {
			t.Fatalf("seat %d before the end: %+v", i, s)
		}
	}
	var playing struct {
		Games []seatsOf `json:"games"`
	}
	_, raw := getRaw(t, h.http.URL+"/api/games?list=playing")
	if err := json.Unmarshal(raw, &playing); err != nil || len(playing.Games) != 1 {
		t.Fatalf("playing: %s (%v)", raw, err)
	}
	if s := playing.Games[0].Seats; s[0].Name != "alice" || s[1].Name != "bob" || s[0].Rating != 1500 || !s[1].Provisional {
		t.Fatalf("the lobby's seats: %+v", s)
	}
	for i, mv := range []string{"c1c2", "c5c4"} {
		if err := h.srv.hall.Act(id, i, table.ActMove, mv); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.srv.hall.Act(id, 1, table.ActResign, ""); err != nil {
		t.Fatal(err)
	}
	st := state()
	won, lost := st.Seats[0].RatingChange, st.Seats[1].RatingChange
	if won == nil || lost == nil || *won <= 0 || *lost >= 0 || st.Seats[0].Rating != 1500 {
		t.Fatalf("after the game: %+v", st.Seats)
	}
	_, prof := alice.get("/api/players/alice")
	if r := prof["ratings"].([]any)[0].(map[string]any)["rating"].(float64); fmt.Sprint(int(r+0.5)) != fmt.Sprint(1500+*won) {
		t.Fatalf("alice's profile has %v, the game says 1500%+d", r, *won)
	}

	// A guest who takes a seat plays as "Guest".
	code, cr = alice.post("/api/games", play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	if code != 201 {
		t.Fatal(code)
	}
	id = cr["id"].(string)
	guest := newBrowserClient(t, h.http.URL)
	if code, out := guest.post("/api/games/"+id+"/join", map[string]int{"seat": 1}); code != 200 {
		t.Fatalf("the guest joins: %d %v", code, out)
	}
	waitFor(t, "alice's name", func() bool { return state().Seats[0].Name == "alice" })
	if s := state().Seats[1]; s.Name != "Guest" || s.Rating != 0 {
		t.Fatalf("the guest's seat: %+v", s)
	}
}

// getRaw reads url's body.
func getRaw(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}
