package tournament

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"wyrm/server/account"
	"wyrm/server/httpkit"
	"wyrm/server/life"
	"wyrm/server/limit"
	"wyrm/server/store"
)

// Config is what a Service is opened with.
type Config struct {
	DB       store.DB
	Games    Games
	Announce Announcer
	Accounts *account.Accounts
	Limits   *httpkit.Limiters
	Log      *slog.Logger
	Now      func() time.Time
	// Node names this server among those sharing the database: the
	// director of the tournaments it leads.
	Node string
	// MinClock is the shortest time control a game may have.
	MinClock time.Duration
	// Life runs the director until it stops; nil runs none (tests call
	// Tick).
	Life *life.Group
	// Every is how often the director looks at its tournaments
	// (DefaultEvery); LeaseTTL how long a director's lease lasts without
	// renewal (DefaultLeaseTTL).
	Every, LeaseTTL time.Duration
	// Events are the operator's recurring events (the events file).
	Events []Event
	// MinMinutes is the shortest arena (MinMinutes when 0); tests
	// shorten it, as they shorten the shortest clock.
	MinMinutes int
}

// Defaults of Config.
const (
	DefaultEvery    = time.Second
	DefaultLeaseTTL = 15 * time.Second
)

// Service is a node's part in tournaments: the API and the director.
type Service struct {
	st       *Store
	games    Games
	announce Announcer
	accounts *account.Accounts
	limits   *httpkit.Limiters
	log      *slog.Logger
	now      func() time.Time
	node     string
	minClock time.Duration
	every    time.Duration
	leaseTTL time.Duration
	events   []Event
	// minMinutes is the shortest arena.
	minMinutes int
	// creates bounds how often an account creates tournaments, actions
	// how often a client or account changes anything.
	creates, actions *limit.Rate

	// tickMu keeps one director pass at a time on this node; checked is
	// when each game under way was last looked up in the store (under
	// tickMu).
	tickMu  sync.Mutex
	checked map[string]time.Time
}

// Open opens the tournaments' store and, with cfg.Life, starts the
// director.
func Open(ctx context.Context, cfg Config) (*Service, error) {
	st, err := OpenStore(ctx, cfg.DB)
	if err != nil {
		return nil, err
	}
	s := &Service{st: st, games: cfg.Games, announce: cfg.Announce, accounts: cfg.Accounts, limits: cfg.Limits,
		log: cfg.Log, now: cfg.Now, node: cfg.Node, minClock: cfg.MinClock, every: cfg.Every, leaseTTL: cfg.LeaseTTL,
		events: cfg.Events, creates: limit.NewRate(CreatesPerMinute, CreatesBurst),
		actions: limit.NewRate(ActionsPerMinute, ActionsBurst), checked: map[string]time.Time{}}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.every <= 0 {
		s.every = DefaultEvery
	}
	if s.leaseTTL <= 0 {
		s.leaseTTL = DefaultLeaseTTL
	}
	if s.minMinutes = cfg.MinMinutes; s.minMinutes <= 0 {
		s.minMinutes = MinMinutes
	}
	if s.node == "" {
		s.node = "local"
	}
	if cfg.Life != nil {
		cfg.Life.Go(func() { cfg.Life.Every(s.every, func() { s.Tick(cfg.Life.Context()) }) })
	}
	return s, nil
}

// Store is the service's store (tests read it).
func (s *Service) Store() *Store { return s.st }
