package challenge

import (
	"context"
	"errors"
	"testing"

	"wyrm/internal/sqlmigrate"
)

// A database whose challenge tables a newer wyrm migrated is refused with
// the one schema error.
func TestSchemaTooNew(t *testing.T) {
	forEach(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		if _, err := e.st.ExecContext(ctx, "INSERT INTO challenge_schema_version(version, applied_ms) VALUES(?, 0)", 999); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(ctx, e.st, Config{}); !errors.Is(err, sqlmigrate.ErrSchemaTooNew) {
			t.Fatalf("newer schema: %v", err)
		}
	})
}
