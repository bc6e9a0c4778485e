package buildinfo

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionFromBuildInfo(t *testing.T) {
	for _, c := range []struct {
		bi   debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"}, // go run
		{debug.BuildInfo{}, "devel"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "4aa24b7f0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f"}, {Key: "vcs.modified", Value: "false"}}}, "devel+4aa24b7f0c1d"},
		{debug.BuildInfo{Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "4aa24b7"}, {Key: "vcs.modified", Value: "true"}}}, "devel+4aa24b7-dirty"},
	} {
		if got := version(&c.bi); got != c.want {
			t.Errorf("version(%+v) = %q, want %q", c.bi, got, c.want)
		}
	}
	if d := Describe(); !strings.HasPrefix(d, "wyrm "+Version()) || !strings.Contains(d, "go1.") {
		t.Errorf("Describe() = %q", d)
	}
}
