package web

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestNodeUnitTests runs the unit tests of the app's pure modules
// (tests/*.test.mjs) with node's own test runner, so that `go test ./...`
// runs them too. Without node they are skipped, except in CI (CI=true),
// which must run them.
func TestNodeUnitTests(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not on PATH; CI must run the web app's unit tests (tests/*.test.mjs)")
		}
		t.Skip("node is not on PATH: the web app's unit tests (tests/*.test.mjs) are skipped")
	}
	files, err := filepath.Glob(filepath.Join("tests", "*.test.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no tests/*.test.mjs to run")
	}
	// The files are named: node 20 reads a directory argument as a file.
	cmd := exec.Command(node, append([]string{"--test", "--test-reporter=spec"}, files...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	if testing.Verbose() {
		t.Logf("%s", out)
	}
}
