package server

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestErrorMessagesAreBounded(t *testing.T) {
	long := "illegal move " + strings.Repeat("é", 5000) + " is not a move"
	msg := errorMsg(3, long)["message"].(string)
	if len(msg) > 300 || !utf8.ValidString(msg) || !strings.HasPrefix(msg, "illegal move ") || !strings.HasSuffix(msg, " is not a move") {
		t.Fatalf("message of %d bytes: %.40q", len(msg), msg)
	}
	if short := errorMsg(1, "not your turn")["message"]; short != "not your turn" {
		t.Fatalf("short message changed: %q", short)
	}
}
