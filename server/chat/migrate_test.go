package chat

import (
	"context"
	"errors"
	"testing"

	"wyrm/internal/sqlmigrate"
)

// A database whose chat tables a newer wyrm migrated is refused with the
// one schema error.
func TestSchemaTooNew(t *testing.T) {
	forEach(t, func(t *testing.T, c *Store, reopen func() *Store) {
		ctx := context.Background()
		if _, err := c.db.ExecContext(ctx, "INSERT INTO chat_schema_version(version, applied_ms) VALUES(?, 0)", 999); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(ctx, c.db); !errors.Is(err, sqlmigrate.ErrSchemaTooNew) {
			t.Fatalf("newer schema: %v", err)
		}
	})
}
