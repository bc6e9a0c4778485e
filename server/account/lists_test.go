package account

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"wyrm/rating"
	"wyrm/server/store"
)

// record stores a result of users at places (0 a guest), at the clock's
// time, failing the test on error.
func (e *env) record(t *testing.T, id, game string, rated bool, sys System, users []int64, places ...int) {
	t.Helper()
	r := Result{GameID: id, Game: game, Speed: rating.Blitz, Rated: rated, System: sys, At: e.clock.Now()}
	for i, u := range users {
		r.Players = append(r.Players, Player{UserID: u, Place: places[i]})
	}
	if _, err := e.a.RecordResult(context.Background(), r); err != nil {
		t.Fatalf("record %s: %v", id, err)
	}
}

// listGames is six games of three players: ids are in the order played,
// and g5 and g6 end in the same millisecond.
func listGames(t *testing.T, e *env) (alice, bob, carol int64) {
	ids := e.users(t, 3)
	alice, bob, carol = ids[0], ids[1], ids[2]
	e.record(t, "g1", "x", true, Glicko2, []int64{alice, bob}, 1, 2)
	e.clock.Advance(time.Minute)
	e.record(t, "g2", "y", false, Glicko2, []int64{bob, alice}, 1, 1)
	e.clock.Advance(time.Minute)
	e.record(t, "g3", "x", true, Glicko2, []int64{alice, bob}, 2, 1)
	e.clock.Advance(time.Minute)
	e.record(t, "g4", "z", true, Placings, []int64{carol, alice, bob}, 1, 2, 3)
	e.clock.Advance(time.Minute)
	e.record(t, "g5", "y", false, Glicko2, []int64{alice, 0}, 2, 1)
	e.record(t, "g6", "x", true, Glicko2, []int64{carol, alice}, 2, 1)
	return
}

func TestPlayerGamesFiltersAndPages(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		alice, bob, carol := listGames(t, e)
		yes, no := true, false
		cases := []struct {
			name string
			f    GameFilter
			want []string
		}{
			{"all, newest first", GameFilter{}, []string{"g6", "g5", "g4", "g3", "g2", "g1"}},
			{"one game", GameFilter{Game: "x"}, []string{"g6", "g3", "g1"}},
			{"wins", GameFilter{Outcome: Won}, []string{"g6", "g1"}},
			{"losses, second of three too", GameFilter{Outcome: Lost}, []string{"g5", "g4", "g3"}},
			{"draws", GameFilter{Outcome: Drew}, []string{"g2"}},
			{"rated", GameFilter{Rated: &yes}, []string{"g6", "g4", "g3", "g1"}},
			{"casual", GameFilter{Rated: &no}, []string{"g5", "g2"}},
			{"against bob", GameFilter{Opponent: bob}, []string{"g4", "g3", "g2", "g1"}},
			{"rated wins in x against carol", GameFilter{Game: "x", Outcome: Won, Rated: &yes, Opponent: carol}, []string{"g6"}},
			{"nothing", GameFilter{Game: "x", Outcome: Drew}, nil},
		}
		for _, c := range cases {
			got, next, err := e.a.PlayerGames(ctx, alice, c.f, GameCursor{}, 10)
			var ids []string
			for _, g := range got {
				ids = append(ids, g.GameID)
			}
			if err != nil || !slices.Equal(ids, c.want) || next != (GameCursor{}) {
				t.Errorf("%s: %v next %+v %v, want %v", c.name, ids, next, err, c.want)
			}
		}
		// Pages of two, through a tie in time, give the whole list once.
		var paged []string
		cur := GameCursor{}
		for range 10 {
			page, next, err := e.a.PlayerGames(ctx, alice, GameFilter{}, cur, 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range page {
				paged = append(paged, g.GameID)
			}
			if next == (GameCursor{}) {
				break
			}
			cur = next
		}
		if !slices.Equal(paged, cases[0].want) {
			t.Fatalf("paged %v", paged)
		}
		// A game's seats carry names, places, outcomes and ratings.
		got, _, _ := e.a.PlayerGames(ctx, alice, GameFilter{Game: "z"}, GameCursor{}, 1)
		g := got[0]
		if g.Seat != 1 || g.Outcome != Lost || len(g.Seats) != 3 || g.Seats[0].Name != "player3" || g.Seats[2].Place != 3 ||
			g.Seats[0].After.R <= g.Seats[0].Before.R || g.Seats[0].Before.RD == 0 || g.Speed != rating.Blitz || !g.Rated {
			t.Fatalf("game z: %+v", g)
		}
		guest, _, _ := e.a.PlayerGames(ctx, alice, GameFilter{Game: "y", Outcome: Lost}, GameCursor{}, 1)
		if s := guest[0].Seats[1]; s.UserID != 0 || s.Name != "" || s.Place != 1 {
			t.Fatalf("a guest's seat: %+v", s)
		}
		if _, _, err := e.a.PlayerGames(ctx, alice, GameFilter{Opponent: alice}, GameCursor{}, 1); err == nil {
			t.Fatal("the player as their own opponent")
		}
		if _, _, err := e.a.PlayerGames(ctx, alice, GameFilter{Outcome: "maybe"}, GameCursor{}, 1); err == nil {
			t.Fatal("an unknown outcome")
		}
	})
}

func TestHeadToHeadPerGame(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		alice, bob, carol := listGames(t, e)
		got, err := e.a.HeadToHead(ctx, alice, bob)
		want := []Record{
			{Game: "x", Won: 1, Lost: 1, RatedGames: 2, Games: 2},
			{Game: "y", Drawn: 1, Games: 1},
			{Game: "z", Won: 1, RatedGames: 1, Games: 1}, // second of three above bob's third
		}
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("alice against bob: %+v %v", got, err)
		}
		got, _ = e.a.HeadToHead(ctx, bob, alice)
		if got[0].Won != 1 || got[0].Lost != 1 || got[2].Lost != 1 {
			t.Fatalf("bob against alice: %+v", got)
		}
		if got, _ := e.a.HeadToHead(ctx, carol, bob); !slices.Equal(got, []Record{{Game: "z", Won: 1, RatedGames: 1, Games: 1}}) {
			t.Fatalf("carol against bob: %+v", got)
		}
		if _, err := e.a.HeadToHead(ctx, alice, alice); err == nil {
			t.Fatal("a player against themselves")
		}
	})
}

// setRating writes a user's rating in a pool as if their last game was
// ago.
func (e *env) setRating(t *testing.T, user int64, game string, speed rating.Speed, r, rd float64, ago time.Duration) {
	t.Helper()
	_, err := e.a.db.ExecContext(context.Background(), e.a.d.Rebind(`INSERT INTO ratings(user_id, game, speed, rating, rd, vol, games, last_ms)
		VALUES(?, ?, ?, ?, ?, 0.06, 20, ?)`), user, game, string(speed), r, rd, e.clock.Now().Add(-ago).UnixMilli())
	if err != nil {
		t.Fatal(err)
	}
}

func TestLeaderboardHasEstablishedActivePlayersOnly(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		u := e.users(t, 7)
		day := 24 * time.Hour
		e.setRating(t, u[0], "x", rating.Blitz, 1800, 60, 0)
		e.setRating(t, u[1], "x", rating.Blitz, 1700, 100, 30*day) // grown to 104: still settled
		e.setRating(t, u[2], "x", rating.Blitz, 1900, 109, 10*day) // grown past 110: provisional again
		e.setRating(t, u[3], "x", rating.Blitz, 2000, 50, 100*day) // away too long
		e.setRating(t, u[4], "x", rating.Blitz, 1600, 200, 0)      // provisional
		e.setRating(t, u[5], "x", rating.Rapid, 1750, 60, 0)       // another pool
		e.setRating(t, u[6], "x", rating.Blitz, 1700, 80, 0)       // ties with u[1]: the older account first
		board, more, err := e.a.Leaderboard(ctx, "x", rating.Blitz, 0, 10)
		var got []int64
		for _, l := range board {
			got = append(got, l.UserID)
		}
		if err != nil || more || !slices.Equal(got, []int64{u[0], u[1], u[6]}) {
			t.Fatalf("leaderboard %v more %v %v", got, more, err)
		}
		grown := rating.Default.Idle(rating.Rating{R: 1700, RD: 100, Vol: 0.06}, 30*day)
		if l := board[1]; l.Rank != 2 || l.Name != "player2" || !sameRating(l.Rating, grown) || l.Games != 20 || l.Rating.Provisional() {
			t.Fatalf("second: %+v, want %+v", l, grown)
		}
		if !rating.Default.Idle(rating.Rating{R: 1900, RD: 109, Vol: 0.06}, 10*day).Provisional() {
			t.Fatal("the test's provisional-by-absence player is not")
		}
		page, more, _ := e.a.Leaderboard(ctx, "x", rating.Blitz, 1, 1)
		if len(page) != 1 || page[0].UserID != u[1] || page[0].Rank != 2 || !more {
			t.Fatalf("second page: %+v more %v", page, more)
		}
		page, more, _ = e.a.Leaderboard(ctx, "x", rating.Blitz, 2, 1)
		if len(page) != 1 || page[0].UserID != u[6] || page[0].Rank != 3 || more {
			t.Fatalf("third page: %+v more %v", page, more)
		}
		if page, more, err := e.a.Leaderboard(ctx, "nothing", rating.Blitz, 0, 10); err != nil || len(page) != 0 || more {
			t.Fatalf("an empty pool: %+v %v %v", page, more, err)
		}
		if _, _, err := e.a.Leaderboard(ctx, "x", rating.Blitz, -1, 10); err == nil {
			t.Fatal("a negative offset")
		}
	})
}

// The lists read their indexes in order: SQLite plans no sort of its own
// and no scan of a whole table.
func TestListsUseTheirIndexes(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		if e.a.d != store.SQLiteDialect {
			t.Skip("the plans are SQLite's; PostgreSQL chooses by its statistics")
		}
		ctx := context.Background()
		listGames(t, e)
		plan := func(q string, args ...any) string {
			rows, err := e.a.db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+q, args...)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var b strings.Builder
			for rows.Next() {
				var id, parent, notused int
				var detail string
				if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
					t.Fatal(err)
				}
				b.WriteString(detail + "\n")
			}
			return b.String()
		}
		q, args := e.a.leaderboardQuery("x", rating.Blitz, e.clock.Now().UnixMilli(), 0, 11)
		board := plan(q, args...)
		yes := true
		q, args, err := gamesQuery(1, GameFilter{Game: "x", Outcome: Won, Rated: &yes, Opponent: 2}, GameCursor{AtMs: 5, GameID: "g"}, 11)
		if err != nil {
			t.Fatal(err)
		}
		games := plan(q, args...)
		h2h := plan(headToHeadQuery, 2, 1)
		for name, p := range map[string]string{"leaderboard": board, "games": games, "head to head": h2h} {
			// A head to head groups a player's games by game: that is
			// its work; the lists are read in their order.
			if strings.Contains(p, "B-TREE FOR ORDER BY") || strings.Contains(p, "SCAN ") {
				t.Errorf("%s plan:\n%s", name, p)
			}
		}
		// The opponent's seat is one seek, not a walk through their games.
		seek := "result_players_by_user_time (user_id=? AND at_ms=? AND game_id=?)"
		if !strings.Contains(board, "ratings_by_pool") || !strings.Contains(games, seek) || !strings.Contains(h2h, seek) {
			t.Errorf("plans:\n%s\n%s\n%s", board, games, h2h)
		}
	})
}

// A database with results from before the lists gets each seat's time
// from its result, so its games list in order.
func TestListsMigrationKeepsOldResults(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			ctx := context.Background()
			st, err := store.Open(b.target(t))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			db, d := store.DB(st), st.Dialect()
			steps, _ := migrations(d)
			exec := func(q string, args ...any) {
				t.Helper()
				if _, err := db.ExecContext(ctx, d.Rebind(q), args...); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			exec(`CREATE TABLE account_schema_version (version INTEGER PRIMARY KEY, applied_ms BIGINT NOT NULL)`)
			for _, s := range steps[:2] {
				exec(s.SQL)
				exec("INSERT INTO account_schema_version(version, applied_ms) VALUES(?, 0)", s.Version)
			}
			exec("INSERT INTO users(id, name, name_key, password, created_ms) VALUES(1, 'old', 'old', 'x', 0)")
			for i, id := range []string{"a", "b", "c"} {
				exec("INSERT INTO results(game_id, game, speed, rated, at_ms) VALUES(?, 'x', 'blitz', ?, ?)", id, false, int64(1000*(i+1)))
				exec("INSERT INTO result_players(game_id, seat, user_id, place) VALUES(?, 0, 1, 1)", id)
			}
			a, err := Open(ctx, st, Config{Params: cheap})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			got, _, err := a.PlayerGames(ctx, 1, GameFilter{}, GameCursor{}, 10)
			if err != nil || len(got) != 3 || got[0].GameID != "c" || got[2].GameID != "a" || got[1].At.UnixMilli() != 2000 {
				t.Fatalf("old games: %+v %v", got, err)
			}
		})
	}
}
