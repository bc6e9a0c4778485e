package chat

import (
	"context"
	"log/slog"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/limit"
)

// Config sets up the games' chat.
type Config struct {
	// Store keeps what is said; nil turns chat off.
	Store *Store
	// Filter refuses messages holding a term the operator banned; nil
	// refuses none.
	Filter *Filter
	// Limits bound how fast people talk; zero fields take DefaultLimits.
	Limits Limits
	// Mutes says which accounts a moderator muted; nil mutes nobody.
	Mutes Mutes
}

// Mutes tells the chat until when a moderator muted an account
// (server/moderation); the zero time is not muted.
type Mutes interface {
	MutedUntil(ctx context.Context, user int64) (time.Time, error)
}

// Limits bound chat messages, reports and blocks. Each is a rate a minute
// with a burst; they are counted on the node that serves the game.
type Limits struct {
	// SeatPerMinute and SeatBurst bound one seat's messages (a spectator's:
	// one connection's).
	SeatPerMinute, SeatBurst int
	// AccountPerMinute and AccountBurst bound one account's messages over
	// all its games and tabs.
	AccountPerMinute, AccountBurst int
	// AddressPerMinute and AddressBurst bound the messages from one client
	// address, which several people may share.
	AddressPerMinute, AddressBurst int
	// ReportsPerMinute and ReportsBurst bound reports and blocks, per
	// account and per address.
	ReportsPerMinute, ReportsBurst int
}

// DefaultLimits are the chat limits of a server that sets none: a message
// every three seconds for a while, in bursts of five.
var DefaultLimits = Limits{
	SeatPerMinute: 20, SeatBurst: 5,
	AccountPerMinute: 30, AccountBurst: 10,
	AddressPerMinute: 60, AddressBurst: 20,
	ReportsPerMinute: 10, ReportsBurst: 5,
}

// Service is a server's chat: where it is kept, its filter and its
// limits. A nil *Service is a server whose chat is off.
type Service struct {
	store                   *Store
	filter                  *Filter
	mutes                   Mutes
	seat, account, address  *limit.Rate
	reports, reportsAddress *limit.Rate
	// spectators is whether spectators may write at all: only with
	// accounts, so that every spectator who speaks can be blocked.
	spectators bool
	limits     *httpkit.Limiters
	log        *slog.Logger
	now        func() time.Time
}

// NewService returns the chat of cfg, nil when it is off. accounts says
// whether the server has accounts (without them only players chat); ls are
// the server's limiters, which count the chat's refusals.
func NewService(cfg Config, accounts bool, ls *httpkit.Limiters, log *slog.Logger, now func() time.Time) *Service {
	if cfg.Store == nil {
		return nil
	}
	l, def := cfg.Limits, DefaultLimits
	rate := limit.NewRateOr
	return &Service{store: cfg.Store, filter: cfg.Filter, mutes: cfg.Mutes, spectators: accounts, limits: ls, log: log, now: now,
		seat:           rate(l.SeatPerMinute, l.SeatBurst, def.SeatPerMinute, def.SeatBurst),
		account:        rate(l.AccountPerMinute, l.AccountBurst, def.AccountPerMinute, def.AccountBurst),
		address:        rate(l.AddressPerMinute, l.AddressBurst, def.AddressPerMinute, def.AddressBurst),
		reports:        rate(l.ReportsPerMinute, l.ReportsBurst, def.ReportsPerMinute, def.ReportsBurst),
		reportsAddress: rate(l.ReportsPerMinute, l.ReportsBurst, def.ReportsPerMinute, def.ReportsBurst),
	}
}

// Store is where the chat is kept (nil when chat is off).
func (s *Service) Store() *Store {
	if s == nil {
		return nil
	}
	return s.store
}

var errChatOff = apierr.New(apierr.Conflict, "chat is off on this server")

// timeout bounds the database work of one chat message.
const timeout = 10 * time.Second
