package account

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestCSRFToken(t *testing.T) {
	tok1, _ := newToken()
	tok2, _ := newToken()
	c1 := CSRFToken(tok1)
	if c1 != CSRFToken(tok1) || c1 == CSRFToken(tok2) || c1 == tok1 || len(c1) < 40 {
		t.Fatalf("tokens %q %q", c1, CSRFToken(tok2))
	}
	req := func(method, header string) *http.Request {
		r := httptest.NewRequest(method, "/api/x", nil)
		if header != "" {
			r.Header.Set(CSRFHeader, header)
		}
		return r
	}
	for _, c := range []struct {
		method, header, session string
		ok                      bool
	}{
		{"GET", "", tok1, true},
		{"HEAD", "", tok1, true},
		{"POST", "", tok1, false},
		{"POST", c1, tok1, true},
		{"DELETE", c1, tok1, true},
		{"PUT", CSRFToken(tok2), tok1, false},
		{"PATCH", tok1, tok1, false}, // the session token itself is not the CSRF token
		{"POST", c1[:len(c1)-1], tok1, false},
		{"POST", "", "", true}, // no session, nothing to forge
	} {
		err := CheckCSRF(req(c.method, c.header), c.session)
		if (err == nil) != c.ok || (err != nil && !errors.Is(err, ErrCSRF)) {
			t.Errorf("%s with %q for a session: %v", c.method, c.header, err)
		}
	}
}

func TestCookies(t *testing.T) {
	tok, _ := newToken()
	s := Session{Token: tok, Expires: time.Now().Add(30 * 24 * time.Hour)}
	for _, secure := range []bool{false, true} {
		c := SessionCookie(s, secure)
		if c.Name != CookieName || c.Value != tok || !c.HttpOnly || c.Secure != secure || c.SameSite != http.SameSiteLaxMode ||
			c.Path != "/" || c.MaxAge < 29*24*3600 || c.MaxAge > 30*24*3600 {
			t.Errorf("cookie %+v", c)
		}
		r := httptest.NewRequest("GET", "/", nil)
		r.AddCookie(c)
		if TokenFrom(r) != tok {
			t.Errorf("token from request %q", TokenFrom(r))
		}
		cl := ClearCookie(secure)
		if cl.Name != CookieName || cl.MaxAge >= 0 || cl.Value != "" || cl.Secure != secure {
			t.Errorf("clear %+v", cl)
		}
	}
	if TokenFrom(httptest.NewRequest("GET", "/", nil)) != "" {
		t.Error("token from a request without cookie")
	}
}
