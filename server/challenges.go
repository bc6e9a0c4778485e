package server

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/bots"
	"wyrm/server/challenge"
	"wyrm/server/httpkit"
)

// challengeRoutes serves challenges, seeks, the event stream and who is
// online; the server has them with accounts (see openChallenges).
func (srv *Server) challengeRoutes(mux *httpkit.Mux) {
	mux.HandleFunc("GET /api/stream/events", srv.handleStream)
	mux.HandleFunc("GET /api/challenges", srv.handleChallenges)
	mux.HandleFunc("POST /api/challenges", srv.handleChallengePost)
	mux.HandleFunc("POST /api/challenges/{id}/accept", srv.handleChallengeAccept)
	mux.HandleFunc("POST /api/challenges/{id}/decline", srv.handleChallengeDecline)
	mux.HandleFunc("POST /api/challenges/{id}/cancel", srv.handleChallengeCancel)
	mux.HandleFunc("GET /api/online", srv.handleOnline)
}

// declineReasons are the reasons a player may give for declining, each with
// the words the challenger reads.
var declineReasons = map[string]string{
	"generic":     "I am not taking challenges just now.",
	"later":       "Not now; ask me again later.",
	"timeControl": "Please offer another time control.",
	"rated":       "I would rather play a rated game.",
	"casual":      "I would rather play a casual game.",
	"options":     "I would rather play with other options.",
}

// maxSeeksListed bounds the seeks one answer lists.
const maxSeeksListed = 100

// allowChallenge takes one challenge action from the client's and the
// account's rate.
func (srv *Server) allowChallenge(r *http.Request) error {
	now := srv.now()
	if ok, retry := srv.limits.Challenge.Allow(httpkit.ClientOf(r), now); !ok {
		return srv.limits.TooMany(httpkit.LimChallenge, retry, "too many challenges from your address; try again in %v", retry.Round(time.Second))
	}
	if u, ok := httpkit.UserOf(r); ok {
		if ok, retry := srv.limits.Challenge.Allow("user:"+strconv.FormatInt(u.ID, 10), now); !ok {
			return srv.limits.TooMany(httpkit.LimChallenge, retry, "too many challenges from your account; try again in %v", retry.Round(time.Second))
		}
	}
	return nil
}

// allowGame takes one new game from the client's rate of new games.
func (srv *Server) allowGame(r *http.Request) error {
	if ok, retry := srv.limits.Create.Allow(httpkit.ClientOf(r), srv.now()); !ok {
		return srv.limits.TooMany(httpkit.LimCreate, retry, "too many new games from your address; try again in %v", retry.Round(time.Second))
	}
	return nil
}

// challengeErr turns a store's limit refusal into the server's, counted
// under its name.
func (srv *Server) challengeErr(err error) error {
	var le *challenge.LimitError
	if !errors.As(err, &le) {
		return err
	}
	name := map[string]string{"seeks": httpkit.LimSeeks, "challenges": httpkit.LimOpen, "incoming": httpkit.LimIncoming}[le.Limit]
	return srv.limits.TooMany(name, 10*time.Second, "%s", le.Error())
}

// partyOf is the player a request comes from: its account, or a guest.
func partyOf(r *http.Request) (challenge.Party, bool) {
	if u, ok := httpkit.UserOf(r); ok {
		return challenge.Party{ID: u.ID, Name: u.Name}, true
	}
	return challenge.Party{}, false
}

// handleChallengePost posts a seek or a challenge to a player, or pairs
// quickly. It answers 201 {challenge, token} when the challenge waits (the
// token is the author's seat in the game it becomes: gameStart on the
// stream says which), or 200 {game, seat, token} when pairing found a game.
func (srv *Server) handleChallengePost(w http.ResponseWriter, r *http.Request) {
	var req ChallengeRequest
	if !srv.readChallengeRequest(w, r, &req) {
		return
	}
	ctx := r.Context()
	author, signedIn := partyOf(r)
	g, terms, err := srv.checkChallenge(req, signedIn)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	name := g.Info().Name
	if signedIn {
		if terms.Rating, terms.Provisional, err = srv.poolRating(ctx, author.ID, name, terms.Speed); err != nil {
			httpkit.WriteError(w, err)
			return
		}
	}
	tok, hash := newToken()
	c := challenge.Challenge{ID: newID(), Stream: hashToken(req.Stream), Author: author, Game: name, TokenHash: hash,
		ExpiresMs: srv.now().Add(seekLife).UnixMilli()}
	if req.To != "" {
		if !signedIn {
			httpkit.WriteError(w, apierr.New(apierr.Forbidden, "sign in to challenge a player"))
			return
		}
		target, err := srv.accounts.UserByName(ctx, req.To)
		if errors.Is(err, account.ErrNoUser) {
			httpkit.WriteError(w, apierr.New(apierr.NotFound, "no such player"))
			return
		}
		if err != nil {
			httpkit.WriteError(w, err)
			return
		}
		if target.ID == author.ID {
			httpkit.WriteError(w, apierr.New(apierr.Invalid, "you cannot challenge yourself"))
			return
		}
		c.Target = challenge.Party{ID: target.ID, Name: target.Name}
		c.ExpiresMs = srv.now().Add(challengeLife).UnixMilli()
		if target.Bot && bots.StartsWithSetup(g, terms.Options) {
			httpkit.WriteError(w, bots.ErrSetup(g.Info().Title))
			return
		}
	}
	if u, ok := httpkit.UserOf(r); ok && u.Bot && bots.StartsWithSetup(g, terms.Options) {
		httpkit.WriteError(w, bots.ErrSetup(g.Info().Title))
		return
	}
	c.Terms, _ = json.Marshal(terms)
	if req.Pair {
		if err := srv.allowGame(r); err != nil {
			httpkit.WriteError(w, err)
			return
		}
		var seekTerms challengeTerms
		taken, ok, err := srv.hub.st.Pair(ctx, c, challenge.Limits{Seeks: srv.limits.Seeks, Challenges: srv.limits.Challenges, Incoming: srv.limits.Incoming}, func(x challenge.Challenge) bool {
			xt, err := termsOf(x)
			if err != nil || !terms.fits(xt, terms.Rating) {
				return false
			}
			seekTerms = xt
			return true
		})
		if err != nil {
			httpkit.WriteError(w, srv.challengeErr(err))
			return
		}
		if ok {
			srv.answerStarted(w, ctx, taken, seekTerms, author, c.Stream, tok, hash)
			return
		}
	} else if err := srv.hub.st.Post(ctx, c, challenge.Limits{Seeks: srv.limits.Seeks, Challenges: srv.limits.Challenges, Incoming: srv.limits.Incoming}); err != nil {
		httpkit.WriteError(w, srv.challengeErr(err))
		return
	}
	c.CreatedMs = srv.now().UnixMilli()
	v, err := srv.challengeView(c)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusCreated, map[string]any{"challenge": v, "token": tok})
}

// handleChallengeAccept accepts a seek, or a challenge to the signed-in
// player, and answers {game, seat, token}: the game is created with both
// seats bound (to accounts where signed in, and to seat tokens), and the
// author hears gameStart on their stream. The body may name the
// acceptor's stream ({"stream": secret}), which a guest needs to be told
// of the game on it too, and which keeps a guest from taking their own
// seek.
func (srv *Server) handleChallengeAccept(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Stream string `json:"stream,omitempty"`
	}
	if !srv.readChallengeRequest(w, r, &req) {
		return
	}
	ctx := r.Context()
	st := srv.hub.st
	c, err := st.Get(ctx, r.PathValue("id"))
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	t, err := termsOf(c)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	acceptor, signedIn := partyOf(r)
	stream := ""
	if req.Stream != "" {
		stream = hashToken(req.Stream)
	}
	switch {
	case (signedIn && c.Author.ID == acceptor.ID) || (c.Author.ID == 0 && stream == c.Stream):
		httpkit.WriteError(w, apierr.New(apierr.Invalid, "this is your own challenge; cancel it instead"))
		return
	case !c.Seek() && acceptor.ID != c.Target.ID:
		httpkit.WriteError(w, apierr.New(apierr.Forbidden, "this challenge is for another player"))
		return
	case t.Rated && !signedIn:
		httpkit.WriteError(w, apierr.New(apierr.Forbidden, "sign in to play a rated game"))
		return
	}
	if u, ok := httpkit.UserOf(r); ok && u.Bot {
		if g, known := srv.games[c.Game]; known && bots.StartsWithSetup(g, t.Options) {
			httpkit.WriteError(w, bots.ErrSetup(g.Info().Title))
			return
		}
	}
	if t.RatingMin != 0 || t.RatingMax != 0 {
		mine, _, err := srv.poolRating(ctx, acceptor.ID, c.Game, t.Speed)
		if err != nil {
			httpkit.WriteError(w, err)
			return
		}
		if !t.inRange(mine) {
			httpkit.WriteError(w, apierr.New(apierr.Forbidden, "your %s rating, %d, is outside this seek's range (%s)", t.Speed, mine, rangeText(t)))
			return
		}
	}
	if err := srv.allowGame(r); err != nil {
		httpkit.WriteError(w, err)
		return
	}
	taken, err := st.Take(ctx, c.ID)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	tok, hash := newToken()
	srv.answerStarted(w, ctx, taken, t, acceptor, stream, tok, hash)
}

// rangeText writes a seek's rating range.
func rangeText(t challengeTerms) string {
	switch {
	case t.RatingMax == 0:
		return strconv.Itoa(t.RatingMin) + " or more"
	case t.RatingMin == 0:
		return strconv.Itoa(t.RatingMax) + " or less"
	}
	return strconv.Itoa(t.RatingMin) + " to " + strconv.Itoa(t.RatingMax)
}

// answerStarted starts the game of a challenge taken and answers the
// acceptor with it.
func (srv *Server) answerStarted(w http.ResponseWriter, ctx context.Context, c challenge.Challenge, t challengeTerms,
	acceptor challenge.Party, acceptorStream, token, tokenHash string) {
	id, seat, err := srv.startFromChallenge(ctx, c, t, acceptor, acceptorStream, tokenHash)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"game": id, "seat": seat, "token": token})
}

// startFromChallenge creates the game of an accepted challenge, each seat
// bound to its player's account (if any) and seat token, as a rated game
// binds its seats, and tells both players' streams. It returns the game's
// id and the acceptor's seat.
func (srv *Server) startFromChallenge(ctx context.Context, c challenge.Challenge, t challengeTerms,
	acceptor challenge.Party, acceptorStream, tokenHash string) (string, int, error) {
	authorSeat := t.Seat
	if authorSeat < 0 {
		authorSeat = rand.IntN(2)
	}
	seats := make([]Seat, 2)
	seats[authorSeat] = Seat{Kind: SeatLocal, TokenHash: c.TokenHash, UserID: c.Author.ID}
	seats[1-authorSeat] = Seat{Kind: SeatLocal, TokenHash: tokenHash, UserID: acceptor.ID}
	def := Def{Game: c.Game, Options: t.Options, Seats: seats, Clock: t.Clock, Rated: t.Rated}
	// The author hears of the game on their stream, the acceptor on
	// theirs too (their answer says it already).
	ev := challenge.Event{Challenge: &c}
	for _, p := range []struct {
		party  challenge.Party
		stream string
	}{{c.Author, c.Stream}, {acceptor, acceptorStream}} {
		if p.party.ID != 0 {
			ev.Users = append(ev.Users, p.party.ID)
		} else if p.stream != "" {
			ev.Streams = append(ev.Streams, p.stream)
		}
	}
	id := newID()
	// The challenge is taken: the game is made even if the acceptor hangs
	// up meanwhile, since the author is told of it.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if _, err := srv.add(ctx, id, def, nil); err != nil {
		// The challenge is taken: its author must not wait on.
		ev.Kind, ev.Reason = challenge.Removed, challenge.Canceled
		if perr := srv.hub.st.Publish(context.Background(), ev); perr != nil {
			srv.log.Warn("telling of a challenge that failed", "err", perr)
		}
		return "", 0, err
	}
	started := c
	started.Target = acceptor
	ev.Kind, ev.Challenge, ev.GameID, ev.AuthorSeat = challenge.Started, &started, id, authorSeat
	if err := srv.hub.st.Publish(ctx, ev); err != nil {
		srv.log.Warn("telling of a game started", "game", id, "err", err)
	}
	return id, 1 - authorSeat, nil
}

// handleChallengeDecline declines a challenge to the signed-in player with
// a reason of declineReasons ({"reason": "later"}; "generic" when none).
func (srv *Server) handleChallengeDecline(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Reason string `json:"reason,omitempty"`
	}
	if !srv.readChallengeRequest(w, r, &req) {
		return
	}
	if req.Reason == "" {
		req.Reason = "generic"
	}
	if _, ok := declineReasons[req.Reason]; !ok {
		names := make([]string, 0, len(declineReasons))
		for k := range declineReasons {
			names = append(names, k)
		}
		slices.Sort(names)
		httpkit.WriteError(w, apierr.New(apierr.Invalid, "reason must be one of %s", strings.Join(names, ", ")))
		return
	}
	me, signedIn := partyOf(r)
	if !signedIn {
		httpkit.WriteError(w, account.ErrNotSignedIn)
		return
	}
	c, err := srv.hub.st.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	if c.Seek() || c.Target.ID != me.ID {
		httpkit.WriteError(w, apierr.New(apierr.Forbidden, "only the player challenged may decline a challenge"))
		return
	}
	if _, err := srv.hub.st.Remove(r.Context(), c.ID, challenge.Declined, req.Reason); err != nil {
		httpkit.WriteError(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// handleChallengeCancel withdraws a challenge or seek: its author's, who
// is the signed-in account or, for a guest's, the holder of its stream
// ({"stream": secret}).
func (srv *Server) handleChallengeCancel(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Stream string `json:"stream,omitempty"`
	}
	if !srv.readChallengeRequest(w, r, &req) {
		return
	}
	c, err := srv.hub.st.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	me, signedIn := partyOf(r)
	mine := (signedIn && c.Author.ID == me.ID) || (c.Author.ID == 0 && req.Stream != "" && hashToken(req.Stream) == c.Stream)
	if !mine {
		httpkit.WriteError(w, apierr.New(apierr.Forbidden, "only its author may cancel a challenge"))
		return
	}
	if _, err := srv.hub.st.Remove(r.Context(), c.ID, challenge.Canceled, ""); err != nil {
		httpkit.WriteError(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// handleChallenges answers GET /api/challenges: the open seeks of every
// node, newest first (at most 100), and for a signed-in player the
// challenges waiting for their answer and those they sent (which count
// against the client's reads).
func (srv *Server) handleChallenges(w http.ResponseWriter, r *http.Request) {
	out := map[string]any{"seeks": srv.hub.seekList(maxSeeksListed)}
	if me, ok := partyOf(r); ok {
		if !srv.allowRead(w, r) { // the player's own read the database
			return
		}
		for key, list := range map[string]func(context.Context, int64) ([]challenge.Challenge, error){
			"incoming": srv.hub.st.Incoming, "outgoing": srv.hub.st.Outgoing} {
			cs, err := list(r.Context(), me.ID)
			if err != nil {
				httpkit.WriteError(w, err)
				return
			}
			views := []challengeJSON{}
			for _, c := range cs {
				if v, err := srv.challengeView(c); err == nil {
					views = append(views, v)
				}
			}
			out[key] = views
		}
	}
	httpkit.WriteJSON(w, http.StatusOK, out)
}

// handleOnline answers GET /api/online: the signed-in players with the
// site open on any node, by name (at most 200).
func (srv *Server) handleOnline(w http.ResponseWriter, _ *http.Request) {
	names := srv.hub.onlineNames()
	players := make([]map[string]string, len(names))
	for i, n := range names {
		players[i] = map[string]string{"name": n}
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"players": players})
}

// readChallengeRequest charges the client's challenge allowance and reads
// the request's body into req. When either fails it has answered, and
// reports false.
func (srv *Server) readChallengeRequest(w http.ResponseWriter, r *http.Request, req any) bool {
	if err := srv.allowChallenge(r); err != nil {
		httpkit.WriteError(w, err)
		return false
	}
	if err := httpkit.ReadJSON(w, r, req); err != nil {
		httpkit.WriteError(w, err)
		return false
	}
	return true
}
