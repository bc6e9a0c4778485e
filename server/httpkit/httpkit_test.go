package httpkit

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"wyrm/server/apierr"
)

// An error returned by a handler is answered once, with its code's status,
// a body naming the code, and Retry-After when it says when to retry.
func TestFuncAnswersItsError(t *testing.T) {
	cases := []struct {
		name   string
		err    error
		status int
		code   string
		retry  string
	}{
		{"conflict", apierr.New(apierr.Conflict, "the game is over"), 409, "conflict", ""},
		{"not found", apierr.New(apierr.NotFound, "no such game"), 404, "not_found", ""},
		{"retry rounds up", Retry(apierr.New(apierr.TooMany, "slow down"), 1500*time.Millisecond), 429, "too_many", "2"},
		{"wrapped retry", errors.Join(Retry(apierr.New(apierr.TooMany, "slow"), time.Second)), 429, "too_many", "1"},
		{"plain error hides details", errors.New("disk on fire"), 500, "internal", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			Func(func(http.ResponseWriter, *http.Request) error { return c.err }).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
			if rec.Code != c.status {
				t.Fatalf("status %d, want %d", rec.Code, c.status)
			}
			var body map[string]string
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body["code"] != c.code {
				t.Fatalf("body %q (%v), want code %q", rec.Body, err, c.code)
			}
			if strings.Contains(body["error"], "disk") {
				t.Fatalf("a server fault's details reached the client: %q", body["error"])
			}
			if got := rec.Header().Get("Retry-After"); got != c.retry {
				t.Fatalf("Retry-After %q, want %q", got, c.retry)
			}
		})
	}
}

// A handler that succeeds writes its own answer and nothing else.
func TestFuncWithoutErrorWritesNothingMore(t *testing.T) {
	rec := httptest.NewRecorder()
	Func(func(w http.ResponseWriter, _ *http.Request) error {
		WriteJSON(w, http.StatusCreated, map[string]int{"n": 1})
		return nil
	}).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusCreated || strings.TrimSpace(rec.Body.String()) != `{"n":1}` {
		t.Fatalf("%d %q", rec.Code, rec.Body)
	}
	if rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatal("answers must not be cached")
	}
}

func TestReadJSON(t *testing.T) {
	type inner struct {
		Initial int64 `json:"initialMs"`
	}
	type req struct {
		Name    string            `json:"name"`
		Options map[string]string `json:"options"`
		Clock   inner             `json:"clock"`
		Seat    *int              `json:"seat"`
		Rated   bool              `json:"rated"`
	}
	cases := []struct {
		body string
		want string // "" for a body taken; else words the answer must hold
	}{
		{`{"name":"a"}`, ""},
		{`{"name":"a"} `, ""},
		{`{"name":"a"}{}`, "data after the JSON object"},
		{`{"nme":"a"}`, `unknown field "nme"`},
		{`[1]`, "the body must be a JSON object, not a list"},
		{`{"name":"` + strings.Repeat("x", MaxBody) + `"}`, "too large (over 65536 bytes)"},
		{``, "the body is empty"},
		{`{"name":`, "the JSON ends too soon"},
		{`{"name":x}`, "not valid JSON (at byte 9)"},
		{`{"options":[]}`, `field "options" must be an object, not a list`},
		{`{"name":1}`, `field "name" must be a string, not a number`},
		{`{"clock":{"initialMs":"5"}}`, `field "clock.initialMs" must be a whole number, not a string`},
		{`{"clock":{"initialMs":1.5}}`, `field "clock.initialMs" must be a whole number, not the number 1.5`},
		{`{"seat":"white"}`, `field "seat" must be a whole number, not a string`},
		{`{"rated":"yes"}`, `field "rated" must be true or false, not a string`},
	}
	for _, c := range cases {
		var v req
		rec := httptest.NewRecorder()
		err := ReadJSON(rec, httptest.NewRequest("POST", "/", strings.NewReader(c.body)), &v)
		if (err == nil) != (c.want == "") {
			t.Errorf("%.40q: err %v, want %q", c.body, err, c.want)
			continue
		}
		if err == nil {
			continue
		}
		if code, _ := apierr.Of(err); code != apierr.BadRequest {
			t.Errorf("%.40q: code %s, want bad_request", c.body, code)
		}
		// The server's words, never the decoder's (Go types, struct fields).
		if msg := err.Error(); !strings.Contains(msg, c.want) || strings.Contains(msg, "Go ") || strings.Contains(msg, "json:") || strings.Contains(msg, "unmarshal") {
			t.Errorf("%.40q: %q, want %q in the server's words", c.body, msg, c.want)
		}
	}
}

func TestAddressKey(t *testing.T) {
	cases := map[string]string{
		"192.0.2.1:5000":            "192.0.2.1",
		"192.0.2.1":                 "192.0.2.1",
		"[::ffff:192.0.2.1]:80":     "192.0.2.1",
		"[2001:db8:1:2:3:4:5:6]:80": "2001:db8:1:2::/64",
		"2001:db8:1:2:ff::1":        "2001:db8:1:2::/64",
		"not-an-address":            "not-an-address",
	}
	for in, want := range cases {
		if got := AddressKey(in); got != want {
			t.Errorf("AddressKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// The client key and the user travel with the request.
func TestRequestCarriesClientAndUser(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "198.51.100.9:1234"
	if got := ClientOf(r); got != "198.51.100.9" {
		t.Fatalf("without a key: %q", got)
	}
	r = WithClient(r, "203.0.113.5")
	if got := ClientOf(r); got != "203.0.113.5" {
		t.Fatalf("with a key: %q", got)
	}
	if _, ok := UserOf(r); ok || UserID(r) != 0 {
		t.Fatal("a guest has no user")
	}
	if _, err := SessionUser(r); err == nil {
		t.Fatal("a guest has no session")
	}
	rb := WithUser(r, User{ID: 7, Name: "bot", Bearer: true})
	if UserID(rb) != 7 {
		t.Fatal("user lost")
	}
	if _, err := SessionUser(rb); err == nil {
		t.Fatal("an API token passed for a session")
	}
	rs := WithUser(r, User{ID: 8, Session: "s"})
	if u, err := SessionUser(rs); err != nil || u.ID != 8 {
		t.Fatalf("session user: %v %v", u, err)
	}
}

func TestMuxRemembersPatterns(t *testing.T) {
	m := NewMux()
	m.HandleFunc("GET /a", func(http.ResponseWriter, *http.Request) {})
	m.HandleErr("POST /b", func(http.ResponseWriter, *http.Request) error { return apierr.New(apierr.Invalid, "no") })
	if got := strings.Join(m.Patterns(), ","); got != "GET /a,POST /b" {
		t.Fatalf("patterns %q", got)
	}
	rec := httptest.NewRecorder()
	m.ServeHTTP(rec, httptest.NewRequest("POST", "/b", nil))
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("POST /b: %d", rec.Code)
	}
}

func TestCheckSameOrigin(t *testing.T) {
	mk := func(method, ctype, origin, site, auth string) *http.Request {
		r := httptest.NewRequest(method, "http://play.example/api/x", nil)
		if ctype != "" {
			r.Header.Set("Content-Type", ctype)
		}
		if origin != "" {
			r.Header.Set("Origin", origin)
		}
		if site != "" {
			r.Header.Set("Sec-Fetch-Site", site)
		}
		if auth != "" {
			r.Header.Set("Authorization", auth)
		}
		return r
	}
	cases := []struct {
		name string
		r    *http.Request
		ok   bool
	}{
		{"a read", mk("GET", "", "http://evil.example", "", ""), true},
		{"json from here", mk("POST", "application/json", "http://play.example", "same-origin", ""), true},
		{"a form post", mk("POST", "application/x-www-form-urlencoded", "", "", ""), false},
		{"text/plain", mk("POST", "text/plain", "", "", ""), false},
		{"another origin", mk("POST", "application/json", "http://evil.example", "", ""), false},
		{"cross-site", mk("POST", "application/json", "", "cross-site", ""), false},
		{"a bearer may send any body", mk("POST", "text/plain", "", "", "Bearer abc"), true},
	}
	for _, c := range cases {
		if err := CheckSameOrigin(c.r); (err == nil) != c.ok {
			t.Errorf("%s: %v, want ok %v", c.name, err, c.ok)
		}
	}
}

func TestLimitersCountRefusals(t *testing.T) {
	ls := NewLimiters(Limits{ReadsPerMinute: 2, ReadsBurst: 5})
	now := time.Now()
	var err error
	n := 0
	for ; n < 10; n++ {
		if err = ls.Allow(ls.Reads, LimReads, "a", now, "too many reads; try again in %v"); err != nil {
			break
		}
	}
	// A burst is never more than a minute's worth.
	if n != 2 {
		t.Fatalf("allowed %d, want 2", n)
	}
	var re *RetryError
	if !errors.As(err, &re) || re.After <= 0 {
		t.Fatalf("refusal %v says no time", err)
	}
	if ls.Refused(LimReads) != 1 || ls.Refused(LimCreate) != 0 {
		t.Fatalf("refused counts %d, %d", ls.Refused(LimReads), ls.Refused(LimCreate))
	}
	if err := ls.Allow(ls.Reads, LimReads, "b", now, "%v"); err != nil {
		t.Fatalf("another client is limited apart: %v", err)
	}
}

// DropSecureHeaders removes every header SecureHeaders sets, so that a
// header added there is never repeated in a forwarded answer.
func TestDropSecureHeadersDropsThemAll(t *testing.T) {
	h := http.Header{}
	SecureHeaders(h, true)
	h.Set("Content-Type", "application/json")
	DropSecureHeaders(h)
	if len(h) != 1 || h.Get("Content-Type") == "" {
		t.Errorf("left %v", h)
	}
}

// TestErrorInLanguage: an error answers in the language the request asks
// for, with its code unchanged; a message no catalogue has stays English.
func TestErrorInLanguage(t *testing.T) {
	m := NewMux()
	m.HandleErr("GET /over", func(http.ResponseWriter, *http.Request) error {
		return apierr.New(apierr.Conflict, "the game is over")
	})
	m.HandleErr("GET /seat", func(http.ResponseWriter, *http.Request) error {
		return apierr.New(apierr.Invalid, "there is no seat %d", 5)
	})
	m.HandleErr("GET /words", func(http.ResponseWriter, *http.Request) error {
		return apierr.Wrap(apierr.Invalid, errors.New("a game's own words"))
	})
	for _, c := range []struct{ path, lang, cookie, want string }{
		{"/over", "ru-RU,ru;q=0.9", "", "партия окончена"},
		{"/over", "en-GB", "", "the game is over"},
		{"/over", "en-GB", "ru", "партия окончена"},
		{"/seat", "ru", "", "места 5 нет"},
		{"/words", "ru", "", "a game's own words"},
	} {
		req := httptest.NewRequest("GET", c.path, nil)
		req.Header.Set("Accept-Language", c.lang)
		if c.cookie != "" {
			req.AddCookie(&http.Cookie{Name: "lang", Value: c.cookie})
		}
		rec := httptest.NewRecorder()
		m.ServeHTTP(rec, req)
		var body map[string]string
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if body["error"] != c.want || body["code"] == "" {
			t.Errorf("%s in %q (cookie %q): %v, want %q", c.path, c.lang, c.cookie, body, c.want)
		}
	}
}
