package server

import (
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"wyrm/games"
)

// getIn fetches path from h with the browser's Accept-Language set to lang.
func getIn(t *testing.T, h *harness, path, lang string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", h.http.URL+path, nil)
	req.Header.Set("Accept-Language", lang)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

var tagRE = regexp.MustCompile(`(?s)<style.*?</style>|<svg.*?</svg>|<code>.*?</code>|<[^>]*>`)

// cyrillicShare is the share of Cyrillic letters among the letters a page
// shows (markup, drawings and code left out).
func cyrillicShare(page string) float64 {
	cyr, all := 0, 0
	for _, r := range tagRE.ReplaceAllString(page, " ") {
		if unicode.IsLetter(r) {
			all++
			if unicode.Is(unicode.Cyrillic, r) {
				cyr++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(cyr) / float64(all)
}

// TestAccountKeepsItsLanguage: the account API keeps a player's language
// and says it on every page's /api/account/me, so that it follows the
// player to the next sign-in; an unknown language is refused in the
// reader's language.
func TestAccountKeepsItsLanguage(t *testing.T) {
	h := newAccountsHarness(t)
	b := signUp(t, h.http.URL, "polyglot")
	if _, me := b.get("/api/account/me"); me["language"] != nil {
		t.Fatalf("a new account has language %v, want none (the browser's)", me["language"])
	}
	if code, out := b.post("/api/account/language", map[string]string{"language": "ru"}); code != 200 || out["language"] != "ru" {
		t.Fatalf("setting ru: %d %v", code, out)
	}
	// The page sets the cookie of the language it shows (i18n.js).
	base, _ := url.Parse(h.http.URL)
	b.hc.Jar.SetCookies(base, []*http.Cookie{{Name: "lang", Value: "ru"}})
	code, out := b.post("/api/account/language", map[string]string{"language": "xx"})
	if code != 400 || out["code"] != "invalid" {
		t.Fatalf("an unknown language: %d %v", code, out)
	}
	if msg, _ := out["error"].(string); !strings.Contains(msg, "неизвестный язык") {
		t.Errorf("the refusal is not in Russian: %q", msg)
	}
	// A new sign-in, in another browser, finds the language kept.
	other := newBrowserClient(t, h.http.URL)
	if code, out := other.post("/api/account/login", map[string]string{"name": "polyglot", "password": "a long password"}); code != 200 || out["language"] != "ru" {
		t.Fatalf("sign-in: %d %v, want language ru, which the page applies at once", code, out)
	}
	if code, me := other.get("/api/account/me"); code != 200 || me["language"] != "ru" {
		t.Fatalf("after sign-in: %d %v, want language ru", code, me)
	}
	if code, out := other.get("/api/account/language"); code != 200 || out["language"] != "ru" {
		t.Fatalf("GET language: %d %v", code, out)
	}
	if code, out := other.post("/api/account/language", map[string]string{"language": ""}); code != 200 || out["language"] != "" {
		t.Fatalf("back to the browser's: %d %v", code, out)
	}
	if code, _ := newBrowserClient(t, h.http.URL).post("/api/account/language", map[string]string{"language": "ru"}); code < 400 {
		t.Errorf("a guest set a language: %d", code)
	}
}

// TestRulesInRussian: a browser asking for Russian reads the rules index
// and every game's rules page in Russian (the game's words, the server's
// headings and the document in Russian); English stays the default, and
// the games' words reach the web app through /api/texts.
func TestRulesInRussian(t *testing.T) {
	h := rulesHarness(t)
	code, index := getIn(t, h, "/rules/", "ru-RU,ru;q=0.9,en;q=0.5")
	if code != 200 || !strings.Contains(index, `lang="ru"`) {
		t.Fatalf("rules index in Russian: %d", code)
	}
	if s := cyrillicShare(index); s < 0.7 {
		t.Errorf("rules index: %.0f%% Cyrillic, want 70%% or more", s*100)
	}
	for _, g := range games.All() {
		name := g.Info().Name
		code, page := getIn(t, h, "/rules/"+name, "ru")
		if code != 200 {
			t.Fatalf("%s: %d", name, code)
		}
		if s := cyrillicShare(page); s < 0.7 {
			t.Errorf("%s: %.0f%% Cyrillic, want 70%% or more", name, s*100)
		}
		if !strings.Contains(page, "Правила, по которым играет wyrm") {
			t.Errorf("%s: no Russian rules document", name)
		}
		_, en := getIn(t, h, "/rules/"+name, "en-US")
		if s := cyrillicShare(en); s > 0.05 {
			t.Errorf("%s in English: %.0f%% Cyrillic", name, s*100)
		}
	}
	// The page's own switcher keeps the choice in the cookie the app reads.
	resp, err := http.Get(h.http.URL + "/rules/?lang=ru")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if c := resp.Cookies(); len(c) == 0 || c[0].Name != "lang" || c[0].Value != "ru" {
		t.Errorf("?lang=ru set cookies %v", c)
	}
	code, texts := h.get("/api/texts/ru")
	for _, want := range []string{`"King":"Король"`, `"Sylph":"Сильф"`, `"Infernal":"Инферналы"`} {
		if code != 200 || !strings.Contains(texts, want) {
			t.Errorf("/api/texts/ru lacks %s", want)
		}
	}
	if _, none := h.get("/api/texts/xx"); strings.TrimSpace(none) != "{}" {
		t.Errorf("/api/texts/xx = %s", none)
	}
}
