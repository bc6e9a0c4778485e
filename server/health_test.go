package server

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"wyrm/internal/buildinfo"
)

// /healthz says which wyrm answers, so that an operator sees a rolling
// upgrade's progress node by node.
func TestHealthSaysTheVersion(t *testing.T) {
	h := newHarness(t, filepath.Join(t.TempDir(), "w.db"))
	code, body := h.get("/healthz")
	var got map[string]any
	if err := json.Unmarshal([]byte(body), &got); err != nil || code != 200 || got["version"] != buildinfo.Version() {
		t.Errorf("healthz: %d %s", code, body)
	}
}
