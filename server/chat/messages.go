package chat

import (
	"context"
	"database/sql"
	"errors"
	"slices"

	"wyrm/server/apierr"
)

// Room is one of a game's two rooms.
type Room string

// The rooms of a game: its players talk in one, its spectators in the
// other.
const (
	Players    Room = "players"
	Spectators Room = "spectators"
)

// ParseRoom reads a room's name as a client sends it.
func ParseRoom(s string) (Room, error) {
	switch r := Room(s); r {
	case Players, Spectators:
		return r, nil
	}
	return "", apierr.New(apierr.BadRequest, `a room is "players" or "spectators"`)
}

// The bounds of what is kept.
const (
	// MaxPerRoom is the most messages one room of a game keeps: far more
	// than a game's conversation, and a bound on what a flood can store.
	MaxPerRoom = 1000
	// HistoryLen is how many of a room's latest messages a newcomer reads.
	HistoryLen = 100
)

// Message is one thing said in a room.
type Message struct {
	ID   int64
	Game string
	Room Room
	// Seat is the author's seat, -1 for a spectator.
	Seat int
	// UserID is the author's account, 0 for a guest.
	UserID int64
	// Name is the author's name when it was said: the account's, or a
	// guest player's seat's.
	Name string
	Text string
	AtMs int64
}

// Errors of Add and Message.
var (
	// ErrRoomFull: the room holds MaxPerRoom messages already.
	ErrRoomFull = apierr.New(apierr.TooMany, "this room keeps at most %d messages, and it is full", MaxPerRoom)
	// ErrNoMessage: no message with that id was said in that game.
	ErrNoMessage = apierr.New(apierr.NotFound, "no such message in this game")
)

// Add stores m, which is said once the call returns, and returns it with
// its id. Ids grow in the order messages are stored.
func (s *Store) Add(ctx context.Context, m Message) (Message, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return m, internal("add message", err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM chat_messages WHERE game_id = ? AND room = ?", m.Game, string(m.Room)).Scan(&n); err != nil {
		return m, internal("count messages", err)
	}
	if n >= s.perRoom {
		return m, ErrRoomFull
	}
	err = tx.QueryRowContext(ctx, `INSERT INTO chat_messages(game_id, room, seat, user_id, name, body, at_ms)
		VALUES(?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		m.Game, string(m.Room), m.Seat, nullID(m.UserID), m.Name, m.Text, m.AtMs).Scan(&m.ID)
	if err != nil {
		return m, internal("add message", err)
	}
	return m, internal("add message", tx.Commit())
}

const messageColumns = "id, game_id, room, seat, user_id, name, body, at_ms"

func scanMessage(row interface{ Scan(...any) error }) (Message, error) {
	var m Message
	var room string
	var user sql.NullInt64
	err := row.Scan(&m.ID, &m.Game, &room, &m.Seat, &user, &m.Name, &m.Text, &m.AtMs)
	m.Room, m.UserID = Room(room), user.Int64
	return m, err
}

// Recent returns the latest n messages of a game's room, oldest first,
// leaving out those of accounts viewer blocks (viewer 0: a guest, who
// blocks nobody).
func (s *Store) Recent(ctx context.Context, game string, room Room, viewer int64, n int) ([]Message, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+messageColumns+` FROM chat_messages m
		WHERE game_id = ? AND room = ?
		AND NOT EXISTS (SELECT 1 FROM chat_blocks b WHERE b.blocker = ? AND b.blocked = m.user_id)
		ORDER BY id DESC LIMIT ?`, game, string(room), viewer, n)
	if err != nil {
		return nil, internal("read messages", err)
	}
	out, err := scanMessages(rows)
	slices.Reverse(out)
	return out, err
}

// Log returns every message of a game, both rooms, in the order said: the
// operator reads a report in its context.
func (s *Store) Log(ctx context.Context, game string) ([]Message, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+messageColumns+` FROM chat_messages WHERE game_id = ? ORDER BY id`, game)
	if err != nil {
		return nil, internal("read messages", err)
	}
	return scanMessages(rows)
}

func scanMessages(rows *sql.Rows) ([]Message, error) {
	defer rows.Close()
	var out []Message
	for rows.Next() {
		m, err := scanMessage(rows)
		if err != nil {
			return nil, internal("read messages", err)
		}
		out = append(out, m)
	}
	return out, internal("read messages", rows.Err())
}

// Message returns message id of a game.
func (s *Store) Message(ctx context.Context, game string, id int64) (Message, error) {
	m, err := scanMessage(s.db.QueryRowContext(ctx, `SELECT `+messageColumns+` FROM chat_messages WHERE id = ? AND game_id = ?`, id, game))
	if errors.Is(err, sql.ErrNoRows) {
		return m, ErrNoMessage
	}
	return m, internal("read a message", err)
}
