package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"wyrm/loadtest"
)

// runAttack runs the hostile clients of loadtest.Attack against a server on
// loopback and reports what a person playing meanwhile saw.
func runAttack(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("attack", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "", "server URL on loopback, e.g. http://127.0.0.1:8080")
	kinds := fs.String("kind", strings.Join(loadtest.Attacks, ","), "attacks to run, one after another: "+strings.Join(loadtest.Attacks, ", "))
	dur := fs.Duration("duration", 20*time.Second, "length of each attack")
	size := fs.Int("size", 0, "scale of the attack: pollers, connections or games (0: each attack's own)")
	pid := fs.Int("pid", 0, "server process whose memory is sampled")
	clientHeader := fs.String("client-header", "", "header giving the attacker and the player addresses of their own (the server's -proxy-header)")
	prefill := fs.Int("prefill", 0, "games to create first, each from an address of its own, so that the lobby is large")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *addr == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "wyrm attack: give -addr (and no arguments)")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *prefill > 0 {
		if err := prefillGames(ctx, *addr, *prefill, *clientHeader); err != nil {
			fmt.Fprintln(stderr, "wyrm attack:", err)
			return 1
		}
	}
	for _, k := range strings.Split(*kinds, ",") {
		rep, err := loadtest.Attack(ctx, loadtest.AttackConfig{Addr: *addr, Kind: strings.TrimSpace(k), Duration: *dur, Size: *size,
			ClientHeader: *clientHeader, ServerPID: *pid})
		if err != nil {
			fmt.Fprintln(stderr, "wyrm attack:", err)
			return 1
		}
		fmt.Fprintln(stdout, rep)
	}
	return 0
}

// prefillGames creates n games, each from a client address of its own
// where the server trusts header.
func prefillGames(ctx context.Context, addr string, n int, header string) error {
	base, err := loadtest.BaseURL(addr)
	if err != nil {
		return err
	}
	hc := &http.Client{Timeout: 30 * time.Second}
	for i := range n {
		req, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/games",
			strings.NewReader(`{"game":"dragon","seats":[{"kind":"local"},{"kind":"local"}]}`))
		req.Header.Set("Content-Type", "application/json")
		if header != "" {
			req.Header.Set(header, fmt.Sprintf("10.%d.%d.%d", 100+i>>16&127, i>>8&255, i&255))
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			return fmt.Errorf("prefill game %d: status %d", i+1, resp.StatusCode)
		}
	}
	return nil
}
