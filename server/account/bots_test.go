package account

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"wyrm/rating"
)

func TestAPITokensAreHashedListedAndRevoked(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		ids := e.users(t, 2)
		tok, info, err := e.a.CreateAPIToken(ctx, ids[0], "  my bot  ")
		if err != nil || info.Label != "my bot" || len(info.Handle) != 16 || !strings.HasPrefix(tok, APITokenPrefix) || len(tok) != apiTokenLen {
			t.Fatalf("token %q %+v %v", tok, info, err)
		}
		// Only the token's SHA-256 is kept: the token is nowhere in the table.
		var stored, handle string
		if err := e.a.db.QueryRowContext(ctx, "SELECT id, handle FROM api_tokens").Scan(&stored, &handle); err != nil {
			t.Fatal(err)
		}
		if stored != tokenID(tok) || strings.Contains(stored, tok[len(APITokenPrefix):]) || handle != info.Handle {
			t.Fatalf("stored %q for token %q", stored, tok)
		}
		u, err := e.a.AuthenticateAPIToken(ctx, tok)
		if err != nil || u.ID != ids[0] || u.Name != "player1" {
			t.Fatalf("authenticate: %+v %v", u, err)
		}
		list, err := e.a.APITokens(ctx, ids[0])
		if err != nil || len(list) != 1 || list[0].Handle != info.Handle || list[0].LastUsed.IsZero() {
			t.Fatalf("list %+v %v", list, err)
		}
		if other, _ := e.a.APITokens(ctx, ids[1]); len(other) != 0 {
			t.Fatalf("another account lists %+v", other)
		}
		flipped := tok[:len(tok)-1] + map[bool]string{true: "B", false: "A"}[tok[len(tok)-1] == 'A']
		for _, bad := range []string{"", tok + "x", flipped, strings.TrimPrefix(tok, APITokenPrefix), "wyrm_" + strings.Repeat("A", 43)} {
			if _, err := e.a.AuthenticateAPIToken(ctx, bad); !errors.Is(err, ErrBadAPIToken) {
				t.Errorf("token %q: %v", bad, err)
			}
		}
		// Another account cannot revoke it; its owner can, and then it is dead.
		if err := e.a.RevokeAPIToken(ctx, ids[1], info.Handle); !errors.Is(err, ErrNoAPIToken) {
			t.Fatalf("revoked by another: %v", err)
		}
		if err := e.a.RevokeAPIToken(ctx, ids[0], info.Handle); err != nil {
			t.Fatal(err)
		}
		if _, err := e.a.AuthenticateAPIToken(ctx, tok); !errors.Is(err, ErrBadAPIToken) {
			t.Fatalf("revoked token: %v", err)
		}
	})
}

func TestAPITokenLimits(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		ids := e.users(t, 1)
		for _, label := range []string{"", "   ", strings.Repeat("é", MaxTokenLabel+1), "two\nlines", "bell\a"} {
			if _, _, err := e.a.CreateAPIToken(ctx, ids[0], label); err == nil {
				t.Errorf("label %q accepted", label)
			}
		}
		for i := range MaxAPITokens {
			if _, _, err := e.a.CreateAPIToken(ctx, ids[0], strings.Repeat("é", MaxTokenLabel)); err != nil {
				t.Fatalf("token %d: %v", i+1, err)
			}
		}
		if _, _, err := e.a.CreateAPIToken(ctx, ids[0], "one more"); !errors.Is(err, errTooManyTokens) {
			t.Fatalf("token past the limit: %v", err)
		}
		if n := e.count(t, "api_tokens"); n != MaxAPITokens {
			t.Fatalf("%d tokens stored", n)
		}
	})
}

func TestOnlyAnAccountWithNoGamesBecomesABot(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		ids := e.users(t, 3)
		u, err := e.a.MakeBot(ctx, ids[0])
		if err != nil || !u.Bot {
			t.Fatalf("make bot: %+v %v", u, err)
		}
		if u, err := e.a.MakeBot(ctx, ids[0]); err != nil || !u.Bot {
			t.Fatalf("make bot again: %+v %v", u, err)
		}
		if _, err := e.a.RecordResult(ctx, e.result("g1", "dragon", rating.Blitz, Glicko2, ids[1:], 1, 2)); err != nil {
			t.Fatal(err)
		}
		if _, err := e.a.MakeBot(ctx, ids[1]); !errors.Is(err, ErrHasPlayed) {
			t.Fatalf("an account with a game became a bot: %v", err)
		}
		// The mark is read wherever an account is.
		byName, _ := e.a.UserByName(ctx, "player1")
		byName2, _ := e.a.UserByName(ctx, "player2")
		if !byName.Bot || byName2.Bot {
			t.Fatalf("by name: %+v %+v", byName, byName2)
		}
		tok, _, err := e.a.CreateAPIToken(ctx, ids[0], "engine")
		if err != nil {
			t.Fatal(err)
		}
		if u, err := e.a.AuthenticateAPIToken(ctx, tok); err != nil || !u.Bot {
			t.Fatalf("by token: %+v %v", u, err)
		}
		e.clock.Advance(time.Minute)
		if u, _, err := e.a.LogIn(ctx, "player1", "a password", "192.0.2.1"); err != nil || !u.Bot {
			t.Fatalf("log in: %+v %v", u, err)
		}
	})
}
