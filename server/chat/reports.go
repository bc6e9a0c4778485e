package chat

import (
	"context"
	"database/sql"
)

// Report is a message a reader reported to the operator, with a copy of
// it.
type Report struct {
	ID int64
	// Message is the reported message as it was said.
	Message Message
	// Reporter names who reported it: an account's name, or a guest's
	// seat; ReporterID is the account, 0 for a guest.
	Reporter   string
	ReporterID int64
	AtMs       int64
}

// AddReport stores a report of m by reporter. A reader reporting the same
// message again changes nothing.
func (s *Store) AddReport(ctx context.Context, m Message, reporter string, reporterID int64) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO chat_reports(message_id, game_id, room, seat, author, author_id, body, said_ms, reporter, reporter_id, at_ms)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (message_id, reporter) DO NOTHING`,
		m.ID, m.Game, string(m.Room), m.Seat, m.Name, nullID(m.UserID), m.Text, m.AtMs, reporter, nullID(reporterID), s.now())
	return internal("report", err)
}

// Reports returns the latest n reports, newest first.
func (s *Store) Reports(ctx context.Context, n int) ([]Report, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, message_id, game_id, room, seat, author, author_id, body, said_ms, reporter, reporter_id, at_ms
		FROM chat_reports ORDER BY at_ms DESC, id DESC LIMIT ?`, n)
	if err != nil {
		return nil, internal("read reports", err)
	}
	defer rows.Close()
	var out []Report
	for rows.Next() {
		var r Report
		var room string
		var author, reporter sql.NullInt64
		m := &r.Message
		if err := rows.Scan(&r.ID, &m.ID, &m.Game, &room, &m.Seat, &m.Name, &author, &m.Text, &m.AtMs, &r.Reporter, &reporter, &r.AtMs); err != nil {
			return nil, internal("read reports", err)
		}
		m.Room, m.UserID, r.ReporterID = Room(room), author.Int64, reporter.Int64
		out = append(out, r)
	}
	return out, internal("read reports", rows.Err())
}
