//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// main, on the host, writes the browser engine into web/static: what
// "go generate ./cmd/wyrm-wasm" runs.
func main() {
	if err := generate(); err != nil {
		fmt.Fprintln(os.Stderr, "wyrm-wasm:", err)
		os.Exit(1)
	}
}

func generate() error {
	dir, err := staticDir()
	if err != nil {
		return err
	}
	if err := buildWasm(dir); err != nil {
		return err
	}
	// go build makes it executable, which a browser's file is not.
	if err := os.Chmod(filepath.Join(dir, wasmFile), 0o644); err != nil {
		return err
	}
	js, err := wasmExecSource()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, wasmExecJS), js, 0o644); err != nil {
		return err
	}
	fmt.Println("wrote", filepath.Join("web", "static", wasmFile), "and", filepath.Join("web", "static", wasmExecJS))
	return nil
}
