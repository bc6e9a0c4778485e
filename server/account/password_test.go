package account

import (
	"strings"
	"testing"
	"time"
)

func TestPasswordHashRoundTrip(t *testing.T) {
	phc := hashPassword("hunter22", cheap)
	if !strings.HasPrefix(phc, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("hash %s", phc)
	}
	if phc == hashPassword("hunter22", cheap) {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	ok, stale, err := checkPassword("hunter22", phc, cheap)
	if err != nil || !ok || stale {
		t.Fatalf("right password: %v %v %v", ok, stale, err)
	}
	for _, wrong := range []string{"hunter23", "Hunter22", "hunter22 ", ""} {
		if ok, _, _ := checkPassword(wrong, phc, cheap); ok {
			t.Errorf("%q matched", wrong)
		}
	}
	other := cheap
	other.Time = 3
	if _, stale, _ := checkPassword("hunter22", phc, other); !stale {
		t.Error("a hash of other parameters is not stale")
	}
}

func TestParseHashRefusesOtherStrings(t *testing.T) {
	good := hashPassword("x", cheap)
	parts := strings.Split(good, "$")
	with := func(i int, v string) string {
		p := append([]string(nil), parts...)
		p[i] = v
		return strings.Join(p, "$")
	}
	for _, bad := range []string{
		"", "plain", "$2a$10$abcdefghijklmnopqrstuv", // bcrypt
		with(1, "argon2i"), with(2, "v=16"), with(3, "m=64,t=1"), with(3, "m=64,t=0,p=1"),
		with(3, "m=64,t=1,p=0"), with(3, "m=64,t=1,p=1x"), with(3, "m=+64,t=1,p=1"), with(3, "m=64,t=1,p=300"),
		with(4, "!!"), with(5, ""), good + "$extra",
	} {
		if _, _, _, err := parseHash(bad); err == nil {
			t.Errorf("parsed %q", bad)
		}
		if ok, _, err := checkPassword("x", bad, cheap); ok || err == nil {
			t.Errorf("checked %q: %v %v", bad, ok, err)
		}
	}
}

// The default costs are what the package says: argon2id over 64 MiB,
// taking tens of milliseconds, not microseconds.
func TestDefaultParams(t *testing.T) {
	if testing.Short() {
		t.Skip("hashes 64 MiB")
	}
	start := time.Now()
	phc := hashPassword("a real password", DefaultParams)
	took := time.Since(start)
	p, salt, key, err := parseHash(phc)
	if err != nil || p != DefaultParams || len(salt) != 16 || len(key) != 32 {
		t.Fatalf("%s: %+v %v", phc, p, err)
	}
	if took < 10*time.Millisecond {
		t.Errorf("a default hash took %v: too cheap to slow down guessing", took)
	}
	t.Logf("one default hash: %v", took)
	if ok, stale, err := checkPassword("a real password", phc, DefaultParams); !ok || stale || err != nil {
		t.Fatalf("%v %v %v", ok, stale, err)
	}
}
