-- Every message said in a game's rooms, kept for good: nothing a player
-- said is lost, and a report can always be read in its game. user_id is
-- the author's account, NULL for a guest player; seat is -1 for a
-- spectator. No foreign keys to the accounts' tables: those have
-- migrations of their own, which may run after these.
CREATE TABLE chat_messages (
	id      INTEGER PRIMARY KEY,
	game_id TEXT NOT NULL,
	room    TEXT NOT NULL,
	seat    INTEGER NOT NULL,
	user_id INTEGER,
	name    TEXT NOT NULL,
	body    TEXT NOT NULL,
	at_ms   INTEGER NOT NULL
);
CREATE INDEX chat_messages_by_room ON chat_messages(game_id, room, id);
-- Accounts a player blocked: their messages are not delivered to them.
-- The blocked account's name is kept to list the blocks without a lookup.
CREATE TABLE chat_blocks (
	blocker      INTEGER NOT NULL,
	blocked      INTEGER NOT NULL,
	blocked_name TEXT NOT NULL,
	at_ms        INTEGER NOT NULL,
	PRIMARY KEY (blocker, blocked)
);
CREATE INDEX chat_blocks_by_blocked ON chat_blocks(blocked);
-- Reported messages for the operator (wyrm reports), each with a copy of
-- what was said, so that a report reads on its own. One report per
-- message and reporter.
CREATE TABLE chat_reports (
	id          INTEGER PRIMARY KEY,
	message_id  INTEGER NOT NULL,
	game_id     TEXT NOT NULL,
	room        TEXT NOT NULL,
	seat        INTEGER NOT NULL,
	author      TEXT NOT NULL,
	author_id   INTEGER,
	body        TEXT NOT NULL,
	said_ms     INTEGER NOT NULL,
	reporter    TEXT NOT NULL,
	reporter_id INTEGER,
	at_ms       INTEGER NOT NULL,
	UNIQUE (message_id, reporter)
);
CREATE INDEX chat_reports_by_time ON chat_reports(at_ms);
