package secret

import (
	"regexp"
	"testing"
)

func TestSecrets(t *testing.T) {
	a, ha := New()
	b, hb := New()
	if a == b || ha == hb {
		t.Fatal("two secrets are the same")
	}
	if Hash(a) != ha || Hash(b) != hb {
		t.Fatal("a secret's hash is not the one New gave")
	}
	// The stored form is the SHA-256 of the secret: stored hashes of older
	// builds must go on matching.
	if got := Hash("abc"); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Fatalf("Hash(abc) = %s", got)
	}
	if !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(a) {
		t.Fatalf("secret %q", a)
	}
	if id := ID(); !regexp.MustCompile(`^[0-9a-f]{12}$`).MatchString(id) || id == ID() {
		t.Fatalf("id %q", id)
	}
}

func TestIsID(t *testing.T) {
	for _, c := range []struct {
		id   string
		want bool
	}{
		{ID(), true},
		{"abc-DEF_123", true},
		{string(make([]byte, 64)), false},
		{"", false},
		{"../etc", false},
		{"a b", false},
		{"é", false},
		{"a/b", false},
	} {
		if got := IsID(c.id); got != c.want {
			t.Errorf("IsID(%q) = %v, want %v", c.id, got, c.want)
		}
	}
	long := make([]byte, 65)
	for i := range long {
		long[i] = 'a'
	}
	if IsID(string(long)) || !IsID(string(long[:64])) {
		t.Error("the length bound is not 64")
	}
}
