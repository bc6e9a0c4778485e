//go:build !(js && wasm)

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var (
	buildOnce sync.Once
	builtDir  string
	buildErr  error
)

// TestMain removes the engine the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if builtDir != "" {
		os.RemoveAll(builtDir)
	}
	os.Exit(code)
}

// built returns a directory holding the engine built from the current
// source with the worker script beside it, as web/static holds them; the
// build runs once for all tests.
func built(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("building the WebAssembly engine takes a while; not in -short mode")
	}
	buildOnce.Do(func() {
		if builtDir, buildErr = os.MkdirTemp("", "wyrm-wasm"); buildErr != nil {
			return
		}
		if buildErr = buildWasm(builtDir); buildErr != nil {
			return
		}
		var js []byte
		if js, buildErr = wasmExecSource(); buildErr != nil {
			return
		}
		if buildErr = os.WriteFile(filepath.Join(builtDir, wasmExecJS), js, 0o644); buildErr != nil {
			return
		}
		worker, err := os.ReadFile(filepath.Join("..", "..", "web", "static", "engine-worker.js"))
		if buildErr = err; err == nil {
			buildErr = os.WriteFile(filepath.Join(builtDir, "engine-worker.js"), worker, 0o644)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtDir
}

// TestCommittedEngineIsCurrent: web/static holds the engine as the current
// source builds it, with the wasm_exec.js of the Go that built it. Go
// builds are reproducible only with the same Go version, so with another
// one the check is skipped (it fails under CI=true instead, as the browser
// tests do).
func TestCommittedEngineIsCurrent(t *testing.T) {
	dir := built(t)
	static := filepath.Join("..", "..", "web", "static")
	committed, err := os.ReadFile(filepath.Join(static, wasmFile))
	if err != nil {
		t.Fatalf("%v: run go generate ./cmd/wyrm-wasm", err)
	}
	version, err := goEnv("GOVERSION")
	if err != nil {
		t.Fatal(err)
	}
	// The runtime keeps its version string in the binary.
	if !bytes.Contains(committed, []byte(version)) {
		msg := "web/static/" + wasmFile + " was not built by " + version + ", so rebuilding it here cannot reproduce it"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + "; regenerate it with the Go that CI uses")
		}
		t.Skip(msg)
	}
	fresh, err := os.ReadFile(filepath.Join(dir, wasmFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, fresh) {
		t.Errorf("web/static/%s (%d bytes) is not what the source builds (%d bytes): run go generate ./cmd/wyrm-wasm and commit the result",
			wasmFile, len(committed), len(fresh))
	}
	js, err := os.ReadFile(filepath.Join(static, wasmExecJS))
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := os.ReadFile(filepath.Join(dir, wasmExecJS)); !bytes.Equal(js, want) {
		t.Errorf("web/static/%s is not the one of %s: run go generate ./cmd/wyrm-wasm", wasmExecJS, version)
	}
}

// nodePath finds Node.js or skips.
func nodePath(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found: skipping the tests of the engine as WebAssembly")
	}
	return p
}
