package play

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"slices"
	"strconv"
	"sync"
	"time"

	"wyrm/game"
	"wyrm/record"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/secret"
	"wyrm/server/store"
	"wyrm/server/table"
)

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Game    string            `json:"game"`
	Options game.Options      `json:"options"`
	Seats   []table.Seat      `json:"seats"`
	Clock   table.TimeControl `json:"clock"`
	// Position, when set, is a position string in the game's notation to
	// play from (an edited board, a pasted FEN).
	Position string `json:"position,omitempty"`
	// Record, when set, is a game record (PGN) to play on from: its start
	// position, options and moves become the new game's.
	Record string `json:"record,omitempty"`
	// Rated games change the players' ratings: every seat must end up held
	// by an account of its own (no computer, no two seats of one account).
	Rated bool `json:"rated,omitempty"`
}

// maxImportedMoves bounds the moves a record brings into a new game.
const maxImportedMoves = 2000

// CreateResponse tells the creator the game id, the tokens of the local
// seats and the secrets of the invitation links (seat index -> secret).
type CreateResponse struct {
	ID      string         `json:"id"`
	Tokens  map[int]string `json:"tokens"`
	Invites map[int]string `json:"invites,omitempty"`
}

// normalize finds the game name and puts opts, chosen by a client, in
// the game's canonical, self-contained form.
func (srv *Hall) normalize(name string, opts game.Options) (game.Game, game.Options, error) {
	g, ok := srv.games[name]
	if !ok {
		return nil, nil, apierr.New(apierr.Invalid, "unknown game %q", name)
	}
	if opts == nil {
		opts = game.Options{}
	}
	opts, err := g.Normalize(opts)
	if err != nil {
		return nil, nil, apierr.Wrap(apierr.Invalid, err)
	}
	return g, opts, nil
}

// Create makes and stores a new game for the server's own use (tests,
// tools): no client limits apply.
func (srv *Hall) Create(ctx context.Context, req CreateRequest) (CreateResponse, error) {
	return srv.create(ctx, "", 0, req)
}

// create makes and stores a new game for client (a clientKey; "" for the
// server itself), within the client's limits.
func (srv *Hall) create(ctx context.Context, client string, user int64, req CreateRequest) (CreateResponse, error) {
	if client != "" {
		if ok, retry := srv.limits.Create.Allow(client, srv.now()); !ok {
			return CreateResponse{}, srv.limits.TooMany(httpkit.LimCreate, retry, "too many new games from your address; try again in %v", retry.Round(time.Second))
		}
	}
	if user != 0 {
		// An account is limited too, wherever it connects from.
		if ok, retry := srv.limits.Create.Allow("user:"+strconv.FormatInt(user, 10), srv.now()); !ok {
			return CreateResponse{}, srv.limits.TooMany(httpkit.LimCreate, retry, "too many new games from your account; try again in %v", retry.Round(time.Second))
		}
	}
	if req.Rated && (req.Record != "" || req.Position != "") {
		// A rated game must be as fair as its game's start: a chosen
		// position (one move before mate) would sell rating points.
		return CreateResponse{}, ErrRatedImport
	}
	var moves []string
	if req.Record != "" {
		var err error
		if req, moves, err = srv.importRecord(req); err != nil {
			return CreateResponse{}, err
		}
	}
	g, opts, err := srv.normalize(req.Game, req.Options)
	if err != nil {
		return CreateResponse{}, err
	}
	if req.Position != "" {
		p, err := g.Parse(req.Position, opts)
		if err != nil {
			return CreateResponse{}, apierr.Wrap(apierr.Invalid, err)
		}
		// A position carries its seats (a map's players): they must be
		// the options' own, which the table seats.
		if names, err := g.SeatNames(opts); err == nil && len(names) != p.Players() {
			return CreateResponse{}, apierr.New(apierr.Invalid, "the position has %d seats but the options give %d", p.Players(), len(names))
		}
		req.Position = p.String()
	}
	if c := req.Clock; c.Initial > 0 && c.Initial < srv.minClock {
		return CreateResponse{}, apierr.New(apierr.Invalid, "a clock needs at least %v a player", srv.minClock)
	}
	def := table.Def{Game: g.Info().Name, Options: opts, Seats: slices.Clone(req.Seats), Clock: req.Clock, Start: req.Position, Rated: req.Rated}
	if req.Rated {
		if user == 0 {
			return CreateResponse{}, apierr.New(apierr.Forbidden, "sign in to play a rated game")
		}
		local := 0
		for _, seat := range def.Seats {
			if seat.Kind == table.SeatComputer {
				return CreateResponse{}, apierr.New(apierr.Invalid, "games against the computer are not rated")
			}
			if seat.Kind == table.SeatLocal {
				local++
			}
		}
		if local > 1 {
			return CreateResponse{}, apierr.New(apierr.Invalid, "a rated game has one seat of yours; invite the others")
		}
	}
	resp := CreateResponse{ID: secret.ID(), Tokens: map[int]string{}, Invites: map[int]string{}}
	for i := range def.Seats {
		def.Seats[i].TokenHash, def.Seats[i].InviteHash = "", ""
		if def.Seats[i].Kind == table.SeatInvite {
			secret, h := secret.New()
			def.Seats[i].InviteHash = h
			resp.Invites[i] = secret
		}
		if def.Seats[i].Kind != table.SeatComputer {
			def.Seats[i].Level = 0
		}
		def.Seats[i].UserID = 0
		if def.Seats[i].Kind == table.SeatLocal {
			tok, h := secret.New()
			def.Seats[i].TokenHash = h
			def.Seats[i].UserID = user
			resp.Tokens[i] = tok
		}
	}
	release, err := srv.holdComputer(client, def)
	if err != nil {
		return CreateResponse{}, err
	}
	s, err := srv.add(ctx, resp.ID, def, release, client)
	if err != nil {
		release()
		return CreateResponse{}, err
	}
	if len(moves) > 0 {
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, mv := range moves {
			if err := s.commit(int(s.t.ToMove()), table.ActMove, mv); err != nil {
				return resp, apierr.New(apierr.Internal, "the record's moves could not all be stored: %v", err)
			}
		}
	}
	return resp, nil
}

// ErrRatedImport refuses a rated game from a position or record: rated
// games start from the game's own start, so an imported one is casual.
var ErrRatedImport = apierr.New(apierr.Invalid, "a rated game starts from the game's standard start; a game from a chosen position or record is casual (leave rated off)")

// importRecord reads a record for a new game: the game, options and start
// position come from it (the request's own take precedence where given),
// and its moves, checked by the game's rules, are returned to be played.
func (srv *Hall) importRecord(req CreateRequest) (CreateRequest, []string, error) {
	recs, err := record.Parse(req.Record)
	if err != nil {
		return req, nil, apierr.New(apierr.Invalid, "the record cannot be read: %v", err)
	}
	if len(recs) != 1 {
		return req, nil, apierr.New(apierr.Invalid, "give one game's record, not %d", len(recs))
	}
	r := recs[0]
	if req.Game == "" {
		req.Game = r.Game
	}
	g, ok := srv.games[req.Game]
	if !ok {
		return req, nil, apierr.New(apierr.Invalid, "unknown game %q", req.Game)
	}
	if len(req.Options) == 0 {
		req.Options = r.Options
	}
	if len(r.Moves) > maxImportedMoves {
		return req, nil, apierr.New(apierr.Invalid, "a record of at most %d moves", maxImportedMoves)
	}
	rr := r
	rr.Options = req.Options
	var moves []string
	start, err := rr.StartPosition(g)
	if err != nil {
		return req, nil, apierr.Wrap(apierr.Invalid, err)
	}
	if _, err := rr.Replay(g, func(pos game.Position, m game.Move) error {
		moves = append(moves, pos.MoveString(m))
		return nil
	}); err != nil {
		return req, nil, apierr.Wrap(apierr.Invalid, err)
	}
	if len(r.Left) > 0 {
		return req, nil, apierr.New(apierr.Invalid, "records in which a seat left the game cannot be played on")
	}
	// Play goes on from the record's start, set up or not: a game with
	// phases before play (a draft) does not run them again.
	req.Position = start.String()
	return req, moves, nil
}

// holdComputer takes the places a game with computer seats needs: one of
// the client's computer games, and for a game with no person one of the
// node's computer-only games. The returned func gives them back once.
func (srv *Hall) holdComputer(client string, def table.Def) (func(), error) {
	computers := 0
	for _, s := range def.Seats {
		if s.Kind == table.SeatComputer {
			computers++
		}
	}
	if computers == 0 {
		return func() {}, nil
	}
	ls := srv.limits
	if client != "" && !ls.Computer.Acquire(client) {
		return nil, ls.TooMany(httpkit.LimComputer, time.Minute, "you have %d unfinished games against the computer; finish or resign one first", ls.Computer.Max)
	}
	only := computers == len(def.Seats)
	if only && ls.ComputerOnly.Add(1) > ls.MaxComputerOnly {
		ls.ComputerOnly.Add(-1)
		if client != "" {
			ls.Computer.Release(client)
		}
		return nil, ls.TooMany(httpkit.LimComputerOnly, time.Minute, "this server is running as many computer-only games as it can (%d); try later", ls.MaxComputerOnly)
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			if client != "" {
				ls.Computer.Release(client)
			}
			if only {
				ls.ComputerOnly.Add(-1)
			}
		})
	}, nil
}

// add stores and starts a game; release gives back what the game holds
// of its creator's limits once it is over (nil: nothing); client is its
// creator's client ("" for none), whose turn its computer seats take among
// the node's searchers.
func (srv *Hall) add(ctx context.Context, id string, def table.Def, release func(), client string) (*session, error) {
	created := srv.now().UnixMilli()
	s, err := newSession(srv, id, created, def, nil)
	if err != nil {
		return nil, err
	}
	s.release, s.client = release, client
	b, err := json.Marshal(def)
	if err != nil {
		return nil, err
	}
	if err := srv.storeGame(ctx, store.Game{ID: id, CreatedMs: created, Def: b}); err != nil {
		srv.log.Error("create failed", "err", err)
		return nil, apierr.New(apierr.Internal, "the server could not save the game")
	}
	srv.mu.Lock()
	srv.sessions[id] = s
	srv.mu.Unlock()
	srv.metrics.Games.Add(1)
	srv.log.Info("game created", "game", id, "kind", def.Game, "options", def.Options, "rematchOf", def.RematchOf)
	s.mu.Lock()
	s.updateLobby()
	s.schedule()
	s.mu.Unlock()
	return s, nil
}

// Join gives an open seat to whoever asks first, or an invite seat to
// whoever shows its link's secret first, and returns the seat's token.
func (srv *Hall) Join(id string, seat int, invite string, user int64) (string, error) {
	s := srv.session(id)
	if s == nil {
		return "", errNoGame
	}
	tok, h := secret.New()
	s.mu.Lock()
	defer s.mu.Unlock()
	if seat >= 0 && seat < s.t.Seats() {
		want := s.t.Def.Seats[seat].InviteHash
		if want != "" && subtle.ConstantTimeCompare([]byte(secret.Hash(invite)), []byte(want)) != 1 {
			return "", apierr.New(apierr.Forbidden, "this invitation link is not valid for this seat")
		}
	}
	data := h
	if user != 0 {
		data += " " + strconv.FormatInt(user, 10)
	}
	if err := s.commit(seat, table.ActJoin, data); err != nil {
		return "", err
	}
	return tok, nil
}

// rematch asks for a rematch for seats, or agrees to the one asked for;
// once every player agrees it starts the new game with the same settings
// and the seats turned by one, each held by the same token and account as
// before. Asking again is no error, so a page that reconnected may repeat
// itself. Caller holds s.mu.
func (srv *Hall) rematch(s *session, seats []int) error {
	t := s.t
	if !t.Outcome().Over {
		return apierr.New(apierr.Conflict, "the game is not over yet")
	}
	if t.Rematch != "" {
		return nil // already made; the state says where
	}
	for _, seat := range seats {
		if !t.RematchYes[seat] {
			if err := s.commit(seat, table.ActRematchAsk, ""); err != nil {
				return err
			}
		}
	}
	if !t.RematchAgreed() {
		return nil
	}
	n := t.Seats()
	// A rated game's rematch is rated too: the same accounts hold its seats.
	def := table.Def{Game: t.Def.Game, Options: t.Def.Options, Clock: t.Def.Clock, RematchOf: s.id, Rated: t.Def.Rated}
	for j := range n {
		old := t.Def.Seats[(j+1)%n]
		old.TokenHash, old.UserID = t.Tokens[(j+1)%n], t.Users[(j+1)%n]
		def.Seats = append(def.Seats, old)
	}
	id := secret.ID()
	release, err := srv.holdComputer("", def)
	if err != nil {
		return err
	}
	if _, err := srv.add(context.Background(), id, def, release, ""); err != nil {
		release()
		return err
	}
	return s.commit(seats[0], table.ActRematch, id)
}
