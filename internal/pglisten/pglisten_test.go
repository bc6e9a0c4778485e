package pglisten

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"wyrm/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// A listener hears what is sent on its channel, in order, after it says
// it is connected; when its connection is killed it connects again and
// says so, and hears what is sent after that.
func TestListenHearsAndReconnects(t *testing.T) {
	url := pgtest.NewDB(t)
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	events := make(chan string, 16)
	lost := make(chan error, 4)
	done := make(chan struct{})
	go func() {
		defer close(done)
		Run(ctx, cfg, "pglisten test", Handler{
			Connected: func() { events <- "connected" },
			Notify: func(ctx context.Context, conn *pgx.Conn, payload string) error {
				if payload == "drop" {
					return errors.New("asked to drop")
				}
				events <- payload
				return nil
			},
			Lost: func(err error) { lost <- err },
		})
	}()
	sender, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer sender.Close(context.Background())
	send := func(s string) {
		if _, err := sender.Exec(ctx, "SELECT pg_notify('pglisten test', $1)", s); err != nil {
			t.Fatal(err)
		}
	}
	expect := func(want string) {
		t.Helper()
		select {
		case got := <-events:
			if got != want {
				t.Fatalf("got %q, want %q", got, want)
			}
		case <-ctx.Done():
			t.Fatalf("no %q", want)
		}
	}
	expect("connected")
	send("one")
	send("two")
	expect("one")
	expect("two")
	send("drop")
	if err := <-lost; err == nil || err.Error() != "asked to drop" {
		t.Fatalf("lost: %v", err)
	}
	expect("connected")
	send("three")
	expect("three")
	cancel()
	<-done
}
