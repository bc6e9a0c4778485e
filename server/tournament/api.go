package tournament

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"wyrm/rating"
	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/secret"
)

// Routes serves the tournaments' API; the server has it with accounts.
func (s *Service) Routes(mux *httpkit.Mux) {
	mux.HandleErr("GET /api/tournaments", s.handleList)
	mux.HandleErr("POST /api/tournaments", s.handleCreate)
	mux.HandleErr("GET /api/tournaments/{id}", s.handleGet)
	mux.HandleErr("POST /api/tournaments/{id}/join", s.handleJoin)
	mux.HandleErr("POST /api/tournaments/{id}/withdraw", s.handleWithdraw)
	mux.HandleErr("POST /api/tournaments/{id}/pause", s.handlePause)
	mux.HandleErr("POST /api/tournaments/{id}/berserk", s.handleBerserk)
	mux.HandleErr("GET /api/players/{name}/tournaments", s.handlePlayer)
}

// MaxListed bounds each list of GET /api/tournaments.
const MaxListed = 50

// allow charges one tournament change (create, join, withdraw, pause,
// berserk) to the client's and the account's allowance.
func (s *Service) allow(r *http.Request) error {
	now := s.now()
	if err := s.limits.Allow(s.actions, httpkit.LimTournaments, httpkit.ClientOf(r), now, "too many tournament requests from your address; try again in %v"); err != nil {
		return err
	}
	if u, ok := httpkit.UserOf(r); ok {
		return s.limits.Allow(s.actions, httpkit.LimTournaments, "user:"+strconv.FormatInt(u.ID, 10), now, "too many tournament requests from your account; try again in %v")
	}
	return nil
}

// allowRead charges one read of tournaments to the client's allowance of
// database reads, shared with profiles and leaderboards.
func (s *Service) allowRead(r *http.Request) error {
	return s.limits.Allow(s.limits.Reads, httpkit.LimReads, httpkit.ClientOf(r), s.now(), "too many requests from your address; try again in %v")
}

// signedIn returns the request's account, refusing guests.
func signedIn(r *http.Request) (httpkit.User, error) {
	u, ok := httpkit.UserOf(r)
	if !ok || u.ID == 0 {
		return u, apierr.New(apierr.Forbidden, "sign in to take part in tournaments")
	}
	return u, nil
}

func (s *Service) handleCreate(w http.ResponseWriter, r *http.Request) error {
	u, err := signedIn(r)
	if err != nil {
		return err
	}
	if err := s.allow(r); err != nil {
		return err
	}
	var req Request
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	t, err := s.check(r.Context(), req)
	if err != nil {
		return err
	}
	n, err := s.st.Upcoming(r.Context(), u.ID)
	if err != nil {
		return err
	}
	if n >= MaxOpenPerAccount {
		return s.limits.TooMany(httpkit.LimTournaments, time.Minute, "you have %d tournaments that have not finished, the most an account may", MaxOpenPerAccount)
	}
	if err := s.limits.Allow(s.creates, httpkit.LimTournaments, "user:"+strconv.FormatInt(u.ID, 10), s.now(), "you create tournaments too often; try again in %v"); err != nil {
		return err
	}
	t.CreatorID, t.CreatorName = u.ID, u.Name
	if _, err := s.st.Create(r.Context(), t); err != nil {
		return err
	}
	s.log.Info("tournament created", "tournament", t.ID, "kind", t.Kind, "game", t.Game, "by", u.Name)
	httpkit.WriteJSON(w, http.StatusCreated, map[string]any{"id": t.ID})
	return nil
}

func (s *Service) handleList(w http.ResponseWriter, r *http.Request) error {
	if err := s.allowRead(r); err != nil {
		return err
	}
	out := map[string]any{}
	for key, status := range map[string]string{"upcoming": Created, "running": Started, "finished": Finished} {
		ts, err := s.st.List(r.Context(), status, MaxListed)
		if err != nil {
			return err
		}
		views := []View{}
		for _, t := range ts {
			views = append(views, s.viewOf(t))
		}
		out[key] = views
	}
	out["now"] = s.now().UnixMilli()
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *Service) handleGet(w http.ResponseWriter, r *http.Request) error {
	if err := s.allowRead(r); err != nil {
		return err
	}
	d, err := s.detail(r.Context(), r.PathValue("id"), httpkit.UserID(r))
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, d)
	return nil
}

// joinRequest is the body of a join: the password of a private
// tournament.
type joinRequest struct {
	Password string `json:"password,omitempty"`
}

func (s *Service) handleJoin(w http.ResponseWriter, r *http.Request) error {
	u, err := signedIn(r)
	if err != nil {
		return err
	}
	if err := s.allow(r); err != nil {
		return err
	}
	var req joinRequest
	if r.ContentLength != 0 {
		if err := httpkit.ReadJSON(w, r, &req); err != nil {
			return err
		}
	}
	ctx := r.Context()
	t, err := s.st.Get(ctx, r.PathValue("id"))
	if err != nil {
		return err
	}
	p, err := s.eligible(ctx, t, u, req.Password)
	if err != nil {
		return err
	}
	if err := s.st.Join(ctx, t.ID, p); err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"ok": true})
	return nil
}

// eligible checks that u may join t and returns them as its player.
func (s *Service) eligible(ctx context.Context, t Tournament, u httpkit.User, password string) (Player, error) {
	if t.passwordHash != "" && secret.Hash(password) != t.passwordHash {
		return Player{}, apierr.New(apierr.Forbidden, "this tournament is private: its password is wrong")
	}
	acc, err := s.accounts.UserByID(ctx, u.ID)
	if errors.Is(err, account.ErrNoUser) {
		return Player{}, apierr.New(apierr.Forbidden, "no such account")
	}
	if err != nil {
		return Player{}, err
	}
	if acc.Bot && !t.Terms.Bots {
		return Player{}, apierr.New(apierr.Forbidden, "this tournament is for people: bots may not join")
	}
	r, games := rating.New(), 0
	pools, err := s.accounts.Ratings(ctx, u.ID)
	if err != nil {
		return Player{}, err
	}
	for _, p := range pools {
		if p.Game == t.Game && p.Speed == t.speed() {
			r, games = p.Rating, p.Games
		}
	}
	rounded := int(math.Round(r.R))
	if t.Terms.MinRating > 0 && rounded < t.Terms.MinRating {
		return Player{}, apierr.New(apierr.Forbidden, "this tournament needs a rating of %d in its pool; yours is %d", t.Terms.MinRating, rounded)
	}
	if games < t.Terms.MinRatedGames {
		return Player{}, apierr.New(apierr.Forbidden, "this tournament needs %d rated games in its pool; you have %d", t.Terms.MinRatedGames, games)
	}
	return Player{UserID: u.ID, Name: acc.Name, Rating: rounded, Bot: acc.Bot, JoinedMs: s.now().UnixMilli()}, nil
}

func (s *Service) handleWithdraw(w http.ResponseWriter, r *http.Request) error {
	return s.leave(w, r, Withdrawn)
}

func (s *Service) handlePause(w http.ResponseWriter, r *http.Request) error {
	return s.leave(w, r, Paused)
}

func (s *Service) leave(w http.ResponseWriter, r *http.Request, state string) error {
	u, err := signedIn(r)
	if err != nil {
		return err
	}
	if err := s.allow(r); err != nil {
		return err
	}
	if err := s.st.Leave(r.Context(), r.PathValue("id"), u.ID, state); err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"ok": true, "state": state})
	return nil
}

// berserkRequest turns berserk on or off for the player's next games.
type berserkRequest struct {
	On bool `json:"on"`
}

func (s *Service) handleBerserk(w http.ResponseWriter, r *http.Request) error {
	u, err := signedIn(r)
	if err != nil {
		return err
	}
	if err := s.allow(r); err != nil {
		return err
	}
	var req berserkRequest
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.st.SetBerserk(r.Context(), r.PathValue("id"), u.ID, req.On); err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"ok": true, "berserk": req.On})
	return nil
}

// MaxProfileListed bounds the tournaments a profile lists.
const MaxProfileListed = 20

func (s *Service) handlePlayer(w http.ResponseWriter, r *http.Request) error {
	if err := s.allowRead(r); err != nil {
		return err
	}
	u, err := s.accounts.UserByName(r.Context(), r.PathValue("name"))
	if errors.Is(err, account.ErrNoUser) {
		return apierr.New(apierr.NotFound, "no such player")
	}
	if err != nil {
		return err
	}
	list, err := s.st.OfPlayer(r.Context(), u.ID, MaxProfileListed)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"tournaments": list})
	return nil
}
