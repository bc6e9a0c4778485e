package account

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"wyrm/rating"
)

// Marking an account gives its rated opponents back exactly what they
// lost to it, once however often it is marked; gains, games it lost and
// games without it are left alone; the marked account leaves the
// leaderboards and shows its mark.
func TestMarkRefundsLossesOnce(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		ids := e.users(t, 4) // 1 the cheat; 2 and 3 its victims; 4 a bystander
		cheat, victim, winner, other := ids[0], ids[1], ids[2], ids[3]
		// cheat beats victim twice, loses to winner once; victim and other
		// play a game of their own in between.
		for i, r := range []Result{
			e.result("g1", "toy", rating.Blitz, Glicko2, []int64{cheat, victim}, 1, 2),
			e.result("g2", "toy", rating.Blitz, Glicko2, []int64{victim, other}, 1, 2),
			e.result("g3", "toy", rating.Blitz, Glicko2, []int64{victim, cheat}, 2, 1),
			e.result("g4", "toy", rating.Blitz, Glicko2, []int64{cheat, winner}, 2, 1),
		} {
			e.clock.Advance(time.Minute * time.Duration(i+1))
			if _, err := e.a.RecordResult(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		lostIn := func(game string, user int64) float64 {
			var b, a float64
			if err := e.a.db.QueryRowContext(ctx, "SELECT rating_before, rating_after FROM result_players WHERE game_id = ? AND user_id = ?",
				game, user).Scan(&b, &a); err != nil {
				t.Fatal(err)
			}
			return b - a
		}
		want := lostIn("g1", victim) + lostIn("g3", victim)
		if want <= 0 {
			t.Fatalf("the victim lost %v", want)
		}
		beforeV, _ := e.pool(t, victim, "toy", rating.Blitz)
		beforeW, _ := e.pool(t, winner, "toy", rating.Blitz)
		beforeO, _ := e.pool(t, other, "toy", rating.Blitz)
		u, _ := e.a.UserByID(ctx, cheat)
		by := Actor{Moderator: "mod", Reason: "engine moves"}
		refunds, err := e.a.Mark(ctx, u, MarkCheat, by)
		if err != nil {
			t.Fatal(err)
		}
		if len(refunds) != 2 {
			t.Fatalf("refunds %+v, want the victim's two games", refunds)
		}
		afterV, _ := e.pool(t, victim, "toy", rating.Blitz)
		if math.Abs(afterV.R-beforeV.R-want) > 1e-9 {
			t.Errorf("victim %.3f -> %.3f, want +%.3f", beforeV.R, afterV.R, want)
		}
		if w, _ := e.pool(t, winner, "toy", rating.Blitz); w != beforeW {
			t.Errorf("the winner's gain changed: %v -> %v", beforeW, w)
		}
		if o, _ := e.pool(t, other, "toy", rating.Blitz); o != beforeO {
			t.Errorf("a bystander changed: %v -> %v", beforeO, o)
		}
		// Again, and with the other mark: nothing more.
		for _, m := range []string{MarkCheat, MarkBooster} {
			if again, err := e.a.Mark(ctx, u, m, by); err != nil || len(again) != 0 {
				t.Fatalf("marked again as %s: %v %v", m, again, err)
			}
		}
		if v, _ := e.pool(t, victim, "toy", rating.Blitz); v != afterV {
			t.Errorf("a second mark refunded again: %v -> %v", afterV, v)
		}
		if got, _ := e.a.UserByID(ctx, cheat); got.Mark != MarkBooster {
			t.Errorf("mark %q", got.Mark)
		}
		if _, err := e.a.Mark(ctx, u, "saint", by); err == nil {
			t.Error("an unknown mark was taken")
		}
		log, err := e.a.ModLog(ctx, 10)
		if err != nil || len(log) != 3 || log[2].Action != "mark cheat" || log[2].Reason != "engine moves" || log[2].Target != "player1" {
			t.Errorf("log %+v %v", log, err)
		}
	})
}

// A closed account signs in no more, its sessions and tokens end, other
// lookups no longer find it (moderators still do), and its name stays
// taken.
func TestCloseAccount(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		u, s := e.signUp(t, "gone", "a password")
		if _, _, err := e.a.CreateAPIToken(ctx, u.ID, "bot"); err != nil {
			t.Fatal(err)
		}
		if err := e.a.CloseAccount(ctx, u, Actor{Moderator: "mod", Reason: "spam"}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := e.a.Authenticate(ctx, s.Token); !errors.Is(err, ErrNotSignedIn) {
			t.Errorf("session after closing: %v", err)
		}
		if n := e.count(t, "api_tokens"); n != 0 {
			t.Errorf("%d tokens kept", n)
		}
		if _, _, err := e.a.LogIn(ctx, "gone", "a password", "192.0.2.1"); !errors.Is(err, ErrBadCredentials) {
			t.Errorf("sign-in after closing: %v", err)
		}
		if _, err := e.a.UserByName(ctx, "gone"); !errors.Is(err, ErrNoUser) {
			t.Errorf("lookup after closing: %v", err)
		}
		if _, st, err := e.a.UserAnyByName(ctx, "GONE"); err != nil || st.Closed.IsZero() || st.ClosedBy != "mod" {
			t.Errorf("moderators' lookup: %+v %v", st, err)
		}
		if _, _, err := e.a.SignUp(ctx, "Gone", "another password", "192.0.2.2"); !errors.Is(err, ErrNameTaken) {
			t.Errorf("the name taken again: %v", err)
		}
		if err := e.a.CloseAccount(ctx, u, Actor{Moderator: "mod"}); !errors.Is(err, ErrClosed) {
			t.Errorf("closed twice: %v", err)
		}
	})
}

// A mute holds until its time; moderators are granted and revoked, each
// logged.
func TestMuteAndModerator(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		u, _ := e.signUp(t, "loud", "a password")
		m, _ := e.signUp(t, "keeper", "a password")
		until := e.clock.Now().Add(time.Hour)
		if err := e.a.Mute(ctx, u, until, Actor{Moderator: "keeper", Reason: "insults"}); err != nil {
			t.Fatal(err)
		}
		if got, err := e.a.MutedUntil(ctx, u.ID); err != nil || !got.Equal(time.UnixMilli(until.UnixMilli())) {
			t.Errorf("muted until %v %v", got, err)
		}
		e.clock.Advance(time.Hour)
		if got, _ := e.a.MutedUntil(ctx, u.ID); !got.IsZero() {
			t.Errorf("still muted at its end: %v", got)
		}
		for _, on := range []bool{true, false} {
			if err := e.a.SetModerator(ctx, "Keeper", on, Actor{Moderator: "operator"}); err != nil {
				t.Fatal(err)
			}
			if got, _ := e.a.IsModerator(ctx, m.ID); got != on {
				t.Errorf("moderator %v, want %v", got, on)
			}
		}
		if err := e.a.SetModerator(ctx, "nobody", true, Actor{Moderator: "operator"}); !errors.Is(err, ErrNoUser) {
			t.Errorf("granting no one: %v", err)
		}
		log, _ := e.a.ModLog(ctx, 10)
		if len(log) != 3 || log[0].Action != "revoke moderator" || log[2].Action != "mute" {
			t.Errorf("log %+v", log)
		}
	})
}

// In a game ranked by placing, everyone the marked account finished ahead
// of gets back what they lost in it; whoever finished ahead of it keeps
// what they have.
func TestMarkRefundsPlacings(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		ids := e.users(t, 4)
		cheat := ids[0]
		if _, err := e.a.RecordResult(ctx, e.result("p1", "toy", rating.Blitz, Placings, ids, 2, 1, 3, 4)); err != nil {
			t.Fatal(err)
		}
		var before [4]rating.Rating
		for i, u := range ids {
			before[i], _ = e.pool(t, u, "toy", rating.Blitz)
		}
		u, _ := e.a.UserByID(ctx, cheat)
		refunds, err := e.a.Mark(ctx, u, MarkBooster, Actor{Moderator: "mod"})
		if err != nil {
			t.Fatal(err)
		}
		if len(refunds) != 2 || refunds[0].UserID != ids[2] || refunds[1].UserID != ids[3] {
			t.Fatalf("refunds %+v, want the third and the fourth", refunds)
		}
		for i, u := range ids[1:] {
			after, _ := e.pool(t, u, "toy", rating.Blitz)
			if i == 0 && after != before[1] {
				t.Errorf("the winner's rating changed: %v -> %v", before[1], after)
			}
			if i > 0 && math.Abs(after.R-1500) > 1e-9 {
				t.Errorf("player %d after the refund: %v, want 1500", i+2, after.R)
			}
		}
	})
}
