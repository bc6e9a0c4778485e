-- Games and their action logs, as in the SQLite schema. def stays TEXT, not
-- JSONB, so a definition reads back byte for byte.
CREATE TABLE games (
	id         TEXT PRIMARY KEY,
	created_ms BIGINT NOT NULL,
	def        TEXT NOT NULL
);
CREATE TABLE actions (
	game_id TEXT NOT NULL REFERENCES games(id),
	seq     INTEGER NOT NULL,
	at_ms   BIGINT NOT NULL,
	seat    INTEGER NOT NULL,
	kind    TEXT NOT NULL,
	data    TEXT NOT NULL,
	PRIMARY KEY (game_id, seq)
);
