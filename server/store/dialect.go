package store

import (
	"strconv"
	"strings"
)

// Dialect is what differs between SQLite and PostgreSQL for the statements
// of a feature package, which are written once, with ? placeholders.
type Dialect struct {
	// Name is "sqlite" or "postgres": a feature whose migrations differ
	// between the two keeps each one's in a folder of that name.
	Name string
	// Shared reports a database that several nodes use at once
	// (PostgreSQL). A feature then orders its writers with advisory locks
	// and tells the other nodes of its changes with notifications
	// (DB.Subscribe); a SQLite file has one process, whose transactions
	// are serial already.
	Shared bool
	// ForUpdate ends a SELECT whose rows must stay locked until its
	// transaction ends. It is empty on SQLite, whose transactions take the
	// write lock at BEGIN.
	ForUpdate string
	// dollar numbers placeholders $1, $2... instead of ?.
	dollar bool
}

// The two dialects.
var (
	SQLiteDialect   = Dialect{Name: "sqlite"}
	PostgresDialect = Dialect{Name: "postgres", Shared: true, ForUpdate: " FOR UPDATE", dollar: true}
)

// Rebind returns query with its ? placeholders in d's style: $1, $2... on
// PostgreSQL. A feature's statements hold no ? inside string literals, so
// every ? is a placeholder; a statement already rebound has none left,
// so rebinding it again changes nothing.
func (d Dialect) Rebind(query string) string {
	if !d.dollar || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
