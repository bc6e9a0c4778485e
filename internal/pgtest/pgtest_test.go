package pgtest

import (
	"errors"
	"fmt"
	"os"
	"testing"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// verdict records how unavailable ended a test instead of ending it.
type verdict struct {
	testing.TB
	got string
}

func (v *verdict) Helper()                      {}
func (v *verdict) Skipf(f string, args ...any)  { v.got = "skip: " + fmt.Sprintf(f, args...) }
func (v *verdict) Fatalf(f string, args ...any) { v.got = "fail: " + fmt.Sprintf(f, args...) }

func TestMissingPostgresSkipsExceptInCI(t *testing.T) {
	for _, c := range []struct {
		ci      string
		missing bool
		want    string
	}{
		{"", true, "skip"},
		{"false", true, "skip"},
		{"true", true, "fail"},
		{"", false, "fail"},
		{"true", false, "fail"},
	} {
		t.Setenv("CI", c.ci)
		v := &verdict{TB: t}
		unavailable(v, errors.New("no initdb"), c.missing)
		if len(v.got) < 4 || v.got[:4] != c.want {
			t.Errorf("CI=%q missing=%v: %q, want %s", c.ci, c.missing, v.got, c.want)
		}
	}
}

func TestNewDBGivesSeparateDatabases(t *testing.T) {
	a, b := NewDB(t), NewDB(t)
	if a == b {
		t.Fatalf("two tests share database %s", a)
	}
}
