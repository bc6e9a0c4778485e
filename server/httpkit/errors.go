package httpkit

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/i18n"
)

// Func is a handler that returns its failure instead of writing it: the
// one place that turns an error into a status and a body is ServeHTTP.
type Func func(w http.ResponseWriter, r *http.Request) error

// ServeHTTP runs f and answers its error, if any, with WriteError.
func (f Func) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := f(w, r); err != nil {
		WriteErrorIn(w, i18n.FromRequest(r), err)
	}
}

// WriteError answers err with its code's status and a body that names the
// code, so that clients can tell a refused move from a server fault; an
// error that says when to try again sets Retry-After.
func WriteError(w http.ResponseWriter, err error) { WriteErrorIn(w, i18n.English, err) }

// WriteErrorIn is WriteError with the message in language lang.
func WriteErrorIn(w http.ResponseWriter, lang string, err error) {
	var re *RetryError
	if errors.As(err, &re) && re.After > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int((re.After+time.Second-1)/time.Second)))
	}
	code, msg := apierr.Localized(err, func(f string) string { return i18n.Format(lang, f) })
	WriteJSON(w, code.Status(), map[string]string{"error": msg, "code": string(code)})
}

// RetryError is an error that says when to try again.
type RetryError struct {
	Err   error
	After time.Duration
}

func (e *RetryError) Error() string { return e.Err.Error() }

// Unwrap gives the error's code to apierr.Of.
func (e *RetryError) Unwrap() error { return e.Err }

// Retry returns err with the time after which to try again.
func Retry(err error, after time.Duration) error { return &RetryError{Err: err, After: after} }
