package sqlmigrate

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestLoadWantsNumberedStepsWithoutGaps(t *testing.T) {
	ok := fstest.MapFS{"m/0001_a.sql": {Data: []byte("A")}, "m/0002_b.sql": {Data: []byte("B")}}
	steps, err := Load(ok, "m")
	if err != nil || len(steps) != 2 || steps[1].Version != 2 || steps[1].SQL != "B" || steps[0].Name != "0001_a.sql" {
		t.Fatalf("Load = %+v, %v", steps, err)
	}
	for name, fsys := range map[string]fstest.MapFS{
		"want number 2":  {"m/0001_a.sql": {}, "m/0003_c.sql": {}},
		"NNNN_what.sql":  {"m/0001_a.sql": {}, "m/readme.txt": {}},
		"not named NNNN": {"m/one_a.sql": {}},
	} {
		if _, err := Load(fsys, "m"); err == nil || !strings.Contains(err.Error(), strings.TrimSpace(name)) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
