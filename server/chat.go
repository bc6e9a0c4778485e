package server

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"wyrm/server/apierr"
	"wyrm/server/chat"
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
// the game wherever the client connected (server/cluster), and are stored
// before anyone is told of them.

// ChatConfig sets up the games' chat.
type ChatConfig struct {
	// Store keeps what is said; nil turns chat off.
	Store *chat.Store
	// Filter refuses messages holding a term the operator banned; nil
	// refuses none.
	Filter *chat.Filter
	// Limits bound how fast people talk; zero fields take
	// DefaultChatLimits.
	Limits ChatLimits
}

// ChatLimits bound chat messages, reports and blocks. Each is a rate a
// minute with a burst; they are counted on the node that serves the game.
type ChatLimits struct {
	// SeatPerMinute and SeatBurst bound one seat's messages (a spectator's:
	// one connection's).
	SeatPerMinute, SeatBurst int
	// AccountPerMinute and AccountBurst bound one account's messages over
	// all its games and tabs.
	AccountPerMinute, AccountBurst int
	// AddressPerMinute and AddressBurst bound the messages from one client
	// address, which several people may share.
	AddressPerMinute, AddressBurst int
	// ReportsPerMinute and ReportsBurst bound reports and blocks, per
	// account and per address.
	ReportsPerMinute, ReportsBurst int
}

// DefaultChatLimits are the chat limits of a server that sets none: a
// message every three seconds for a while, in bursts of five.
var DefaultChatLimits = ChatLimits{
	SeatPerMinute: 20, SeatBurst: 5,
	AccountPerMinute: 30, AccountBurst: 10,
	AddressPerMinute: 60, AddressBurst: 20,
	ReportsPerMinute: 10, ReportsBurst: 5,
}

// chatService is a server's chat: where it is kept, its filter and its
// limits.
type chatService struct {
	store                   *chat.Store
	filter                  *chat.Filter
	seat, account, address  *limit.Rate
	reports, reportsAddress *limit.Rate
}

// newChatService returns the chat of cfg, nil when it is off.
func newChatService(cfg ChatConfig) *chatService {
	if cfg.Store == nil {
		return nil
	}
	l, def := cfg.Limits, DefaultChatLimits
	rate := func(perMinute, burst, defPerMinute, defBurst int) *limit.Rate {
		if perMinute <= 0 {
			perMinute = defPerMinute
		}
		if burst <= 0 {
			burst = defBurst
		}
		return limit.NewRate(perMinute, min(burst, perMinute))
	}
	return &chatService{store: cfg.Store, filter: cfg.Filter,
		seat:           rate(l.SeatPerMinute, l.SeatBurst, def.SeatPerMinute, def.SeatBurst),
		account:        rate(l.AccountPerMinute, l.AccountBurst, def.AccountPerMinute, def.AccountBurst),
		address:        rate(l.AddressPerMinute, l.AddressBurst, def.AddressPerMinute, def.AddressBurst),
		reports:        rate(l.ReportsPerMinute, l.ReportsBurst, def.ReportsPerMinute, def.ReportsBurst),
		reportsAddress: rate(l.ReportsPerMinute, l.ReportsBurst, def.ReportsPerMinute, def.ReportsBurst),
	}
}

var errChatOff = apierr.New(apierr.Conflict, "chat is off on this server")

// chatTimeout bounds the database work of one chat message.
const chatTimeout = 10 * time.Second

// chatJSON is one message as clients see it.
type chatJSON struct {
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

func viewChat(m chat.Message) chatJSON {
	return chatJSON{ID: m.ID, Room: string(m.Room), Seat: m.Seat, Name: m.Name, Guest: m.UserID == 0, Text: m.Text, At: m.AtMs}
}

// roomJSON is a room a connection reads, and whether it may write there.
type roomJSON struct {
	Room  chat.Room `json:"room"`
	Write bool      `json:"write"`
	// Why says why it may not write, for the page to show instead of its
	// input; SignIn is true when signing in would let it.
	Why    string `json:"why,omitempty"`
	SignIn bool   `json:"signIn,omitempty"`
}

// chatRooms lists the rooms c reads, the players' first. Caller holds s.mu.
func (c *client) chatRooms() []roomJSON {
	player := len(c.seats) > 0
	var out []roomJSON
	if player {
		out = append(out, roomJSON{Room: chat.Players, Write: true})
	}
	if !player || c.s.t.Outcome().Over {
		r := roomJSON{Room: chat.Spectators, Write: c.user != 0}
		switch {
		case c.s.srv.accounts == nil:
			r.Write, r.Why = false, "Only the players chat on this server."
		case c.user == 0:
			r.Why, r.SignIn = "Sign in to chat with the other spectators.", true
		}
		out = append(out, r)
	}
	return out
}

// chatRoom is c's access to room; ok is false when c does not read it.
// Caller holds s.mu.
func (c *client) chatRoom(room chat.Room) (r roomJSON, ok bool) {
	for _, r := range c.chatRooms() {
		if r.Room == room {
			return r, true
		}
	}
	return roomJSON{}, false
}

// chatAuthor is who c speaks as: its first seat (-1 for a spectator) and
// its account's name, or for a guest the seat's name. Caller holds s.mu.
func (c *client) chatAuthor() (seat int, name string) {
	seat = -1
	if len(c.seats) > 0 {
		seat = c.seats[0]
	}
	switch {
	case c.user != 0:
		return seat, c.userName
	case seat < 0:
		return seat, "Spectator"
	}
	return seat, seatLabel(c.s.t.SeatName(seat), seat, c.s.t.Seats())
}

// seatLabel names seat i as the game screen does: the game's name for it
// capitalised, with its number where more than two seats could share a
// name.
func seatLabel(given string, i, seats int) string {
	r, n := utf8.DecodeRuneInString(given)
	name := string(unicode.ToUpper(r)) + given[n:]
	if seats == 2 || strings.HasPrefix(given, "seat ") {
		return name
	}
	return fmt.Sprintf("%s (seat %d)", name, i+1)
}

// isChat reports whether a message type is the chat's.
func isChat(typ string) bool { return typ == "chat" || strings.HasPrefix(typ, "chat-") }

// chatRespond answers a chat message: "chat" says something, "chat-history"
// asks for the rooms c reads and their latest messages, "chat-report"
// reports a message. Unlike moves, these do their database work without
// holding the game's lock. Caller does not hold s.mu.
func (c *client) chatRespond(m clientMsg) map[string]any {
	var err error
	switch m.Type {
	case "chat-history":
		var out map[string]any
		if out, err = c.chatHistory(m.ID); err == nil {
			return out
		}
	case "chat":
		err = c.say(m)
	case "chat-report":
		err = c.report(m)
	default:
		err = apierr.New(apierr.BadRequest, "unknown message type %q", m.Type)
	}
	if err != nil {
		c.s.srv.metrics.rejected.Add(1)
		return errorMsg(m.ID, err)
	}
	return map[string]any{"type": "ack", "id": m.ID}
}

// chatHistory answers the rooms c reads now, what it may do in each, and
// their latest messages, leaving out those of accounts c's account blocks.
// The page asks again whenever what it reads may have changed (seats
// taken, the game over, a reconnection).
func (c *client) chatHistory(id int) (map[string]any, error) {
	s, srv := c.s, c.s.srv
	out := map[string]any{"type": "chat-history", "id": id, "rooms": []roomJSON{}, "messages": []chatJSON{}, "max": chat.MaxRunes}
	if srv.chat == nil {
		return out, nil
	}
	// A history is a view's worth of work, limited as seat proofs are.
	if ok, retry := srv.limits.Hellos.Allow(c.key, time.Now()); !ok {
		return nil, srv.limits.TooMany(httpkit.LimHellos, retry, "too many requests from your address; slow down")
	}
	s.mu.Lock()
	rooms := c.chatRooms()
	s.mu.Unlock()
	ctx, cancel := context.WithTimeout(srv.ctx, chatTimeout)
	defer cancel()
	var msgs []chatJSON
	for _, r := range rooms {
		ms, err := srv.chat.store.Recent(ctx, s.id, r.Room, c.user, chat.HistoryLen)
		if err != nil {
			srv.log.Error("chat history", "game", s.id, "err", err)
			return nil, apierr.New(apierr.Internal, "the chat could not be read; try again")
		}
		for _, m := range ms {
			msgs = append(msgs, viewChat(m))
		}
	}
	slices.SortFunc(msgs, func(a, b chatJSON) int { return cmp.Compare(a.ID, b.ID) })
	out["rooms"] = rooms
	if msgs != nil {
		out["messages"] = msgs
	}
	return out, nil
}

// say stores what c says in a room and then tells everyone who reads that
// room, except the accounts that block its author.
func (c *client) say(m clientMsg) error {
	s, srv := c.s, c.s.srv
	if srv.chat == nil {
		return errChatOff
	}
	room, err := chat.ParseRoom(m.Room)
	if err != nil {
		return err
	}
	text, err := chat.Clean(m.Text)
	if err != nil {
		return err
	}
	if err := srv.chat.filter.Check(text); err != nil {
		return err
	}
	s.mu.Lock()
	access, reads := c.chatRoom(room)
	seat, name := c.chatAuthor()
	s.mu.Unlock()
	switch {
	case !reads && room == chat.Players:
		return apierr.New(apierr.Forbidden, "only the players write in the players' room")
	case !reads:
		return apierr.New(apierr.Forbidden, "the players hear the spectators' room once the game is over")
	case !access.Write:
		return apierr.New(apierr.Forbidden, "%s", access.Why)
	}
	if err := c.allowChat(seat); err != nil {
		return err
	}
	// One message of a game at a time, so that everyone hears them in the
	// order they were stored.
	s.chatMu.Lock()
	defer s.chatMu.Unlock()
	ctx, cancel := context.WithTimeout(srv.ctx, chatTimeout)
	defer cancel()
	msg, err := srv.chat.store.Add(ctx, chat.Message{Game: s.id, Room: room, Seat: seat, UserID: c.user, Name: name, Text: text, AtMs: srv.now().UnixMilli()})
	if err != nil {
		if code, _ := apierr.Of(err); code == apierr.Internal {
			srv.log.Error("chat message not stored", "game", s.id, "err", err)
			return apierr.New(apierr.Internal, "the message could not be stored; it was not sent")
		}
		return err
	}
	blockers, blockErr := srv.chat.store.BlockersOf(ctx, c.user)
	if blockErr != nil {
		// Unsure who blocks the author, the server tells no other account
		// now; they read it in the history once the database answers.
		srv.log.Error("chat blockers", "game", s.id, "err", blockErr)
	}
	b, err := json.Marshal(map[string]any{"type": "chat", "message": viewChat(msg)})
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for sub := range s.subs {
		if _, ok := sub.chatRoom(room); !ok || blockers[sub.user] || (blockErr != nil && sub.user != 0 && sub.user != c.user) {
			continue
		}
		sub.queueBytes(b)
	}
	return nil
}

// allowChat takes a message from each of c's chat limits: its seat's (a
// spectator's connection's), its account's and its address's.
func (c *client) allowChat(seat int) error {
	ch, now := c.s.srv.chat, time.Now()
	who := fmt.Sprintf("conn:%p", c)
	if seat >= 0 {
		who = "seat:" + c.s.id + ":" + strconv.Itoa(seat)
	}
	type check struct {
		r       *limit.Rate
		key, of string
	}
	checks := []check{{ch.seat, who, "this seat"}, {ch.address, c.key, "your address"}}
	if c.user != 0 {
		checks = append(checks, check{ch.account, "user:" + strconv.FormatInt(c.user, 10), "your account"})
	}
	for _, k := range checks {
		if ok, retry := k.r.Allow(k.key, now); !ok {
			return c.s.srv.limits.TooMany(httpkit.LimChat, retry, "too many chat messages from %s; wait %v", k.of, retry.Round(time.Second))
		}
	}
	return nil
}

// allowReport takes one of the reports and blocks an account (0: none) and
// an address may make.
func (ch *chatService) allowReport(ls *httpkit.Limiters, user int64, address string) error {
	now := time.Now()
	if user != 0 {
		if ok, retry := ch.reports.Allow("user:"+strconv.FormatInt(user, 10), now); !ok {
			return ls.TooMany(httpkit.LimChatReports, retry, "too many reports and blocks from your account; try again in %v", retry.Round(time.Second))
		}
	}
	if ok, retry := ch.reportsAddress.Allow(address, now); !ok {
		return ls.TooMany(httpkit.LimChatReports, retry, "too many reports and blocks from your address; try again in %v", retry.Round(time.Second))
	}
	return nil
}

// report stores a report of a message c reads, for the operator.
func (c *client) report(m clientMsg) error {
	s, srv := c.s, c.s.srv
	if srv.chat == nil {
		return errChatOff
	}
	if m.Message <= 0 {
		return apierr.New(apierr.BadRequest, "name the message to report (message)")
	}
	ctx, cancel := context.WithTimeout(srv.ctx, chatTimeout)
	defer cancel()
	msg, err := srv.chat.store.Message(ctx, s.id, m.Message)
	if err != nil {
		return err
	}
	s.mu.Lock()
	_, reads := c.chatRoom(msg.Room)
	_, reporter := c.chatAuthor()
	s.mu.Unlock()
	if !reads { // said where c cannot read: as if it did not exist
		return chat.ErrNoMessage
	}
	if err := srv.chat.allowReport(srv.limits, c.user, c.key); err != nil {
		return err
	}
	if c.user == 0 {
		reporter += " (guest)"
	}
	if err := srv.chat.store.AddReport(ctx, msg, reporter, c.user); err != nil {
		srv.log.Error("chat report not stored", "game", s.id, "err", err)
		return apierr.New(apierr.Internal, "the report could not be stored; try again")
	}
	srv.log.Info("chat message reported", "game", s.id, "message", msg.ID, "author", msg.Name, "reporter", reporter)
	return nil
}
