package play

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"wyrm/server/apierr"
)

func TestErrorMessagesAreBounded(t *testing.T) {
	long := "illegal move " + strings.Repeat("é", 5000) + " is not a move"
	list := strings.Repeat("your army has 3 Hero but 0 are placed\n", 12)
	if m := errorMsg(1, apierr.New(apierr.Invalid, "%s", list)); m["message"] != list {
		t.Fatalf("a list of objections was cut: %q", m["message"])
	}
	m := errorMsg(3, apierr.New(apierr.Invalid, "%s", long))
	msg := m["message"].(string)
	if len(msg) > 2100 || !utf8.ValidString(msg) || !strings.HasPrefix(msg, "illegal move ") || !strings.HasSuffix(msg, " is not a move") {
		t.Fatalf("message of %d bytes: %.40q", len(msg), msg)
	}
	if m["code"] != "invalid" {
		t.Fatalf("code %v", m["code"])
	}
	if short := errorMsg(1, apierr.New(apierr.NotYourTurn, "not your turn")); short["message"] != "not your turn" || short["code"] != "not_your_turn" {
		t.Fatalf("short message changed: %v", short)
	}
	// A fault without a code (storage, a bug) tells the client nothing of
	// its details.
	if f := errorMsg(1, errors.New("database disk image is malformed")); f["code"] != "internal" || strings.Contains(f["message"].(string), "disk") {
		t.Fatalf("fault leaked: %v", f)
	}
}
