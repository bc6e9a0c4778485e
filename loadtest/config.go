// Package loadtest plays many concurrent games against a wyrm play server
// on this machine over its public HTTP and websocket API, the way browsers
// do, and measures the move round trip (move sent to acknowledgement
// received), throughput, errors and the server's memory.
//
// It only ever connects to loopback addresses: it is a tool to size the
// server on the machine it runs on, not to load anybody else's.
package loadtest

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"
)

// Config says what load to generate.
type Config struct {
	// Addr is the server's base URL (http://127.0.0.1:8080) or host:port.
	// Only loopback hosts are accepted.
	Addr string
	// Addrs, when set instead, are several nodes of one cluster: each new
	// game and each websocket goes to the next in turn, as behind a
	// round-robin balancer, so most seats reach their game's owner through
	// another node.
	Addrs []string
	// Direct, with Addrs, sends each game's websockets to the node that
	// owns the game, as the answer to its creation names it (X-Wyrm-Node),
	// as a reverse proxy routing on the pages' ?node= hint does: no seat
	// goes through another node. Creations still go round robin.
	Direct bool
	// Game is the game to play ("dragon" unless set).
	Game string
	// Games is the number of games played at once.
	Games int
	// Duration is how long the measured phase lasts (per step in ramp mode).
	Duration time.Duration
	// Rate, when above zero, is the total moves per second wanted across
	// all games; each game then thinks Games/Rate seconds per move.
	Rate float64
	// Think is the mean think time per move when Rate is zero.
	Think time.Duration
	// MaxPlies ends a game after this many moves and starts a new one, so
	// that logs stay of human length (0: 200).
	MaxPlies int
	// Setup bounds the number of games being created and connected at
	// once (0: 32).
	Setup int
	// Seed makes the choice of moves repeatable.
	Seed uint64
	// ServerPID, if set, is the server process whose memory is reported.
	ServerPID int
	// ServerPIDs are further server processes (other nodes): their memory
	// is added in, and with ServerPID their CPU time per move is reported.
	ServerPIDs []int
	// DatabasePIDs are processes whose CPU time, with their children's,
	// counts in the cost of a move too (a PostgreSQL server's postmaster).
	DatabasePIDs []int
	// ClientHeader, if set, is the header in which each simulated player
	// gives an address of its own (the server must trust it as its proxy
	// header): so the server's per-client limits stay on and each player
	// meets them as a real one would, instead of all sharing loopback.
	ClientHeader string
	// ClientBase is where the numbering of simulated players' addresses
	// starts, so that several load generator processes give theirs apart.
	ClientBase int64
}

// MaxGames bounds the games of one run, over all its processes.
const MaxGames = 100000

// ThinkTime is the mean pause between a game's moves.
func (c Config) ThinkTime() time.Duration {
	if c.Rate > 0 {
		return time.Duration(float64(c.Games) / c.Rate * float64(time.Second))
	}
	return c.Think
}

func (c *Config) defaults() {
	if c.Game == "" {
		c.Game = "dragon"
	}
	if c.MaxPlies <= 0 {
		c.MaxPlies = 200
	}
	if c.Setup <= 0 {
		c.Setup = 32
	}
	if c.Think <= 0 && c.Rate <= 0 {
		c.Think = time.Second
	}
}

// check validates the configuration; the address must be loopback.
func (c Config) check() error {
	if c.Games < 1 || c.Games > MaxGames {
		return fmt.Errorf("games must be 1 to %d, got %d", MaxGames, c.Games)
	}
	if c.Duration <= 0 || c.Duration > 24*time.Hour {
		return fmt.Errorf("duration must be positive and at most a day, got %v", c.Duration)
	}
	if c.Rate < 0 {
		return errors.New("rate must not be negative")
	}
	for _, a := range c.addrs() {
		if _, err := BaseURL(a); err != nil {
			return err
		}
	}
	return nil
}

// addrs is Addrs, or Addr alone.
func (c Config) addrs() []string {
	if len(c.Addrs) > 0 {
		return c.Addrs
	}
	return []string{c.Addr}
}

// serverPIDs is every server process given.
func (c Config) serverPIDs() []int {
	var out []int
	if c.ServerPID > 0 {
		out = append(out, c.ServerPID)
	}
	return append(out, c.ServerPIDs...)
}

// BaseURL turns addr (a URL or host:port) into an http:// base URL, and
// refuses any host that is not this machine's loopback.
func BaseURL(addr string) (string, error) {
	if !strings.Contains(addr, "://") {
		addr = "http://" + addr
	}
	u, err := url.Parse(addr)
	if err != nil {
		return "", fmt.Errorf("bad address %q: %v", addr, err)
	}
	switch u.Scheme {
	case "http", "ws":
	default:
		return "", fmt.Errorf("address %q: only http:// (or ws://) on loopback", addr)
	}
	host := u.Hostname()
	if host != "localhost" {
		ip := net.ParseIP(host)
		if ip == nil || !ip.IsLoopback() {
			return "", fmt.Errorf("address %q: the load test only runs against 127.0.0.1, ::1 or localhost", addr)
		}
	}
	if u.Port() == "" {
		return "", fmt.Errorf("address %q: give the port", addr)
	}
	if u.Path != "" && u.Path != "/" {
		return "", fmt.Errorf("address %q: give the server's root, without a path", addr)
	}
	return "http://" + u.Host, nil
}
