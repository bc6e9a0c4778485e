package challenge

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"wyrm/rating"
	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/secret"
)

// Routes serves challenges, seeks, the event stream and who is online; the
// server has them with accounts.
func (h *Hub) Routes(mux *httpkit.Mux) {
	mux.HandleErr("GET /api/stream/events", h.handleStream)
	mux.HandleErr("GET /api/challenges", h.handleList)
	mux.HandleErr("POST /api/challenges", h.handlePost)
	mux.HandleErr("POST /api/challenges/{id}/accept", h.handleAccept)
	mux.HandleErr("POST /api/challenges/{id}/decline", h.handleDecline)
	mux.HandleErr("POST /api/challenges/{id}/cancel", h.handleCancel)
	mux.HandleErr("GET /api/online", h.handleOnline)
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

// DeclineText is the words a challenger reads for a reason of declining
// ("" for none known); tests compare what streams carry with it.
func DeclineText(reason string) string { return declineReasons[reason] }

// maxSeeksListed bounds the seeks one answer lists.
const maxSeeksListed = 100

// allowChallenge takes one challenge action from the client's and the
// account's rate.
func (h *Hub) allowChallenge(r *http.Request) error {
	now := h.now()
	if err := h.limits.Allow(h.limits.Challenge, httpkit.LimChallenge, httpkit.ClientOf(r), now, "too many challenges from your address; try again in %v"); err != nil {
		return err
	}
	if u, ok := httpkit.UserOf(r); ok {
		return h.limits.Allow(h.limits.Challenge, httpkit.LimChallenge, "user:"+strconv.FormatInt(u.ID, 10), now, "too many challenges from your account; try again in %v")
	}
	return nil
}

// allowGame takes one new game from the client's rate of new games.
func (h *Hub) allowGame(r *http.Request) error {
	return h.limits.Allow(h.limits.Create, httpkit.LimCreate, httpkit.ClientOf(r), h.now(), "too many new games from your address; try again in %v")
}

// limitErr turns a store's limit refusal into the server's, counted under
// its name.
func (h *Hub) limitErr(err error) error {
	var le *LimitError
	if !errors.As(err, &le) {
		return err
	}
	name := map[string]string{"seeks": httpkit.LimSeeks, "challenges": httpkit.LimOpen, "newcomer": httpkit.LimOpen, "incoming": httpkit.LimIncoming}[le.Limit]
	return h.limits.TooMany(name, 10*time.Second, "%s", le.Error())
}

// storeLimits are the store's limits of a player's open challenges.
func (h *Hub) storeLimits() Limits {
	return Limits{Seeks: h.limits.Seeks, Challenges: h.limits.Challenges, Incoming: h.limits.Incoming}
}

// partyOf is the player a request comes from: its account, or a guest.
func partyOf(r *http.Request) (Party, bool) {
	if u, ok := httpkit.UserOf(r); ok {
		return Party{ID: u.ID, Name: u.Name}, true
	}
	return Party{}, false
}

// readRequest charges the client's challenge allowance and reads the
// request's body into req.
func (h *Hub) readRequest(w http.ResponseWriter, r *http.Request, req any) error {
	if err := h.allowChallenge(r); err != nil {
		return err
	}
	return httpkit.ReadJSON(w, r, req)
}

// poolRating is user's rating in a game's pool of speed, rounded; a player
// with no game there has a new player's rating.
func (h *Hub) poolRating(ctx context.Context, user int64, gameName string, speed rating.Speed) (int, bool, error) {
	r := rating.New()
	pools, err := h.accounts.Ratings(ctx, user)
	if err != nil {
		return 0, false, err
	}
	for _, p := range pools {
		if p.Game == gameName && p.Speed == speed {
			r = p.Rating
		}
	}
	return int(math.Round(r.R)), r.Provisional(), nil
}

// handlePost posts a seek or a challenge to a player, or pairs quickly. It
// answers 201 {challenge, token} when the challenge waits (the token is the
// author's seat in the game it becomes: gameStart on the stream says
// which), or 200 {game, seat, token} when pairing found a game.
func (h *Hub) handlePost(w http.ResponseWriter, r *http.Request) error {
	var req Request
	if err := h.readRequest(w, r, &req); err != nil {
		return err
	}
	ctx := r.Context()
	author, signedIn := partyOf(r)
	g, terms, err := Check(h.games, h.minClock, req, signedIn)
	if err != nil {
		return err
	}
	name := g.Info().Name
	if signedIn {
		if terms.Rating, terms.Provisional, err = h.poolRating(ctx, author.ID, name, terms.Speed); err != nil {
			return err
		}
	}
	lim := h.storeLimits()
	tok, hash := secret.New()
	c := Challenge{ID: secret.ID(), Author: author, Game: name, TokenHash: hash, ExpiresMs: h.now().Add(SeekLife).UnixMilli()}
	if req.Stream != "" {
		c.Stream = secret.Hash(req.Stream)
	} else {
		// No stream ends a seek when its author leaves: it lasts no
		// longer than a challenge to a player.
		c.ExpiresMs = h.now().Add(DirectLife).UnixMilli()
	}
	if req.To != "" {
		if !signedIn {
			return apierr.New(apierr.Forbidden, "sign in to challenge a player")
		}
		target, err := h.accounts.UserByName(ctx, req.To)
		if errors.Is(err, account.ErrNoUser) {
			return apierr.New(apierr.NotFound, "no such player")
		}
		if err != nil {
			return err
		}
		if target.ID == author.ID {
			return apierr.New(apierr.Invalid, "you cannot challenge yourself")
		}
		c.Target = Party{ID: target.ID, Name: target.Name}
		c.ExpiresMs = h.now().Add(DirectLife).UnixMilli()
		if lim, err = h.challengeLimits(ctx, author, c.Target); err != nil {
			return err
		}
	}
	c.Terms, _ = json.Marshal(terms)
	if req.Pair {
		if err := h.allowGame(r); err != nil {
			return err
		}
		var seekTerms Terms
		taken, ok, err := h.st.Pair(ctx, c, lim, func(x Challenge) bool {
			xt, err := termsOf(x)
			if err != nil || !terms.fits(xt, terms.Rating) {
				return false
			}
			seekTerms = xt
			return true
		})
		if err != nil {
			return h.limitErr(err)
		}
		if ok {
			return h.answerStarted(w, ctx, taken, seekTerms, author, c.Stream, tok, hash)
		}
	} else if err := h.st.Post(ctx, c, lim); err != nil {
		return h.limitErr(err)
	}
	c.CreatedMs = h.now().UnixMilli()
	v, err := h.view(c)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusCreated, map[string]any{"challenge": v, "token": tok})
	return nil
}

// handleAccept accepts a seek, or a challenge to the signed-in player, and
// answers {game, seat, token}: the game is created with both seats bound
// (to accounts where signed in, and to seat tokens), and the author hears
// gameStart on their stream. The body may name the acceptor's stream
// ({"stream": secret}), which a guest needs to be told of the game on it
// too, and which keeps a guest from taking their own seek.
func (h *Hub) handleAccept(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Stream string `json:"stream,omitempty"`
	}
	if err := h.readRequest(w, r, &req); err != nil {
		return err
	}
	ctx := r.Context()
	c, err := h.st.Get(ctx, r.PathValue("id"))
	if err != nil {
		return err
	}
	t, err := termsOf(c)
	if err != nil {
		return err
	}
	acceptor, signedIn := partyOf(r)
	stream := ""
	if req.Stream != "" {
		stream = secret.Hash(req.Stream)
	}
	switch {
	case (signedIn && c.Author.ID == acceptor.ID) || (c.Author.ID == 0 && stream == c.Stream):
		return apierr.New(apierr.Invalid, "this is your own challenge; cancel it instead")
	case !c.Seek() && acceptor.ID != c.Target.ID:
		return apierr.New(apierr.Forbidden, "this challenge is for another player")
	case t.Rated && !signedIn:
		return apierr.New(apierr.Forbidden, "sign in to play a rated game")
	}
	if t.RatingMin != 0 || t.RatingMax != 0 {
		mine, _, err := h.poolRating(ctx, acceptor.ID, c.Game, t.Speed)
		if err != nil {
			return err
		}
		if !t.inRange(mine) {
			return apierr.New(apierr.Forbidden, "your %s rating, %d, is outside this seek's range (%s)", t.Speed, mine, rangeText(t))
		}
	}
	if err := h.allowGame(r); err != nil {
		return err
	}
	taken, err := h.st.Take(ctx, c.ID)
	if err != nil {
		return err
	}
	tok, hash := secret.New()
	return h.answerStarted(w, ctx, taken, t, acceptor, stream, tok, hash)
}

// rangeText writes a seek's rating range.
func rangeText(t Terms) string {
	switch {
	case t.RatingMax == 0:
		return strconv.Itoa(t.RatingMin) + " or more"
	case t.RatingMin == 0:
		return strconv.Itoa(t.RatingMax) + " or less"
	}
	return strconv.Itoa(t.RatingMin) + " to " + strconv.Itoa(t.RatingMax)
}

// handleDecline declines a challenge to the signed-in player with a reason
// of declineReasons ({"reason": "later"}; "generic" when none).
func (h *Hub) handleDecline(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Reason string `json:"reason,omitempty"`
	}
	if err := h.readRequest(w, r, &req); err != nil {
		return err
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
		return apierr.New(apierr.Invalid, "reason must be one of %s", strings.Join(names, ", "))
	}
	me, signedIn := partyOf(r)
	if !signedIn {
		return account.ErrNotSignedIn
	}
	c, err := h.st.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if c.Seek() || c.Target.ID != me.ID {
		return apierr.New(apierr.Forbidden, "only the player challenged may decline a challenge")
	}
	if _, err := h.st.Remove(r.Context(), c.ID, Declined, req.Reason); err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// handleCancel withdraws a challenge or seek: its author's, who is the
// signed-in account or, for a guest's, the holder of its stream
// ({"stream": secret}).
func (h *Hub) handleCancel(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Stream string `json:"stream,omitempty"`
	}
	if err := h.readRequest(w, r, &req); err != nil {
		return err
	}
	c, err := h.st.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	me, signedIn := partyOf(r)
	mine := (signedIn && c.Author.ID == me.ID) || (c.Author.ID == 0 && req.Stream != "" && secret.Hash(req.Stream) == c.Stream)
	if !mine {
		return apierr.New(apierr.Forbidden, "only its author may cancel a challenge")
	}
	if _, err := h.st.Remove(r.Context(), c.ID, Canceled, ""); err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// handleList answers GET /api/challenges: the open seeks of every node,
// newest first (at most 100), and for a signed-in player the challenges
// waiting for their answer and those they sent (which count against the
// client's reads, since they read the database).
func (h *Hub) handleList(w http.ResponseWriter, r *http.Request) error {
	out := map[string]any{"seeks": h.seekList(maxSeeksListed)}
	if me, ok := partyOf(r); ok {
		if err := h.limits.Allow(h.limits.Reads, httpkit.LimReads, httpkit.ClientOf(r), h.now(),
			"too many profile and list requests from your address; try again in %v"); err != nil {
			return err
		}
		for key, list := range map[string]func(context.Context, int64) ([]Challenge, error){
			"incoming": h.st.Incoming, "outgoing": h.st.Outgoing} {
			cs, err := list(r.Context(), me.ID)
			if err != nil {
				return err
			}
			views := []View{}
			for _, c := range cs {
				if v, err := h.view(c); err == nil {
					views = append(views, v)
				}
			}
			out[key] = views
		}
	}
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

// handleOnline answers GET /api/online: the signed-in players with the
// site open on any node, by name (at most 200).
func (h *Hub) handleOnline(w http.ResponseWriter, _ *http.Request) error {
	names := h.onlineNames()
	players := make([]map[string]string, len(names))
	for i, n := range names {
		players[i] = map[string]string{"name": n}
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"players": players})
	return nil
}
