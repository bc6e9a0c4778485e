package account

import (
	"context"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"wyrm/rating"
	"wyrm/server/apierr"
)

// users signs up n accounts named player1, player2... and returns their ids.
func (e *env) users(t *testing.T, n int) []int64 {
	t.Helper()
	ids := make([]int64, n)
	for i := range ids {
		u, _ := e.signUp(t, fmt.Sprintf("player%d", i+1), "a password")
		ids[i] = u.ID
	}
	return ids
}

// result is a rated result of users at places, ending now.
func (e *env) result(id, game string, speed rating.Speed, sys System, users []int64, places ...int) Result {
	r := Result{GameID: id, Game: game, Speed: speed, Rated: true, System: sys, At: e.clock.Now()}
	for i, u := range users {
		r.Players = append(r.Players, Player{UserID: u, Place: places[i]})
	}
	return r
}

// pool returns the stored rating row of user in a pool, as the database
// has it (no ageing).
func (e *env) pool(t *testing.T, user int64, game string, speed rating.Speed) (rating.Rating, int) {
	t.Helper()
	var r rating.Rating
	var games int
	err := e.a.db.QueryRowContext(context.Background(), e.a.d.Rebind("SELECT rating, rd, vol, games FROM ratings WHERE user_id = ? AND game = ? AND speed = ?"),
		user, game, string(speed)).Scan(&r.R, &r.RD, &r.Vol, &games)
	if err != nil {
		t.Fatalf("rating of %d in %s %s: %v", user, game, speed, err)
	}
	return r, games
}

// count returns the number of rows of a table.
func (e *env) count(t *testing.T, table string) int {
	t.Helper()
	var n int
	if err := e.a.db.QueryRowContext(context.Background(), "SELECT count(*) FROM "+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func sameRating(a, b rating.Rating) bool {
	return math.Abs(a.R-b.R) < 1e-9 && math.Abs(a.RD-b.RD) < 1e-9 && math.Abs(a.Vol-b.Vol) < 1e-12
}

func TestTwoPlayerResultUpdatesBothOnce(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		ids := e.users(t, 2)
		r := e.result("g1", "dragon", rating.Blitz, Glicko2, ids, 1, 2)
		rec, err := e.a.RecordResult(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		wantA, wantB := rating.UpdateTwoPlayer(rating.New(), rating.New(), 1)
		if !rec.New || len(rec.Changes) != 2 || !sameRating(rec.Changes[0].After, wantA) || !sameRating(rec.Changes[1].After, wantB) ||
			rec.Changes[0].Before != rating.New() || rec.Changes[1].UserID != ids[1] || rec.Changes[1].Place != 2 {
			t.Fatalf("recorded %+v", rec)
		}
		if got, games := e.pool(t, ids[0], "dragon", rating.Blitz); !sameRating(got, wantA) || games != 1 {
			t.Fatalf("winner stored %+v after %d games", got, games)
		}

		// The same game again changes nothing and says what the first did,
		// even with another outcome.
		again := e.result("g1", "dragon", rating.Blitz, Glicko2, ids, 2, 1)
		rec2, err := e.a.RecordResult(ctx, again)
		if err != nil {
			t.Fatal(err)
		}
		if rec2.New || len(rec2.Changes) != 2 || !sameRating(rec2.Changes[0].After, wantA) || !sameRating(rec2.Changes[0].Before, rating.New()) ||
			rec2.Changes[0].UserID != ids[0] || rec2.Changes[0].Place != 1 {
			t.Fatalf("recorded again %+v", rec2)
		}
		if got, games := e.pool(t, ids[0], "dragon", rating.Blitz); !sameRating(got, wantA) || games != 1 {
			t.Fatalf("after the repeat, winner stored %+v after %d games", got, games)
		}
		if n := e.count(t, "rating_history"); n != 2 {
			t.Fatalf("%d history rows after a game recorded twice", n)
		}

		// Eight days later B takes revenge: the update starts from ratings
		// whose deviations grew for eight days.
		e.clock.Advance(8 * 24 * time.Hour)
		rec3, err := e.a.RecordResult(ctx, e.result("g2", "dragon", rating.Blitz, Glicko2, ids, 2, 1))
		if err != nil {
			t.Fatal(err)
		}
		agedA := rating.Default.Idle(wantA, 8*24*time.Hour)
		agedB := rating.Default.Idle(wantB, 8*24*time.Hour)
		if !sameRating(rec3.Changes[0].Before, agedA) || !sameRating(rec3.Changes[1].Before, agedB) {
			t.Fatalf("second game started from %+v, want %+v and %+v", rec3.Changes, agedA, agedB)
		}
		a2, b2 := rating.UpdateTwoPlayer(agedA, agedB, 0)
		if got, games := e.pool(t, ids[1], "dragon", rating.Blitz); !sameRating(got, b2) || games != 2 {
			t.Fatalf("B stored %+v after %d games, want %+v", got, games, b2)
		}

		// Other pools are untouched; the profile lists the one played.
		rs, err := e.a.Ratings(ctx, ids[0])
		if err != nil || len(rs) != 1 || rs[0].Game != "dragon" || rs[0].Speed != rating.Blitz || rs[0].Games != 2 ||
			!sameRating(rs[0].Rating, a2) || !rs[0].Last.Equal(e.clock.Now()) {
			t.Fatalf("ratings %+v %v, want %+v", rs, err, a2)
		}
		// A month on, the profile shows the deviation grown.
		e.clock.Advance(30 * 24 * time.Hour)
		rs, _ = e.a.Ratings(ctx, ids[0])
		if want := rating.Default.Idle(a2, 30*24*time.Hour); !sameRating(rs[0].Rating, want) {
			t.Fatalf("a month later %+v, want %+v", rs[0].Rating, want)
		}

		hist, err := e.a.History(ctx, ids[1], "dragon", rating.Blitz)
		if err != nil || len(hist) != 2 || hist[0].GameID != "g1" || hist[1].GameID != "g2" ||
			math.Abs(hist[0].R-wantB.R) > 1e-9 || math.Abs(hist[1].R-b2.R) > 1e-9 || !hist[1].At.After(hist[0].At) {
			t.Fatalf("history %+v %v", hist, err)
		}
		if h, _ := e.a.History(ctx, ids[1], "dragon", rating.Rapid); len(h) != 0 {
			t.Fatalf("rapid history %+v", h)
		}
	})
}

func TestDrawBetweenNewPlayersKeepsRatings(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ids := e.users(t, 2)
		rec, err := e.a.RecordResult(context.Background(), e.result("d", "dragonchess", rating.Classical, Glicko2, ids, 1, 1))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range rec.Changes {
			if c.After.R != 1500 || c.After.RD >= 350 {
				t.Errorf("draw: %+v", c)
			}
		}
	})
}

func TestPlacingsUpdateEveryPlayer(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		ids := e.users(t, 4)
		// Seat 2 went out first, then seat 0; seats 1 and 3 drew.
		places, err := rating.PlacesByElimination(4, [][]int{{2}, {0}})
		if err != nil {
			t.Fatal(err)
		}
		rec, err := e.a.RecordResult(ctx, e.result("dg", "dungeon", rating.Rapid, Placings, ids, places...))
		if err != nil {
			t.Fatal(err)
		}
		n := rating.New()
		want, _ := rating.UpdatePlacings([]rating.Rating{n, n, n, n}, places)
		for i, c := range rec.Changes {
			if !sameRating(c.After, want[i]) {
				t.Errorf("seat %d: %+v, want %+v", i, c.After, want[i])
			}
			if got, games := e.pool(t, ids[i], "dungeon", rating.Rapid); !sameRating(got, want[i]) || games != 1 {
				t.Errorf("seat %d stored %+v after %d games", i, got, games)
			}
		}
		if !(want[1].R > 1500 && want[1].R == want[3].R && want[2].R < want[0].R && want[0].R < 1500) {
			t.Errorf("places %v gave %+v", places, want)
		}
		// A two-player game in the same pool uses placings too.
		rec, err = e.a.RecordResult(ctx, e.result("dg2", "dungeon", rating.Rapid, Placings, ids[:2], 2, 1))
		if err != nil {
			t.Fatal(err)
		}
		w2, _ := rating.UpdatePlacings([]rating.Rating{rec.Changes[0].Before, rec.Changes[1].Before}, []int{2, 1})
		if !sameRating(rec.Changes[1].After, w2[1]) {
			t.Errorf("two-player placing: %+v, want %+v", rec.Changes[1].After, w2[1])
		}
	})
}

func TestCasualResultsChangeNoRating(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		ids := e.users(t, 1)
		r := Result{GameID: "c1", Game: "dragon", Speed: rating.Blitz, At: e.clock.Now(),
			Players: []Player{{UserID: ids[0], Place: 2}, {Place: 1}}} // lost to a guest
		rec, err := e.a.RecordResult(ctx, r)
		if err != nil || !rec.New {
			t.Fatalf("%+v %v", rec, err)
		}
		if n := e.count(t, "ratings") + e.count(t, "rating_history"); n != 0 {
			t.Fatalf("a casual game made %d rating rows", n)
		}
		rec, err = e.a.RecordResult(ctx, r)
		if err != nil || rec.New || len(rec.Changes) != 2 || rec.Changes[1].UserID != 0 || rec.Changes[0].Place != 2 ||
			rec.Changes[0].After != (rating.Rating{}) {
			t.Fatalf("again: %+v %v", rec, err)
		}
	})
}

func TestUnratableResultsAreRefused(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		ids := e.users(t, 3)
		for name, r := range map[string]Result{
			"computer seat":      e.result("x", "dragon", rating.Blitz, Glicko2, []int64{ids[0], 0}, 1, 2),
			"one account twice":  e.result("x", "dragon", rating.Blitz, Glicko2, []int64{ids[0], ids[0]}, 1, 2),
			"Glicko-2 for three": e.result("x", "dungeon", rating.Blitz, Glicko2, ids, 1, 2, 3),
			"one player":         e.result("x", "dragon", rating.Blitz, Glicko2, ids[:1], 1),
			"place out of range": e.result("x", "dungeon", rating.Blitz, Placings, ids, 1, 2, 4),
			"unknown speed":      e.result("x", "dragon", "hyperbullet", Glicko2, ids[:2], 1, 2),
			"no game id":         e.result("", "dragon", rating.Blitz, Glicko2, ids[:2], 1, 2),
			"unknown system":     e.result("x", "dragon", rating.Blitz, System(7), ids[:2], 1, 2),
		} {
			_, err := e.a.RecordResult(ctx, r)
			if code, _ := apierr.Of(err); code != apierr.Invalid {
				t.Errorf("%s: %v, want invalid", name, err)
			}
		}
		if n := e.count(t, "results"); n != 0 {
			t.Fatalf("%d results stored from refused ones", n)
		}
	})
}

// A result whose rating update fails leaves nothing behind: not its
// result row, nor any player's rating.
func TestFailedUpdateStoresNothing(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		ids := e.users(t, 2)
		// No account 999999: its rating row breaks a foreign key after the
		// result row and the first player's rating row were written.
		_, err := e.a.RecordResult(ctx, e.result("f", "dragon", rating.Blitz, Glicko2, []int64{ids[0], 999999}, 1, 2))
		if err == nil {
			t.Fatal("a result with an unknown account was stored")
		}
		if code, _ := apierr.Of(err); code != apierr.Internal {
			t.Errorf("unknown account: %s", code)
		}
		for _, table := range []string{"results", "result_players", "ratings", "rating_history"} {
			if n := e.count(t, table); n != 0 {
				t.Errorf("%s has %d rows after a failed result", table, n)
			}
		}
		// The game id is still free.
		if rec, err := e.a.RecordResult(ctx, e.result("f", "dragon", rating.Blitz, Glicko2, ids, 1, 2)); err != nil || !rec.New {
			t.Fatalf("after the failure: %+v %v", rec, err)
		}
	})
}

// Games recorded at once, some sharing players and some recorded twice
// from different callers, all count exactly once and never deadlock.
func TestConcurrentResults(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		ids := e.users(t, 4)
		const games = 12
		var wg sync.WaitGroup
		var mu sync.Mutex
		fresh := map[string]int{}
		var errs []error
		for g := range games {
			// Pairs in both orders, so that locks would cross if taken in
			// seat order.
			a, b := ids[g%4], ids[(g+1+g/4)%4]
			if a == b {
				b = ids[(g+2)%4]
			}
			r := e.result(fmt.Sprintf("g%d", g), "dragon", rating.Bullet, Glicko2, []int64{b, a}, 1+g%2, 2-g%2)
			if g%2 == 0 {
				r.Players[0], r.Players[1] = r.Players[1], r.Players[0]
			}
			for range 2 {
				wg.Go(func() {
					rec, err := e.a.RecordResult(ctx, r)
					mu.Lock()
					defer mu.Unlock()
					if err != nil {
						errs = append(errs, err)
					} else if rec.New {
						fresh[r.GameID]++
					}
				})
			}
		}
		wg.Wait()
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		if len(fresh) != games {
			t.Fatalf("%d games recorded as new, want %d: %v", len(fresh), games, fresh)
		}
		for id, n := range fresh {
			if n != 1 {
				t.Errorf("%s recorded as new %d times", id, n)
			}
		}
		total := 0
		for _, u := range ids {
			_, n := e.pool(t, u, "dragon", rating.Bullet)
			total += n
		}
		if total != 2*games || e.count(t, "rating_history") != 2*games {
			t.Fatalf("%d games counted, %d history rows; want %d", total, e.count(t, "rating_history"), 2*games)
		}
	})
}

// A profile lists a user's games newest first, rated and casual, a page
// at a time.
func TestGamesListNewestFirst(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		ids := e.users(t, 3)
		record := func(r Result) {
			if _, err := e.a.RecordResult(ctx, r); err != nil {
				t.Fatal(err)
			}
			e.clock.Advance(time.Minute)
		}
		record(e.result("a", "dragon", rating.Blitz, Glicko2, ids[:2], 1, 2))
		record(e.result("b", "dungeon", rating.Rapid, Placings, ids, 3, 1, 2))
		casual := e.result("c", "dragonchess", rating.Correspondence, Glicko2, []int64{ids[1], 0}, 1, 1)
		casual.Rated = false
		record(casual)
		record(e.result("d", "dragon", rating.Blitz, Glicko2, []int64{ids[2], ids[0]}, 2, 1))

		ids1 := func(ps []Played) (s string) {
			for _, p := range ps {
				s += p.GameID
			}
			return s
		}
		all, err := e.a.Games(ctx, ids[1], time.Time{}, 10)
		if err != nil || ids1(all) != "cba" {
			t.Fatalf("games of player2: %q %v", ids1(all), err)
		}
		if all[0].Rated || all[0].Game != "dragonchess" || all[0].Speed != rating.Correspondence || len(all[0].Changes) != 2 ||
			all[0].Changes[1].UserID != 0 || !all[1].Rated || len(all[1].Changes) != 3 || all[1].Changes[1].Place != 1 {
			t.Fatalf("games %+v", all)
		}
		page, err := e.a.Games(ctx, ids[0], time.Time{}, 2)
		if err != nil || ids1(page) != "db" {
			t.Fatalf("first page of player1: %q %v", ids1(page), err)
		}
		page, err = e.a.Games(ctx, ids[0], page[1].At, 2)
		if err != nil || ids1(page) != "a" {
			t.Fatalf("second page of player1: %q %v", ids1(page), err)
		}
	})
}
