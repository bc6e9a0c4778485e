package account

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/i18n"
)

// Language is the language user chose to read the site in, "" when they
// left it to the browser.
func (a *Accounts) Language(ctx context.Context, user int64) (string, error) {
	var lang string
	err := a.db.QueryRowContext(ctx, "SELECT language FROM users WHERE id = ?", user).Scan(&lang)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNoUser
	}
	return lang, internal("read the language", err)
}

// SetLanguage keeps user's language.
func (a *Accounts) SetLanguage(ctx context.Context, user int64, lang string) error {
	_, err := a.db.ExecContext(ctx, "UPDATE users SET language = ? WHERE id = ?", lang, user)
	return internal("keep the language", err)
}

// languageJSON is the body of /api/account/language.
type languageJSON struct {
	Language string `json:"language"`
}

// language answers GET and POST /api/account/language ({"language":
// "ru"}): the account's language, "" for the browser's; a post keeps it.
func (a *API) language(w http.ResponseWriter, r *http.Request) error {
	u, ok := httpkit.UserOf(r)
	if !ok {
		return ErrNotSignedIn
	}
	if r.Method == http.MethodPost {
		var req languageJSON
		if err := httpkit.ReadJSON(w, r, &req); err != nil {
			return err
		}
		if req.Language != "" && !i18n.Supported(req.Language) {
			return apierr.New(apierr.Invalid, "unknown language %q; this server speaks %v", req.Language, i18n.Languages())
		}
		if err := a.Accounts.SetLanguage(r.Context(), u.ID, req.Language); err != nil {
			return err
		}
	}
	lang, err := a.Accounts.Language(r.Context(), u.ID)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, languageJSON{Language: lang})
	return nil
}
