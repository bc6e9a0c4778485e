package server

import (
	"math"
	"strconv"
	"testing"

	"wyrm/game"
	"wyrm/games"
	"wyrm/rating"
	"wyrm/server/lists"
	"wyrm/server/play"
	"wyrm/server/table"
)

// fourSeats finds, through the contract alone, a registered game and the
// options that seat four players.
func fourSeats(t *testing.T) (game.Game, game.Options) {
	t.Helper()
	for _, g := range games.All() {
		for _, o := range g.Options() {
			var values []string
			switch o.Kind {
			case game.Int:
				for v := o.Min; v <= o.Max; v++ {
					values = append(values, strconv.Itoa(v))
				}
			case game.Choice:
				values = o.Choices
			}
			for _, v := range values {
				opts, err := g.Normalize(game.Options{o.Name: v})
				if err != nil {
					continue
				}
				if names, err := g.SeatNames(opts); err == nil && len(names) == 4 {
					return g, game.Options{o.Name: v}
				}
			}
		}
	}
	t.Skip("no registered game seats four players")
	return nil, nil
}

// Four accounts play a rated four-player game through the server: they
// sign up, one creates the game, three join, each plays from a websocket
// of their own through the setup and a first move, and then three resign
// one after the other. Every rating moves by what Weng-Lin gives for the
// places their order of leaving makes, and the profiles list the game.
func TestFourPlayerRatedGameRatesEveryoneByPlace(t *testing.T) {
	g, opts := fourSeats(t)
	name := g.Info().Name
	h := newListsHarness(t, nil, games.All()...)
	players := []string{"north", "east", "south", "west"}
	cs, _ := signUpAll(t, h, players...)
	code, cr := cs[0].post("/api/games", play.CreateRequest{Game: name, Options: opts, Rated: true,
		Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}, {Kind: table.SeatOpen}, {Kind: table.SeatOpen}}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, cr)
	}
	id := cr["id"].(string)
	for i := 1; i < 4; i++ {
		if code, out := cs[i].post("/api/games/"+id+"/join", map[string]int{"seat": i}); code != 200 {
			t.Fatalf("%s joins: %d %v", players[i], code, out)
		}
	}
	ws := make([]*wsClient, 4)
	for i := range ws {
		ws[i] = dialAs(t, cs[i], h.http.URL, id)
		ws[i].waitState(func(s play.State) bool { return len(s.You) == 1 && s.You[0] == i })
	}
	s := h.srv.session(id)
	// waiting says which seats must act now, and whether play has begun.
	waiting := func() ([]int, bool, []string) {
		s.lock()
		defer s.unlock()
		var legal []string
		if s.t.Pos != nil && s.t.ToMove() != game.NoPlayer {
			for _, m := range s.t.Pos.LegalMoves(nil) {
				legal = append(legal, s.t.Pos.MoveString(m))
			}
		}
		return s.t.Waiting(), s.t.Pos != nil, legal
	}
	// The setup, each seat taking the choice the game suggests to it.
	for step := 0; ; step++ {
		w, playing, _ := waiting()
		if playing {
			break
		}
		if step > 40 || len(w) == 0 {
			t.Fatalf("setup stuck at step %d, waiting for %v", step, w)
		}
		seat := w[0]
		ws[seat].send(map[string]any{"type": "suggest", "seat": seat})
		sug := ws[seat].expect("suggestion")
		ws[seat].send(map[string]any{"type": "setup", "seat": seat, "choice": sug["choice"]})
		ws[seat].expect("ack")
	}
	// A first move each, so that the game counts.
	for range 4 {
		w, _, legal := waiting()
		if len(w) != 1 || len(legal) == 0 {
			t.Fatalf("to move %v with %d moves", w, len(legal))
		}
		ws[w[0]].send(map[string]any{"type": "move", "move": legal[0]})
		ws[w[0]].expect("ack")
	}
	// South leaves first, then north, then west: east wins.
	order := []int{2, 0, 3}
	for _, seat := range order {
		ws[seat].send(map[string]any{"type": "resign"})
		ws[seat].expect("ack")
	}
	st := ws[1].waitState(func(s play.State) bool { return s.Outcome.Over })
	if st.Outcome.Winner != 1 {
		t.Fatalf("outcome %+v", st.Outcome)
	}
	places, _ := rating.PlacesByElimination(4, [][]int{{2}, {0}, {3}})
	n := rating.New()
	want, err := rating.UpdatePlacings([]rating.Rating{n, n, n, n}, places)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range players {
		var prof struct{ Ratings []lists.RatingJSON }
		getJSON(t, h, "/api/players/"+p, &prof)
		if len(prof.Ratings) != 1 || prof.Ratings[0].Game != name || prof.Ratings[0].Games != 1 || math.Abs(prof.Ratings[0].Rating-want[i].R) > 1e-9 {
			t.Errorf("%s (place %d): %+v, want %.4f", p, places[i], prof.Ratings, want[i].R)
		}
		var list gamesAnswer
		getJSON(t, h, "/api/players/"+p+"/games", &list)
		if len(list.Games) != 1 || list.Games[0].ID != id || list.Games[0].Seat != i || !list.Games[0].Rated {
			t.Fatalf("%s's games: %+v", p, list)
		}
		seat := list.Games[0].Players[i]
		if seat.Place != places[i] || seat.Name != p || *seat.Before != 1500 || math.Abs(*seat.After-want[i].R) > 1e-9 {
			t.Errorf("%s's seat in the list: %+v, want place %d and %.4f", p, seat, places[i], want[i].R)
		}
	}
	// The places are four, not a winner and three tied losers.
	if !(want[1].R > want[3].R && want[3].R > want[0].R && want[0].R > want[2].R) {
		t.Fatalf("places %v gave %+v", places, want)
	}
}
