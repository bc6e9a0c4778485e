package httpkit

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"wyrm/server/apierr"
)

// MaxBody bounds a request body (and a JSON value passed in a query).
const MaxBody = 64 << 10

// bodyTimeout bounds the reading of a request body, so that a client
// trickling (or never sending) its body cannot hold a connection forever.
const bodyTimeout = 10 * time.Second

// WriteJSON answers v as JSON with status code; answers are never cached.
func WriteJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// ReadJSON decodes the request body, one JSON object with no unknown
// fields and at most MaxBody bytes, into v. A body it cannot take is
// answered in the server's words, naming the field at fault.
func ReadJSON(w http.ResponseWriter, r *http.Request, v any) error {
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyTimeout))
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return apierr.New(apierr.BadRequest, "malformed request: %s", jsonProblem(err))
	}
	// One JSON value per body: trailing data means a broken client.
	if _, err := dec.Token(); err != io.EOF {
		return apierr.New(apierr.BadRequest, "malformed request: data after the JSON object")
	}
	return nil
}

// jsonKinds names the JSON kinds the decoder reports, as a client reads
// them.
var jsonKinds = map[string]string{
	"array": "a list", "object": "an object", "string": "a string", "number": "a number", "bool": "true or false",
}

// jsonProblem says what is wrong with a body the decoder refused, without
// the decoder's own words (which name Go types and struct fields).
func jsonProblem(err error) string {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, io.EOF):
		return "the body is empty; send a JSON object"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON ends too soon"
	case errors.As(err, &tooBig):
		return "the body is too large (over " + strconv.Itoa(MaxBody) + " bytes)"
	case errors.As(err, &syntax):
		return "not valid JSON (at byte " + strconv.FormatInt(syntax.Offset, 10) + ")"
	case errors.As(err, &typ):
		got := jsonKinds[typ.Value]
		if got == "" {
			got = "the " + typ.Value // "number 1.5", a number out of range
		}
		if typ.Field == "" {
			return "the body must be a JSON object, not " + got
		}
		return "field \"" + typ.Field + "\" must be " + expected(typ) + ", not " + got
	}
	// The decoder's unknown-field error has no type of its own.
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return "unknown field " + name
	}
	// A type's own UnmarshalJSON speaks for itself.
	return strings.TrimPrefix(err.Error(), "json: ")
}

// expected names the kind of value a field takes.
func expected(typ *json.UnmarshalTypeError) string {
	if typ.Type == nil {
		return "another kind of value"
	}
	switch typ.Type.Kind().String() {
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice", "array":
		return "a list"
	case "map", "struct":
		return "an object"
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "a whole number"
	case "float32", "float64":
		return "a number"
	case "ptr":
		return expected(&json.UnmarshalTypeError{Type: typ.Type.Elem()})
	}
	return "another kind of value"
}
