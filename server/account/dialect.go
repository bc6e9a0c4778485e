package account

import (
	"strconv"
	"strings"
)

// dialect is what differs between the two databases for this package's
// statements, which are written once with ? placeholders.
type dialect struct {
	name string // the migrations folder: "sqlite" or "postgres"
	// dollar numbers placeholders $1, $2... (PostgreSQL) instead of ?.
	dollar bool
	// forUpdate locks the rows a SELECT reads until the transaction ends;
	// SQLite needs none, since its transactions take the write lock at
	// BEGIN.
	forUpdate string
}

var (
	sqliteDialect   = dialect{name: "sqlite"}
	postgresDialect = dialect{name: "postgres", dollar: true, forUpdate: " FOR UPDATE"}
)

// q returns query in d's placeholder style. The statements here hold no ?
// inside string literals, so every ? is a placeholder.
func (d dialect) q(query string) string {
	if !d.dollar {
		return query
	}
	var b strings.Builder
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
