package store

import (
	"context"
	"net/url"
	"strings"
	"time"
)

// openTimeout bounds connecting to PostgreSQL and migrating its schema when
// the caller of Open gives no context.
const openTimeout = 30 * time.Second

// Open opens the store named by target: a postgres:// or postgresql:// URL
// selects PostgreSQL, anything else is the path of a SQLite file, created if
// needed.
func Open(target string) (Store, error) {
	if IsPostgres(target) {
		ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
		defer cancel()
		return OpenPostgres(ctx, target)
	}
	return OpenSQLite(target)
}

// IsPostgres reports whether target is a PostgreSQL URL rather than a file.
func IsPostgres(target string) bool {
	return strings.HasPrefix(target, "postgres://") || strings.HasPrefix(target, "postgresql://")
}

// Redact returns target fit for a log line: a PostgreSQL URL loses its
// password, wherever it was written; a file path is returned as it is.
func Redact(target string) string {
	if !IsPostgres(target) {
		return target
	}
	u, err := url.Parse(target)
	if err != nil {
		// An unparsable URL may still hold a secret; show only its scheme.
		return target[:strings.Index(target, "://")+3] + "…"
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}
