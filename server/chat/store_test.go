package chat

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"wyrm/internal/pgtest"
	"wyrm/server/apierr"
	"wyrm/server/store"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// forEach runs f on a fresh chat in each database; reopen opens it again
// on the same database, as a restarted server does.
func forEach(t *testing.T, f func(t *testing.T, c *Store, reopen func() *Store)) {
	for _, b := range []struct {
		name   string
		target func(testing.TB) string
	}{
		{"sqlite", func(tb testing.TB) string { return filepath.Join(tb.TempDir(), "c.db") }},
		{"postgres", pgtest.NewDB},
	} {
		t.Run(b.name, func(t *testing.T) {
			target := b.target(t)
			open := func() *Store {
				st, err := store.Open(target)
				if err != nil {
					t.Fatal(err)
				}
				c, err := Open(context.Background(), st)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { c.Close(); st.Close() })
				return c
			}
			f(t, open(), open)
		})
	}
}

func say(t *testing.T, c *Store, m Message) Message {
	t.Helper()
	m, err := c.Add(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func texts(ms []Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Name+": "+m.Text)
	}
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Messages are kept per game and room, in order, across a reopening; a
// message is found only in its own game.
func TestMessagesKeptPerRoomAcrossReopening(t *testing.T) {
	forEach(t, func(t *testing.T, c *Store, reopen func() *Store) {
		ctx := context.Background()
		hi := say(t, c, Message{Game: "g1", Room: Players, Seat: 0, Name: "White", Text: "hi", AtMs: 1})
		say(t, c, Message{Game: "g1", Room: Spectators, Seat: -1, UserID: 7, Name: "carol", Text: "nice opening", AtMs: 2})
		say(t, c, Message{Game: "g1", Room: Players, Seat: 1, UserID: 8, Name: "bob", Text: "hello", AtMs: 3})
		say(t, c, Message{Game: "g2", Room: Players, Seat: 0, Name: "White", Text: "other game", AtMs: 4})
		c2 := reopen()
		players, err := c2.Recent(ctx, "g1", Players, 0, HistoryLen)
		if err != nil || !equal(texts(players), []string{"White: hi", "bob: hello"}) {
			t.Fatalf("players' room after reopening: %q %v", texts(players), err)
		}
		if players[1].UserID != 8 || players[1].Seat != 1 || players[0].UserID != 0 || players[0].ID >= players[1].ID {
			t.Fatalf("messages read back: %+v", players)
		}
		spect, _ := c2.Recent(ctx, "g1", Spectators, 0, HistoryLen)
		if !equal(texts(spect), []string{"carol: nice opening"}) || spect[0].Seat != -1 {
			t.Fatalf("spectators' room: %+v", spect)
		}
		if last, _ := c2.Recent(ctx, "g1", Players, 0, 1); !equal(texts(last), []string{"bob: hello"}) {
			t.Fatalf("the latest one: %q", texts(last))
		}
		if m, err := c2.Message(ctx, "g1", hi.ID); err != nil || m.Text != "hi" {
			t.Fatalf("message %d: %+v %v", hi.ID, m, err)
		}
		if _, err := c2.Message(ctx, "g2", hi.ID); !errors.Is(err, ErrNoMessage) {
			t.Fatalf("a message of another game: %v", err)
		}
		all, _ := c2.Log(ctx, "g1")
		if len(all) != 3 {
			t.Fatalf("the game's whole log: %q", texts(all))
		}
	})
}

// A room keeps at most its bound of messages; the next is refused and
// stores nothing, and the other room is not affected.
func TestRoomFull(t *testing.T) {
	forEach(t, func(t *testing.T, c *Store, _ func() *Store) {
		c.perRoom = 3
		for range 3 {
			say(t, c, Message{Game: "g", Room: Players, Name: "White", Text: "x"})
		}
		_, err := c.Add(context.Background(), Message{Game: "g", Room: Players, Name: "White", Text: "one more"})
		if !errors.Is(err, ErrRoomFull) || codeOf(err) != apierr.TooMany {
			t.Fatalf("a fourth message: %v", err)
		}
		if ms, _ := c.Recent(context.Background(), "g", Players, 0, 10); len(ms) != 3 {
			t.Fatalf("%d messages kept", len(ms))
		}
		say(t, c, Message{Game: "g", Room: Spectators, Name: "carol", UserID: 3, Text: "still room here"})
	})
}

// A block hides the blocked account's messages from the blocker only, is
// counted once, can be undone, and is bounded.
func TestBlocks(t *testing.T) {
	forEach(t, func(t *testing.T, c *Store, _ func() *Store) {
		ctx := context.Background()
		const alice, bob, carol = 1, 2, 3
		say(t, c, Message{Game: "g", Room: Players, Seat: 0, UserID: alice, Name: "alice", Text: "good luck"})
		say(t, c, Message{Game: "g", Room: Players, Seat: 1, UserID: bob, Name: "bob", Text: "rude"})
		say(t, c, Message{Game: "g", Room: Players, Seat: 1, Name: "Black", Text: "a guest"})
		for range 2 {
			if err := c.Block(ctx, alice, bob, "bob"); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.Block(ctx, alice, alice, "alice"); codeOf(err) != apierr.Invalid {
			t.Fatalf("blocking oneself: %v", err)
		}
		if names, err := c.Blocked(ctx, alice); err != nil || !equal(names, []string{"bob"}) {
			t.Fatalf("alice blocks %q %v", names, err)
		}
		if by, _ := c.BlockersOf(ctx, bob); len(by) != 1 || !by[alice] {
			t.Fatalf("bob is blocked by %v", by)
		}
		if by, _ := c.BlockersOf(ctx, 0); len(by) != 0 {
			t.Fatalf("a guest is blocked by %v", by)
		}
		seen, _ := c.Recent(ctx, "g", Players, alice, 10)
		if !equal(texts(seen), []string{"alice: good luck", "Black: a guest"}) {
			t.Fatalf("alice reads %q", texts(seen))
		}
		if seen, _ := c.Recent(ctx, "g", Players, carol, 10); len(seen) != 3 {
			t.Fatalf("carol reads %q", texts(seen))
		}
		if err := c.Unblock(ctx, alice, bob); err != nil {
			t.Fatal(err)
		}
		if seen, _ := c.Recent(ctx, "g", Players, alice, 10); len(seen) != 3 {
			t.Fatalf("after unblocking, alice reads %q", texts(seen))
		}
		c.maxBlocks = 2
		for _, id := range []int64{bob, carol} {
			if err := c.Block(ctx, alice, id, "x"); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.Block(ctx, alice, 99, "y"); !errors.Is(err, ErrTooManyBlocks) {
			t.Fatalf("a block past the bound: %v", err)
		}
		if err := c.Block(ctx, alice, bob, "bob"); err != nil {
			t.Fatalf("a block already made, at the bound: %v", err)
		}
	})
}

// A report keeps a copy of the message with who reported it and when; the
// same reader reporting again adds nothing.
func TestReportsStored(t *testing.T) {
	forEach(t, func(t *testing.T, c *Store, reopen func() *Store) {
		ctx := context.Background()
		m := say(t, c, Message{Game: "g", Room: Spectators, Seat: -1, UserID: 5, Name: "troll", Text: "something nasty", AtMs: 1000})
		other := say(t, c, Message{Game: "g", Room: Players, Seat: 1, Name: "Black", Text: "also bad", AtMs: 2000})
		c.now = func() int64 { return 5000 }
		for range 2 {
			if err := c.AddReport(ctx, m, "alice", 1); err != nil {
				t.Fatal(err)
			}
		}
		c.now = func() int64 { return 6000 }
		if err := c.AddReport(ctx, other, "White (guest)", 0); err != nil {
			t.Fatal(err)
		}
		rs, err := reopen().Reports(ctx, 10)
		if err != nil || len(rs) != 2 {
			t.Fatalf("reports: %+v %v", rs, err)
		}
		got := rs[1]
		if got.Message.ID != m.ID || got.Message.Game != "g" || got.Message.Room != Spectators || got.Message.Seat != -1 ||
			got.Message.Name != "troll" || got.Message.UserID != 5 || got.Message.Text != "something nasty" ||
			got.Message.AtMs != 1000 || got.Reporter != "alice" || got.ReporterID != 1 || got.AtMs != 5000 {
			t.Fatalf("report read back: %+v", got)
		}
		if rs[0].Reporter != "White (guest)" || rs[0].ReporterID != 0 || rs[0].Message.UserID != 0 {
			t.Fatalf("the newest report first: %+v", rs[0])
		}
	})
}

// codeOf is err's apierr code.
func codeOf(err error) apierr.Code {
	c, _ := apierr.Of(err)
	return c
}
