//go:build !(js && wasm)

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The browser engine's files under web/static.
const (
	wasmFile   = "engine.wasm"
	wasmExecJS = "wasm_exec.js"
)

// goEnv runs "go env name".
func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// staticDir is web/static in the module holding this package.
func staticDir() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		return "", fmt.Errorf("finding the module: %v", err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), "web", "static"), nil
}

// buildWasm builds this command for the browser into dir/engine.wasm. The
// flags make the file depend only on the source and the Go version: no
// paths (-trimpath), no version control stamp, no symbol table or debug
// information (which also keeps it small).
func buildWasm(dir string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w",
		"-o", filepath.Join(dir, wasmFile), "wyrm/cmd/wyrm-wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=", "GOWASM=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building %s: %v\n%s", wasmFile, err, stderr.String())
	}
	return nil
}

// wasmExecSource is the wasm_exec.js of the Go that builds the engine:
// the JavaScript half of its runtime, which must match the .wasm.
func wasmExecSource() ([]byte, error) {
	root, err := goEnv("GOROOT")
	if err != nil {
		return nil, err
	}
	for _, dir := range []string{"lib/wasm", "misc/wasm"} { // Go 1.24 moved it
		if b, err := os.ReadFile(filepath.Join(root, dir, wasmExecJS)); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("no %s under %s", wasmExecJS, root)
}
