// Package buildinfo says which wyrm is running, from what the Go toolchain
// recorded in the binary: the module's version when built from a tagged
// module, else the commit it was built from. A binary built without
// version control information (go run, tests) is "devel".
package buildinfo

import (
	"runtime/debug"
	"strings"
)

// Version is the running wyrm's version in one word: v1.2.3, or
// devel+<commit> (with -dirty when built from uncommitted changes), or
// devel.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return version(bi)
}

// version is Version of given build information.
func version(bi *debug.BuildInfo) string {
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if rev == "" {
		return "devel"
	}
	return "devel+" + rev[:min(12, len(rev))] + dirty
}

// Describe is the version with what else the build recorded: the commit's
// time and the Go toolchain, for `wyrm version`.
func Describe() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "wyrm devel (no build information)"
	}
	parts := []string{"wyrm", version(bi)}
	for _, s := range bi.Settings {
		if s.Key == "vcs.time" {
			parts = append(parts, "committed "+s.Value)
		}
	}
	return strings.Join(append(parts, bi.GoVersion), " ")
}
