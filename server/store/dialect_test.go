package store

import "testing"

func TestPlaceholders(t *testing.T) {
	q := "UPDATE t SET a = ?, b = ? WHERE c = ?"
	if got := SQLiteDialect.Rebind(q); got != q {
		t.Errorf("sqlite: %s", got)
	}
	if got := PostgresDialect.Rebind(q); got != "UPDATE t SET a = $1, b = $2 WHERE c = $3" {
		t.Errorf("postgres: %s", got)
	}
	// A statement already rebound is left as it is.
	if got := PostgresDialect.Rebind("DELETE FROM t WHERE a = $1"); got != "DELETE FROM t WHERE a = $1" {
		t.Errorf("postgres, twice: %s", got)
	}
}
