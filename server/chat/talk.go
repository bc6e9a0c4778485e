package chat

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/limit"
)

// A game's chat has two rooms, as on lichess: its players talk in one and
// its spectators in the other. Players do not hear the spectators while
// they play (a spectator could pass them hints), only once the game is
// over; spectators never read the players' room. Guest players speak under
// their seat's name; writing in the spectators' room needs an account, so
// that every spectator who speaks can be blocked and reported by name.
// Messages go over the game's websocket, which ends at the node that owns
// the game wherever the client connected, and are stored before anyone is
// told of them.

// Listener is one connection to a game as the chat sees it.
type Listener struct {
	// Seats are the seats it holds; none for a spectator.
	Seats []int
	// User and UserName are its signed-in account (0 and "" for a guest).
	User     int64
	UserName string
	// SeatName is what the game calls its first seat ("" without one).
	SeatName string
	// Send queues an encoded message on the connection without blocking.
	Send func([]byte)
}

// Table is a game's side of its chat, implemented by the play server: the
// chat reads who is at the table and reaches them only through it.
type Table interface {
	// ID is the game's id.
	ID() string
	// Seats is how many seats the game has.
	Seats() int
	// Listeners returns, as of one moment, whether the game is over and
	// every connection to it.
	Listeners() (over bool, ls []Listener)
	// Order is held while a message is stored and sent, so that everyone
	// hears a game's messages in the order they were stored; it is never
	// taken under the game's own lock.
	Order() sync.Locker
}

// Speaker is the connection a chat request comes from.
type Speaker struct {
	Listener
	// Over is whether the game was over when the request came.
	Over bool
	// Client is the connection's client key, for the per-address limits.
	Client string
	// Conn names the connection itself: a spectator's own limit counts by it.
	Conn string
}

// Request is a chat message from a client: "chat" says Text in Room,
// "chat-history" asks for the rooms the connection reads and their latest
// messages, "chat-report" reports the message of id Message.
type Request struct {
	Type    string
	ID      int
	Room    string
	Text    string
	Message int64
}

// IsRequest reports whether a websocket message type is the chat's.
func IsRequest(typ string) bool { return typ == "chat" || strings.HasPrefix(typ, "chat-") }

// MessageView is one message as clients see it.
type MessageView struct {
	ID   int64  `json:"id"`
	Room string `json:"room"`
	Seat int    `json:"seat"` // -1: a spectator
	Name string `json:"name"`
	// Guest is true for a player without an account, named after their
	// seat; only accounts can be blocked.
	Guest bool   `json:"guest,omitempty"`
	Text  string `json:"text"`
	At    int64  `json:"at"`
}

func view(m Message) MessageView {
	return MessageView{ID: m.ID, Room: string(m.Room), Seat: m.Seat, Name: m.Name, Guest: m.UserID == 0, Text: m.Text, At: m.AtMs}
}

// RoomAccess is a room a connection reads, and whether it may write there.
type RoomAccess struct {
	Room  Room `json:"room"`
	Write bool `json:"write"`
	// Why says why it may not write, for the page to show instead of its
	// input; SignIn is true when signing in would let it.
	Why    string `json:"why,omitempty"`
	SignIn bool   `json:"signIn,omitempty"`
}

// rooms lists the rooms a connection holding seats reads, the players'
// first.
func (s *Service) rooms(l Listener, over bool) []RoomAccess {
	player := len(l.Seats) > 0
	var out []RoomAccess
	if player {
		out = append(out, RoomAccess{Room: Players, Write: true})
	}
	if !player || over {
		r := RoomAccess{Room: Spectators, Write: l.User != 0}
		switch {
		case !s.spectators:
			r.Write, r.Why = false, "Only the players chat on this server."
		case l.User == 0:
			r.Why, r.SignIn = "Sign in to chat with the other spectators.", true
		}
		out = append(out, r)
	}
	return out
}

// room is a connection's access to room; ok is false when it does not
// read it.
func (s *Service) room(l Listener, over bool, room Room) (r RoomAccess, ok bool) {
	for _, r := range s.rooms(l, over) {
		if r.Room == room {
			return r, true
		}
	}
	return RoomAccess{}, false
}

// author is who a connection speaks as: its first seat (-1 for a
// spectator) and its account's name, or for a guest the seat's name.
func author(l Listener, seats int) (seat int, name string) {
	seat = -1
	if len(l.Seats) > 0 {
		seat = l.Seats[0]
	}
	switch {
	case l.User != 0:
		return seat, l.UserName
	case seat < 0:
		return seat, "Spectator"
	}
	return seat, SeatLabel(l.SeatName, seat, seats)
}

// SeatLabel names seat i as the game screen does: the game's name for it
// capitalised, with its number where more than two seats could share a
// name.
func SeatLabel(given string, i, seats int) string {
	r, n := utf8.DecodeRuneInString(given)
	name := string(unicode.ToUpper(r)) + given[n:]
	if seats == 2 || strings.HasPrefix(given, "seat ") {
		return name
	}
	return fmt.Sprintf("%s (seat %d)", name, i+1)
}

// Respond carries out a chat request of sp in t's game and returns its
// answer, or nil for a plain acknowledgement. Unlike moves, chat does its
// database work without holding the game's lock.
func (s *Service) Respond(ctx context.Context, t Table, sp Speaker, req Request) (map[string]any, error) {
	switch req.Type {
	case "chat-history":
		return s.history(ctx, t, sp, req.ID)
	case "chat":
		return nil, s.say(ctx, t, sp, req)
	case "chat-report":
		return nil, s.report(ctx, t, sp, req)
	}
	return nil, apierr.New(apierr.BadRequest, "unknown message type %q", req.Type)
}

// history answers the rooms sp reads now, what it may do in each, and
// their latest messages, leaving out those of accounts sp's account
// blocks. The page asks again whenever what it reads may have changed
// (seats taken, the game over, a reconnection).
func (s *Service) history(ctx context.Context, t Table, sp Speaker, id int) (map[string]any, error) {
	out := map[string]any{"type": "chat-history", "id": id, "rooms": []RoomAccess{}, "messages": []MessageView{}, "max": MaxRunes}
	if s == nil {
		return out, nil
	}
	// A history is a view's worth of work, limited as seat proofs are.
	if err := s.limits.Allow(s.limits.Hellos, httpkit.LimHellos, sp.Client, time.Now(), "too many requests from your address; slow down"); err != nil {
		return nil, err
	}
	rooms := s.rooms(sp.Listener, sp.Over)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var msgs []MessageView
	for _, r := range rooms {
		ms, err := s.store.Recent(ctx, t.ID(), r.Room, sp.User, HistoryLen)
		if err != nil {
			s.log.Error("chat history", "game", t.ID(), "err", err)
			return nil, apierr.New(apierr.Internal, "the chat could not be read; try again")
		}
		for _, m := range ms {
			msgs = append(msgs, view(m))
		}
	}
	slices.SortFunc(msgs, func(a, b MessageView) int { return cmp.Compare(a.ID, b.ID) })
	out["rooms"] = rooms
	if msgs != nil {
		out["messages"] = msgs
	}
	return out, nil
}

// say stores what sp says in a room and then tells everyone who reads that
// room, except the accounts that block its author.
func (s *Service) say(ctx context.Context, t Table, sp Speaker, req Request) error {
	if s == nil {
		return errChatOff
	}
	room, err := ParseRoom(req.Room)
	if err != nil {
		return err
	}
	text, err := Clean(req.Text)
	if err != nil {
		return err
	}
	if err := s.filter.Check(text); err != nil {
		return err
	}
	access, reads := s.room(sp.Listener, sp.Over, room)
	seat, name := author(sp.Listener, t.Seats())
	switch {
	case !reads && room == Players:
		return apierr.New(apierr.Forbidden, "only the players write in the players' room")
	case !reads:
		return apierr.New(apierr.Forbidden, "the players hear the spectators' room once the game is over")
	case !access.Write:
		return apierr.New(apierr.Forbidden, "%s", access.Why)
	}
	if err := s.allowMessage(t.ID(), sp, seat); err != nil {
		return err
	}
	if err := s.checkMute(ctx, sp.User); err != nil {
		return err
	}
	order := t.Order()
	order.Lock()
	defer order.Unlock()
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	msg, err := s.store.Add(ctx, Message{Game: t.ID(), Room: room, Seat: seat, UserID: sp.User, Name: name, Text: text, AtMs: s.now().UnixMilli()})
	if err != nil {
		if code, _ := apierr.Of(err); code == apierr.Internal {
			s.log.Error("chat message not stored", "game", t.ID(), "err", err)
			return apierr.New(apierr.Internal, "the message could not be stored; it was not sent")
		}
		return err
	}
	blockers, blockErr := s.store.BlockersOf(ctx, sp.User)
	if blockErr != nil {
		// Unsure who blocks the author, the server tells no other account
		// now; they read it in the history once the database answers.
		s.log.Error("chat blockers", "game", t.ID(), "err", blockErr)
	}
	b, err := json.Marshal(map[string]any{"type": "chat", "message": view(msg)})
	if err != nil {
		return err
	}
	over, listeners := t.Listeners()
	for _, l := range listeners {
		if _, ok := s.room(l, over, room); !ok || blockers[l.User] || (blockErr != nil && l.User != 0 && l.User != sp.User) {
			continue
		}
		l.Send(b)
	}
	return nil
}

// allowMessage takes a message from each of sp's chat limits: its seat's
// (a spectator's connection's), its account's and its address's.
func (s *Service) allowMessage(game string, sp Speaker, seat int) error {
	now := time.Now()
	who := "conn:" + sp.Conn
	if seat >= 0 {
		who = "seat:" + game + ":" + strconv.Itoa(seat)
	}
	type check struct {
		r       *limit.Rate
		key, of string
	}
	checks := []check{{s.seat, who, "this seat"}, {s.address, sp.Client, "your address"}}
	if sp.User != 0 {
		checks = append(checks, check{s.account, "user:" + strconv.FormatInt(sp.User, 10), "your account"})
	}
	for _, k := range checks {
		if ok, retry := k.r.Allow(k.key, now); !ok {
			return s.limits.TooMany(httpkit.LimChat, retry, "too many chat messages from %s; wait %v", k.of, retry.Round(time.Second))
		}
	}
	return nil
}

// allowReport takes one of the reports and blocks an account (0: none) and
// an address may make.
func (s *Service) allowReport(user int64, address string) error {
	now := time.Now()
	if user != 0 {
		if ok, retry := s.reports.Allow("user:"+strconv.FormatInt(user, 10), now); !ok {
			return s.limits.TooMany(httpkit.LimChatReports, retry, "too many reports and blocks from your account; try again in %v", retry.Round(time.Second))
		}
	}
	if ok, retry := s.reportsAddress.Allow(address, now); !ok {
		return s.limits.TooMany(httpkit.LimChatReports, retry, "too many reports and blocks from your address; try again in %v", retry.Round(time.Second))
	}
	return nil
}

// report stores a report of a message sp reads, for the operator.
func (s *Service) report(ctx context.Context, t Table, sp Speaker, req Request) error {
	if s == nil {
		return errChatOff
	}
	if req.Message <= 0 {
		return apierr.New(apierr.BadRequest, "name the message to report (message)")
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	msg, err := s.store.Message(ctx, t.ID(), req.Message)
	if err != nil {
		return err
	}
	_, reads := s.room(sp.Listener, sp.Over, msg.Room)
	_, reporter := author(sp.Listener, t.Seats())
	if !reads { // said where sp cannot read: as if it did not exist
		return ErrNoMessage
	}
	if err := s.allowReport(sp.User, sp.Client); err != nil {
		return err
	}
	if sp.User == 0 {
		reporter += " (guest)"
	}
	if err := s.store.AddReport(ctx, msg, reporter, sp.User); err != nil {
		s.log.Error("chat report not stored", "game", t.ID(), "err", err)
		return apierr.New(apierr.Internal, "the report could not be stored; try again")
	}
	s.log.Info("chat message reported", "game", t.ID(), "message", msg.ID, "author", msg.Name, "reporter", reporter)
	return nil
}

// checkMute refuses a message from an account a moderator muted, saying
// until when.
func (s *Service) checkMute(ctx context.Context, user int64) error {
	if s.mutes == nil || user == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	until, err := s.mutes.MutedUntil(ctx, user)
	if err != nil {
		s.log.Error("chat mute", "user", user, "err", err)
		return apierr.New(apierr.Internal, "the message could not be checked; it was not sent")
	}
	if !until.IsZero() {
		return apierr.New(apierr.Forbidden, "a moderator muted you until %s", until.UTC().Format("2006-01-02 15:04 UTC"))
	}
	return nil
}
