package store

import (
	"database/sql"

	"github.com/jackc/pgx/v5/pgxpool"
)

// DB returns the store's database handle, so that other tables of the same
// file (server/account's) are written through its one connection, in turn
// with the store's own writes.
func (s *SQLite) DB() *sql.DB { return s.db }

// Pool returns the store's connection pool, so that other tables of the
// same database (server/account's) share its connections.
func (p *Postgres) Pool() *pgxpool.Pool { return p.pool }
