package server

import (
	"bytes"
	"encoding/json"
	"maps"
	"testing"

	"wyrm/server/challenge"
	"wyrm/server/table"
)

// FuzzChallengeRequest feeds arbitrary bodies of POST /api/challenges to
// the server's decoding and checking. Whatever it accepts is a sound
// challenge: two seats, a clock creation would accept, canonical options
// (checking them again changes nothing), a seat and a range in bounds; and
// it can be shown.
func FuzzChallengeRequest(f *testing.F) {
	for _, s := range []string{
		`{"game":"toy","stream":"s","clock":{"initialMs":300000,"incrementMs":3000}}`,
		`{"game":"toy","stream":"s","options":{"setup":"1"},"rated":true,"ratingMin":1200,"ratingMax":1800}`,
		`{"game":"dragon","stream":"s","clock":{"days":3},"seat":1,"to":"bob"}`,
		`{"game":"dragon","stream":"s","pair":true,"rated":true}`,
		`{"game":"toy","stream":"s","ratingMin":-1,"rated":true}`,
		`{"game":"toy","stream":"","seat":-3}`,
		`{"game":"toy","stream":"s","clock":{"initialMs":1,"incrementMs":-1}}`,
		`{"game":"toy","options":{"x":"y"},"stream":"s"}`, `{}`, `[]`, `{"game":"toy"`,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	srv := fuzzServer(f)
	f.Fuzz(func(t *testing.T, data []byte, signedIn bool) {
		var req challenge.Request
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if dec.Decode(&req) != nil {
			return
		}
		g, terms, err := srv.checkChallenge(req, signedIn)
		if err != nil {
			return
		}
		if len(terms.SeatNames) != 2 || terms.Seat < -1 || terms.Seat > 1 {
			t.Fatalf("%s: terms %+v", data, terms)
		}
		if terms.Rated && !signedIn {
			t.Fatalf("%s: rated for a guest", data)
		}
		if terms.RatingMin < 0 || terms.RatingMax < 0 || terms.RatingMin > challenge.MaxRating || terms.RatingMax > challenge.MaxRating ||
			(terms.RatingMax != 0 && terms.RatingMin > terms.RatingMax) || (!terms.Rated && terms.RatingMin+terms.RatingMax != 0) {
			t.Fatalf("%s: range %d-%d", data, terms.RatingMin, terms.RatingMax)
		}
		def := table.Def{Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}, Clock: terms.Clock}
		if err := def.Check(2); err != nil {
			t.Fatalf("%s: clock %+v accepted: %v", data, terms.Clock, err)
		}
		again := req
		again.Options = terms.Options
		if _, t2, err := srv.checkChallenge(again, signedIn); err != nil || !maps.Equal(t2.Options, terms.Options) {
			t.Fatalf("%s: options %v are not canonical: %v %v", data, terms.Options, t2.Options, err)
		}
		raw, _ := json.Marshal(terms)
		if _, err := srv.challengeView(challenge.Challenge{ID: "x", Game: g.Info().Name, Terms: raw}); err != nil {
			t.Fatalf("%s: cannot be shown: %v", data, err)
		}
	})
}
