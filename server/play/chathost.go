package play

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"wyrm/server/apierr"

	"wyrm/server/chat"
)

// The chat (package chat) reaches a game only through sessionChat and the
// Speaker a connection makes: what it needs to know of who is at the table
// and how to send them a message.

// sessionChat is a session as its chat sees it.
type sessionChat struct{ s *session }

func (t sessionChat) ID() string         { return t.s.id }
func (t sessionChat) Seats() int         { return t.s.t.Seats() }
func (t sessionChat) Order() sync.Locker { return &t.s.chatMu }

// Listeners returns whether the game is over and every connection to it.
func (t sessionChat) Listeners() (bool, []chat.Listener) {
	s := t.s
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]chat.Listener, 0, len(s.subs))
	for c := range s.subs {
		out = append(out, c.listener())
	}
	return s.t.Outcome().Over, out
}

// listener is c as the chat sees it. Caller holds s.mu.
func (c *client) listener() chat.Listener {
	l := chat.Listener{Seats: slices.Clone(c.seats), User: c.user, UserName: c.userName, Send: c.queueBytes}
	if len(c.seats) > 0 {
		l.SeatName = c.s.t.SeatName(c.seats[0])
	}
	return l
}

// chatRespond answers a chat message (see chat.Service.Respond). Caller
// does not hold s.mu: the chat does its database work without it.
func (c *client) chatRespond(m clientMsg) map[string]any {
	s := c.s
	s.mu.Lock()
	sp := chat.Speaker{Listener: c.listener(), Over: s.t.Outcome().Over, Client: c.key, Conn: fmt.Sprintf("%p", c)}
	s.mu.Unlock()
	out, err := s.srv.chat.Respond(s.srv.life.Context(), sessionChat{s}, sp,
		chat.Request{Type: m.Type, ID: m.ID, Room: m.Room, Text: m.Text, Message: m.Message})
	if err != nil {
		s.srv.metrics.Rejected.Add(1)
		return c.errorMsg(m.ID, err)
	}
	if out == nil {
		return map[string]any{"type": "ack", "id": m.ID}
	}
	return out
}

// Chat implements bots.Games: a bot speaks in its game's room as a player
// at the board would, under the chat's own rules and limits. It reads no
// messages here (its game stream carries none), so it is sent nothing.
func (g botGames) Chat(ctx context.Context, id string, user int64, name, client, room, text string) error {
	s := g.srv.session(id)
	if s == nil {
		return errNoGame
	}
	s.mu.Lock()
	seats := seatsOf(s.t, user)
	l := chat.Listener{Seats: seats, User: user, UserName: name, Send: func([]byte) {}}
	if len(seats) > 0 {
		l.SeatName = s.t.SeatName(seats[0])
	}
	sp := chat.Speaker{Listener: l, Over: s.t.Outcome().Over, Client: client, Conn: "bot:" + name}
	s.mu.Unlock()
	if len(seats) == 0 {
		return apierr.New(apierr.Forbidden, "you do not play in this game")
	}
	_, err := s.srv.chat.Respond(ctx, sessionChat{s}, sp, chat.Request{Type: "chat", Room: room, Text: text})
	return err
}
