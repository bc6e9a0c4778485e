package account

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// Without accounts only the page's own question is served, and every
// request is a guest's; an API token cannot sign anyone in.
func TestAPIWithoutAccounts(t *testing.T) {
	a := &API{Limits: httpkit.NewLimiters(httpkit.Limits{}), Now: newClock().Now}
	mux := httpkit.NewMux()
	a.Routes(mux)
	if got := strings.Join(mux.Patterns(), ","); got != "GET /api/account/me" {
		t.Fatalf("routes %q", got)
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest("GET", "/api/account/me", nil))
	if strings.TrimSpace(rec.Body.String()) != `{"signedIn":false}` {
		t.Fatalf("me: %q", rec.Body)
	}
	r := httptest.NewRequest("GET", "/api/account/me", nil)
	r.AddCookie(&http.Cookie{Name: CookieName, Value: "x"})
	if r2, err := a.Authenticate(httptest.NewRecorder(), r); err != nil || httpkit.UserID(r2) != 0 {
		t.Fatalf("a cookie without accounts: %v", err)
	}
	r.Header.Set("Authorization", "Bearer abc")
	if _, err := a.Authenticate(httptest.NewRecorder(), r); err == nil {
		t.Fatal("a token passed without accounts")
	} else if code, _ := apierr.Of(err); code != apierr.Unauthorized {
		t.Fatalf("a token without accounts: %v", err)
	}
}

// A sign-up's cookie makes the account's requests, a change needs the
// CSRF token, and a token made with the session signs a program in.
func TestAPIAuthenticatesSessionsAndTokens(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		a := &API{Accounts: e.a, Limits: httpkit.NewLimiters(httpkit.Limits{}), Log: slog.New(slog.DiscardHandler), Now: e.clock.Now}
		mux := httpkit.NewMux()
		a.Routes(mux)
		// serve passes r through the front door's step, as the server does.
		serve := func(r *http.Request) *httptest.ResponseRecorder {
			rec := httptest.NewRecorder()
			r, err := a.Authenticate(rec, r)
			if err != nil {
				httpkit.WriteError(rec, err)
				return rec
			}
			mux.ServeHTTP(rec, r)
			return rec
		}
		rec := serve(httptest.NewRequest("POST", "/api/account/signup", strings.NewReader(`{"name":"alice","password":"correct horse"}`)))
		var me struct {
			SignedIn bool
			Name     string
			CSRF     string
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &me); err != nil || !me.SignedIn || me.Name != "alice" || me.CSRF == "" {
			t.Fatalf("sign-up: %d %q", rec.Code, rec.Body)
		}
		cookies := rec.Result().Cookies()
		withCookie := func(method, path, body string) *http.Request {
			r := httptest.NewRequest(method, path, strings.NewReader(body))
			for _, c := range cookies {
				r.AddCookie(c)
			}
			return r
		}
		if rec := serve(withCookie("GET", "/api/account/me", "")); !strings.Contains(rec.Body.String(), `"name":"alice"`) {
			t.Fatalf("me with the cookie: %q", rec.Body)
		}
		if rec := serve(withCookie("POST", "/api/account/tokens", `{"label":"bot"}`)); rec.Code != http.StatusForbidden {
			t.Fatalf("a change without the CSRF token: %d %q", rec.Code, rec.Body)
		}
		r := withCookie("POST", "/api/account/tokens", `{"label":"bot"}`)
		r.Header.Set("X-CSRF-Token", me.CSRF)
		rec = serve(r)
		var made struct{ Token string }
		if err := json.Unmarshal(rec.Body.Bytes(), &made); rec.Code != http.StatusCreated || err != nil || made.Token == "" {
			t.Fatalf("make a token: %d %q", rec.Code, rec.Body)
		}
		r = httptest.NewRequest("GET", "/api/account/me", nil)
		r.Header.Set("Authorization", "Bearer "+made.Token)
		if rec := serve(r); !strings.Contains(rec.Body.String(), `"name":"alice"`) || strings.Contains(rec.Body.String(), "csrf") {
			t.Fatalf("me with the token: %q", rec.Body)
		}
		r = httptest.NewRequest("GET", "/api/account/tokens", nil)
		r.Header.Set("Authorization", "Bearer "+made.Token)
		if rec := serve(r); rec.Code != http.StatusForbidden {
			t.Fatalf("a token listed the tokens: %d %q", rec.Code, rec.Body)
		}
	})
}
