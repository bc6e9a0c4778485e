-- The schema from before versioned migrations, unchanged, so that a file
-- made then adopts version 1 as it is (IF NOT EXISTS keeps its tables).
CREATE TABLE IF NOT EXISTS games (
	id         TEXT PRIMARY KEY,
	created_ms INTEGER NOT NULL,
	def        TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
	game_id TEXT NOT NULL REFERENCES games(id),
	seq     INTEGER NOT NULL,
	at_ms   INTEGER NOT NULL,
	seat    INTEGER NOT NULL,
	kind    TEXT NOT NULL,
	data    TEXT NOT NULL,
	PRIMARY KEY (game_id, seq)
);
