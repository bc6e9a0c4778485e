package main

import (
	"fmt"
	"io"

	"wyrm/internal/buildinfo"
)

// runVersion prints which wyrm this is.
func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "wyrm version: takes no arguments")
		return 2
	}
	fmt.Fprintln(stdout, buildinfo.Describe())
	return 0
}
