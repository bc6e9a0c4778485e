package account

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/limit"
)

func TestSignUpThenLogIn(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		u, s := e.signUp(t, "Alice_1", "correct horse")
		if u.ID == 0 || u.Name != "Alice_1" || !u.Created.Equal(e.clock.Now()) {
			t.Fatalf("user %+v", u)
		}
		if len(s.Token) != tokenLen || s.UserID != u.ID || !s.Expires.Equal(e.clock.Now().Add(30*24*time.Hour)) {
			t.Fatalf("session %+v", s)
		}
		got, gs, err := e.a.Authenticate(ctx, s.Token)
		if err != nil || got != u || gs.UserID != u.ID {
			t.Fatalf("authenticate: %+v %+v %v", got, gs, err)
		}
		// Any case of the name signs in; the name keeps its own case.
		u2, s2, err := e.a.LogIn(ctx, "aLICE_1", "correct horse", "192.0.2.1")
		if err != nil || u2 != u || s2.Token == s.Token {
			t.Fatalf("log in: %+v %+v %v", u2, s2, err)
		}
		for _, c := range []struct{ name, pw string }{
			{"Alice_1", "correct horsE"},
			{"Alice_2", "correct horse"},
			{"no such name!", "correct horse"},
			{"Alice_1", strings.Repeat("x", MaxPasswordLen+1)},
		} {
			if _, _, err := e.a.LogIn(ctx, c.name, c.pw, "192.0.2.1"); !errors.Is(err, ErrBadCredentials) {
				t.Errorf("log in %q / %q: %v, want bad credentials", c.name, c.pw, err)
			}
		}
		if code, _ := apierr.Of(ErrBadCredentials); code != apierr.Forbidden {
			t.Errorf("bad credentials are %s", code)
		}
		byName, err := e.a.UserByName(ctx, "ALICE_1")
		if err != nil || byName != u {
			t.Errorf("by name: %+v %v", byName, err)
		}
		byID, err := e.a.UserByID(ctx, u.ID)
		if err != nil || byID != u {
			t.Errorf("by id: %+v %v", byID, err)
		}
		if _, err := e.a.UserByName(ctx, "nobody"); !errors.Is(err, ErrNoUser) {
			t.Errorf("unknown name: %v", err)
		}
	})
}

func TestNamesAreUniqueWhateverTheirCase(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		e.signUp(t, "Bob", "password1")
		for _, n := range []string{"Bob", "bob", "BOB", "bOb"} {
			if _, _, err := e.a.SignUp(ctx, n, "password2", "192.0.2.1"); !errors.Is(err, ErrNameTaken) {
				t.Errorf("sign up %s: %v, want name taken", n, err)
			}
		}
		if code, _ := apierr.Of(ErrNameTaken); code != apierr.Conflict {
			t.Errorf("name taken is %s", code)
		}
		e.signUp(t, "Bobby", "password3")
		// The first Bob's password is untouched by the refused sign-ups.
		if _, _, err := e.a.LogIn(ctx, "bob", "password1", "192.0.2.1"); err != nil {
			t.Errorf("first Bob: %v", err)
		}
	})
}

func TestNameAndPasswordRules(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		good := "password"
		for _, n := range []string{"ab", strings.Repeat("a", 21), "two words", "émile", "dot.dot", "", "semi;colon"} {
			_, _, err := e.a.SignUp(ctx, n, good, "192.0.2.1")
			if code, _ := apierr.Of(err); code != apierr.Invalid {
				t.Errorf("name %q: %v, want invalid", n, err)
			}
		}
		for _, p := range []string{"", "1234567", strings.Repeat("p", 257)} {
			_, _, err := e.a.SignUp(ctx, "carol", p, "192.0.2.1")
			if code, _ := apierr.Of(err); code != apierr.Invalid {
				t.Errorf("password of %d bytes: %v, want invalid", len(p), err)
			}
		}
		for i, n := range []string{"abc", strings.Repeat("Z", 20), "a-b_c-9"} {
			pw := []string{"12345678", strings.Repeat("p", 256), "ünïcødé!"}[i]
			if _, _, err := e.a.SignUp(ctx, n, pw, "192.0.2.1"); err != nil {
				t.Errorf("sign up %q with %d bytes: %v", n, len(pw), err)
			}
			if _, _, err := e.a.LogIn(ctx, n, pw, "192.0.2.1"); err != nil {
				t.Errorf("log in %q: %v", n, err)
			}
		}
	})
}

func TestLogInsAreRateLimited(t *testing.T) {
	cfg := Config{LoginPerName: limit.NewRate(1, 3), LoginPerAddress: limit.NewRate(1, 6)}
	forEach(t, cfg, func(t *testing.T, e *env) {
		ctx := context.Background()
		e.signUp(t, "dave", "dave's password")
		e.signUp(t, "erin", "erin's password")
		// Per name: three tries, then even the right password waits.
		for range 3 {
			if _, _, err := e.a.LogIn(ctx, "dave", "guess", "192.0.2.7"); !errors.Is(err, ErrBadCredentials) {
				t.Fatalf("wrong password: %v", err)
			}
		}
		_, _, err := e.a.LogIn(ctx, "Dave", "dave's password", "192.0.2.8")
		var re *RetryError
		if !errors.As(err, &re) || re.After <= 0 {
			t.Fatalf("fourth try for dave: %v, want a retry error", err)
		}
		if code, _ := apierr.Of(err); code != apierr.TooMany {
			t.Fatalf("fourth try is %s", code)
		}
		// Another name from the same address still may.
		if _, _, err := e.a.LogIn(ctx, "erin", "erin's password", "192.0.2.7"); err != nil {
			t.Fatalf("erin: %v", err)
		}
		// A minute later dave has one more try.
		e.clock.Advance(time.Minute)
		if _, _, err := e.a.LogIn(ctx, "dave", "dave's password", "192.0.2.9"); err != nil {
			t.Fatalf("dave after a minute: %v", err)
		}
		// Per address: 192.0.2.7 has used 4 of 6, plus one back after the
		// minute; unknown names count too.
		for i := range 3 {
			if _, _, err := e.a.LogIn(ctx, "nobody", "x", "192.0.2.7"); !errors.Is(err, ErrBadCredentials) {
				t.Fatalf("try %d from the address: %v", i, err)
			}
		}
		if _, _, err := e.a.LogIn(ctx, "erin", "erin's password", "192.0.2.7"); !errors.As(err, &re) {
			t.Fatalf("address spent: %v, want a retry error", err)
		}
		if _, _, err := e.a.SignUp(ctx, "frank", "frank's password", "192.0.2.7"); !errors.As(err, &re) {
			t.Fatalf("sign-up from a spent address: %v, want a retry error", err)
		}
		if _, _, err := e.a.LogIn(ctx, "erin", "erin's password", "192.0.2.10"); err != nil {
			t.Fatalf("erin from elsewhere: %v", err)
		}
	})
}

// A sign-in for an unknown name costs what one with a wrong password
// does: one hash with the current parameters (of a dummy), so that the
// time taken does not tell which names exist.
func TestUnknownNameCostsOneHash(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		e.signUp(t, "grace", "grace's password")
		if p, _, _, err := parseHash(e.a.dummy); err != nil || p != cheap {
			t.Fatalf("dummy hash has %+v %v, want the current parameters", p, err)
		}
		for _, name := range []string{"grace", "gracie"} {
			before := e.a.hashes.Load()
			if _, _, err := e.a.LogIn(ctx, name, "wrong password", "192.0.2.1"); !errors.Is(err, ErrBadCredentials) {
				t.Fatal(err)
			}
			if n := e.a.hashes.Load() - before; n != 1 {
				t.Errorf("sign-in as %s computed %d hashes, want 1", name, n)
			}
		}
	})
}

func TestSessionsExpireUnlessUsed(t *testing.T) {
	cfg := Config{SessionTTL: time.Hour, TouchEvery: 10 * time.Minute}
	forEach(t, cfg, func(t *testing.T, e *env) {
		ctx := context.Background()
		_, s := e.signUp(t, "heidi", "heidi's password")
		e.clock.Advance(5 * time.Minute)
		if _, got, err := e.a.Authenticate(ctx, s.Token); err != nil || got.Renewed || !got.Expires.Equal(s.Expires) {
			t.Fatalf("soon after: %+v %v, want no write", got, err)
		}
		e.clock.Advance(50 * time.Minute)
		_, got, err := e.a.Authenticate(ctx, s.Token)
		if err != nil || !got.Renewed || !got.Expires.Equal(e.clock.Now().Add(time.Hour)) {
			t.Fatalf("55 minutes on: %+v %v, want renewed to an hour from now", got, err)
		}
		// Used 55 minutes in, so alive at 1h50, gone after 1h55.
		e.clock.Advance(55 * time.Minute)
		if _, _, err := e.a.Authenticate(ctx, s.Token); err != nil {
			t.Fatalf("55 minutes after the last use: %v", err)
		}
		e.clock.Advance(61 * time.Minute)
		if _, _, err := e.a.Authenticate(ctx, s.Token); !errors.Is(err, ErrNotSignedIn) {
			t.Fatalf("an hour unused: %v, want not signed in", err)
		}
		for _, tok := range []string{"", "short", strings.Repeat("A", tokenLen)} {
			if _, _, err := e.a.Authenticate(ctx, tok); !errors.Is(err, ErrNotSignedIn) {
				t.Errorf("token %q: %v", tok, err)
			}
		}
		// Expired sessions are purged.
		_, s2 := e.signUp(t, "ivan", "ivan's password")
		e.clock.Advance(2 * time.Hour)
		_, s3, err := e.a.LogIn(ctx, "ivan", "ivan's password", "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		if n, err := e.a.PurgeExpired(ctx); err != nil || n != 1 {
			t.Errorf("purged %d %v, want 1 (ivan's first)", n, err)
		}
		if _, _, err := e.a.Authenticate(ctx, s2.Token); !errors.Is(err, ErrNotSignedIn) {
			t.Errorf("purged session: %v", err)
		}
		if _, _, err := e.a.Authenticate(ctx, s3.Token); err != nil {
			t.Errorf("live session: %v", err)
		}
	})
}

func TestSignOutAndSignOutEverywhere(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		_, a1 := e.signUp(t, "judy", "judy's password")
		login := func(name, pw string) Session {
			_, s, err := e.a.LogIn(ctx, name, pw, "192.0.2.1")
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		a2, a3 := login("judy", "judy's password"), login("judy", "judy's password")
		_, b1 := e.signUp(t, "ken", "ken's password")
		alive := func(s Session) bool {
			_, _, err := e.a.Authenticate(ctx, s.Token)
			return err == nil
		}
		if err := e.a.SignOut(ctx, a1.Token); err != nil {
			t.Fatal(err)
		}
		if alive(a1) || !alive(a2) || !alive(a3) || !alive(b1) {
			t.Fatal("sign-out ended more or less than its session")
		}
		if err := e.a.SignOut(ctx, a1.Token); err != nil {
			t.Errorf("signing out twice: %v", err)
		}
		if err := e.a.SignOutEverywhere(ctx, a2.Token); err != nil {
			t.Fatal(err)
		}
		if alive(a2) || alive(a3) || !alive(b1) {
			t.Fatal("sign-out everywhere ended more or less than the user's sessions")
		}
		if err := e.a.SignOutEverywhere(ctx, a2.Token); !errors.Is(err, ErrNotSignedIn) {
			t.Errorf("sign out everywhere without a session: %v", err)
		}
	})
}

func TestChangePasswordEndsOtherSessions(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		_, s1 := e.signUp(t, "leo", "old password")
		_, s2, err := e.a.LogIn(ctx, "leo", "old password", "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		_, other := e.signUp(t, "mia", "mia's password")
		if err := e.a.ChangePassword(ctx, s1.Token, "not it", "new password", "192.0.2.1"); !errors.Is(err, ErrBadCredentials) {
			t.Fatalf("wrong old password: %v", err)
		}
		if err := e.a.ChangePassword(ctx, s1.Token, "old password", "short", "192.0.2.1"); err == nil {
			t.Fatal("short new password accepted")
		}
		if _, _, err := e.a.Authenticate(ctx, s2.Token); err != nil {
			t.Fatalf("refused changes ended a session: %v", err)
		}
		if err := e.a.ChangePassword(ctx, s1.Token, "old password", "new password", "192.0.2.1"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := e.a.Authenticate(ctx, s1.Token); err != nil {
			t.Errorf("the session that changed it: %v", err)
		}
		if _, _, err := e.a.Authenticate(ctx, s2.Token); !errors.Is(err, ErrNotSignedIn) {
			t.Errorf("the other session: %v, want ended", err)
		}
		if _, _, err := e.a.Authenticate(ctx, other.Token); err != nil {
			t.Errorf("another user's session: %v", err)
		}
		if _, _, err := e.a.LogIn(ctx, "leo", "old password", "192.0.2.1"); !errors.Is(err, ErrBadCredentials) {
			t.Errorf("old password: %v", err)
		}
		if _, _, err := e.a.LogIn(ctx, "leo", "new password", "192.0.2.1"); err != nil {
			t.Errorf("new password: %v", err)
		}
		if err := e.a.ChangePassword(ctx, s2.Token, "new password", "newer password", "192.0.2.1"); !errors.Is(err, ErrNotSignedIn) {
			t.Errorf("change from an ended session: %v", err)
		}
	})
}

// A hash made with other parameters is remade with the current ones when
// its owner signs in.
func TestHashUpgradedOnLogIn(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		u, _ := e.signUp(t, "nina", "nina's password")
		stored := func() Params {
			var phc string
			if err := e.a.db.QueryRowContext(ctx, e.a.d.Rebind("SELECT password FROM users WHERE id = ?"), u.ID).Scan(&phc); err != nil {
				t.Fatal(err)
			}
			p, _, _, err := parseHash(phc)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		if stored() != cheap {
			t.Fatalf("stored %+v", stored())
		}
		newer := Params{Time: 2, MemoryKiB: 128, Threads: 1, SaltLen: 16, KeyLen: 32}
		b := e.open(t, Config{Params: newer})
		if _, _, err := b.LogIn(ctx, "nina", "wrong password", "192.0.2.1"); !errors.Is(err, ErrBadCredentials) {
			t.Fatal(err)
		}
		if stored() != cheap {
			t.Fatal("a failed sign-in changed the hash")
		}
		if _, _, err := b.LogIn(ctx, "nina", "nina's password", "192.0.2.1"); err != nil {
			t.Fatal(err)
		}
		if stored() != newer {
			t.Fatalf("after sign-in the hash has %+v, want %+v", stored(), newer)
		}
		if _, _, err := b.LogIn(ctx, "nina", "nina's password", "192.0.2.1"); err != nil {
			t.Fatalf("with the upgraded hash: %v", err)
		}
	})
}
