package account

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"
	"time"

	"wyrm/rating"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/limit"
	"wyrm/server/store"
)

// Accounts keeps users, their sessions, ratings and results in the game
// database, beside the store's tables. It is safe for concurrent use.
type Accounts struct {
	db  store.DB
	d   store.Dialect
	cfg Config
	// dummy is a hash of no one's password, checked when a sign-in names
	// an unknown user so that it takes as long as one that names a known
	// user.
	dummy string
	// hashing bounds the argon2 runs at once: each takes MemoryKiB.
	hashing chan struct{}
	// waiting counts the requests waiting for a hashing slot, up to
	// cfg.MaxHashWaiting.
	waiting atomic.Int64
	// hashes counts argon2 runs, so tests see that every sign-in costs
	// one whatever the name.
	hashes atomic.Int64
}

// Config holds the choices of an Accounts; a zero field takes its default.
type Config struct {
	// Params are the costs of new password hashes (DefaultParams).
	Params Params
	// SessionTTL is how long a session lasts unused (30 days); each use
	// moves its end forward.
	SessionTTL time.Duration
	// TouchEvery is how stale a session's last-seen time may grow before
	// a use writes it (1 hour), so that each request is not a write.
	TouchEvery time.Duration
	// LoginPerAddress, LoginPerNameAddress and LoginPerName limit sign-in
	// attempts (LoginPerAddress sign-ups too): from one address, for one
	// name from one address, and for one name from everywhere (defaults
	// DefaultLoginPer...). Only their sizes are read: the buckets are kept
	// in the database, shared by every node (guesses.go).
	LoginPerName, LoginPerAddress, LoginPerNameAddress *limit.Rate
	// MaxHashing bounds the password hashes computed at once (GOMAXPROCS).
	MaxHashing int
	// MaxHashWaiting bounds the requests waiting for one of those
	// (DefaultHashWaitingPerSlot a slot), and HashWait how long one waits
	// (DefaultHashWait): past either, a sign-in is refused at once with
	// ErrHashingBusy, rather than a crowd queueing a real user's sign-in
	// behind it for many seconds.
	MaxHashWaiting int
	HashWait       time.Duration
	// Rating holds the rating systems' parameters (rating.Default).
	Rating rating.Config
	// Now is the clock (time.Now); tests set it.
	Now func() time.Time
}

// The default sign-in limits: for one name from one address, bursts of 10
// and then 2 a minute, which leaves a person who mistypes plenty and a
// guesser there under 3000 tries a day; per address, bursts of 30 and
// then 10 a minute, for several people behind one address; for one name
// from everywhere, bursts of 100 and then 10 a minute, more than one
// address's share can spend, so that a stranger cannot lock an owner out.
const (
	DefaultLoginPerNameAddressPerMinute, DefaultLoginPerNameAddressBurst = 2, 10
	DefaultLoginPerAddressPerMinute, DefaultLoginPerAddressBurst         = 10, 30
	DefaultLoginPerNamePerMinute, DefaultLoginPerNameBurst               = 10, 100
)

// The default queue of password hashing: four waiting a slot, which at a
// tenth of a second a hash is under half a second's wait, and at most two
// seconds of waiting in any case.
const (
	DefaultHashWaitingPerSlot = 4
	DefaultHashWait           = 2 * time.Second
)

func (c Config) withDefaults() Config {
	if c.Params == (Params{}) {
		c.Params = DefaultParams
	}
	if c.SessionTTL == 0 {
		c.SessionTTL = 30 * 24 * time.Hour
	}
	if c.TouchEvery == 0 {
		c.TouchEvery = time.Hour
	}
	if c.LoginPerName == nil {
		c.LoginPerName = limit.NewRate(DefaultLoginPerNamePerMinute, DefaultLoginPerNameBurst)
	}
	if c.LoginPerNameAddress == nil {
		c.LoginPerNameAddress = limit.NewRate(DefaultLoginPerNameAddressPerMinute, DefaultLoginPerNameAddressBurst)
	}
	if c.LoginPerAddress == nil {
		c.LoginPerAddress = limit.NewRate(DefaultLoginPerAddressPerMinute, DefaultLoginPerAddressBurst)
	}
	if c.MaxHashing == 0 {
		c.MaxHashing = runtime.GOMAXPROCS(0)
	}
	if c.MaxHashWaiting == 0 {
		c.MaxHashWaiting = DefaultHashWaitingPerSlot * c.MaxHashing
	}
	if c.HashWait == 0 {
		c.HashWait = DefaultHashWait
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Open opens the accounts kept in the game database db (the store),
// bringing their tables up to date.
func Open(ctx context.Context, db store.DB, cfg Config) (*Accounts, error) {
	cfg = cfg.withDefaults()
	if err := migrate(ctx, db); err != nil {
		return nil, fmt.Errorf("open accounts: %w", err)
	}
	a := &Accounts{db: db, d: db.Dialect(), cfg: cfg, hashing: make(chan struct{}, cfg.MaxHashing)}
	a.dummy = hashPassword("not anyone's password", cfg.Params)
	return a, nil
}

// Close releases what Open made: nothing today, since the database is the
// store's and stays open for it; callers still close, so that a later
// Accounts may hold more.
func (a *Accounts) Close() error { return nil }

// The errors a client may see, each with its code.
var (
	// ErrBadCredentials: the name is unknown or the password wrong; which
	// of the two is not said.
	ErrBadCredentials = &apierr.Error{Code: apierr.Forbidden, Message: "wrong user name or password"}
	// ErrNameTaken: the name, in any case, belongs to another account.
	ErrNameTaken = &apierr.Error{Code: apierr.Conflict, Message: "that user name is taken"}
	// ErrNotSignedIn: no session, an unknown one, or one that has ended.
	ErrNotSignedIn = httpkit.ErrNotSignedIn
	// ErrNoUser: no account has that name or id.
	ErrNoUser = &apierr.Error{Code: apierr.NotFound, Message: "no such user"}
)

// RetryError is a TooMany error that says when to try again: the server
// sends After as Retry-After.
type RetryError struct {
	Err   error
	After time.Duration
}

func (e *RetryError) Error() string { return e.Err.Error() }
func (e *RetryError) Unwrap() error { return e.Err }

// hash returns password's hash with the configured parameters, waiting
// for a free hashing slot.
func (a *Accounts) hash(ctx context.Context, password string) (string, error) {
	if err := a.acquire(ctx); err != nil {
		return "", err
	}
	defer a.release()
	a.hashes.Add(1)
	return hashPassword(password, a.cfg.Params), nil
}

// check compares password with phc, waiting for a free hashing slot.
func (a *Accounts) check(ctx context.Context, password, phc string) (ok, stale bool, err error) {
	if err := a.acquire(ctx); err != nil {
		return false, false, err
	}
	defer a.release()
	a.hashes.Add(1)
	return checkPassword(password, phc, a.cfg.Params)
}

// ErrHashingBusy refuses a sign-in, sign-up or password change that found
// the password hashing's queue full, or waited its longest in it.
var ErrHashingBusy = &RetryError{
	Err:   apierr.New(apierr.TooMany, "the server is busy checking passwords; try again in a moment"),
	After: time.Second,
}

// acquire takes a hashing slot: at once if one is free, else after a
// wait in a queue of bounded length and time, so that a crowd of
// sign-ins is refused early instead of holding everyone behind it.
func (a *Accounts) acquire(ctx context.Context) error {
	select {
	case a.hashing <- struct{}{}:
		return nil
	default:
	}
	if a.waiting.Add(1) > int64(a.cfg.MaxHashWaiting) {
		a.waiting.Add(-1)
		return ErrHashingBusy
	}
	defer a.waiting.Add(-1)
	t := time.NewTimer(a.cfg.HashWait)
	defer t.Stop()
	select {
	case a.hashing <- struct{}{}:
		return nil
	case <-t.C:
		return ErrHashingBusy
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (a *Accounts) release() { <-a.hashing }

// internal wraps a database failure as an Internal error that keeps its
// details for the server's log.
func internal(what string, err error) error {
	if err == nil {
		return nil
	}
	var e *apierr.Error
	if errors.As(err, &e) {
		return err
	}
	return fmt.Errorf("account: %s: %w", what, err)
}

func nowMs() int64 { return time.Now().UnixMilli() }

func fromMs(ms int64) time.Time { return time.UnixMilli(ms) }
