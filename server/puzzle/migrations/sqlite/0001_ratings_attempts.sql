-- A player's puzzle rating per game (Glicko-2), with the streak under
-- way and the best streak; user_id is the account (guests keep theirs in
-- the browser). No foreign keys to the accounts' tables, which belong to
-- another feature with its own migrations.
CREATE TABLE puzzle_players (
	user_id     INTEGER NOT NULL,
	game        TEXT NOT NULL,
	rating      REAL NOT NULL,
	rd          REAL NOT NULL,
	volatility  REAL NOT NULL,
	attempts    INTEGER NOT NULL DEFAULT 0,
	streak      INTEGER NOT NULL DEFAULT 0,
	best_streak INTEGER NOT NULL DEFAULT 0,
	updated_ms  INTEGER NOT NULL,
	PRIMARY KEY (user_id, game)
);
-- A puzzle's rating, once players have tried it; before, its file's.
CREATE TABLE puzzle_ratings (
	game       TEXT NOT NULL,
	puzzle_id  TEXT NOT NULL,
	rating     REAL NOT NULL,
	rd         REAL NOT NULL,
	volatility REAL NOT NULL,
	attempts   INTEGER NOT NULL DEFAULT 0,
	solved     INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (game, puzzle_id)
);
-- Every attempt by an account: its history, and which puzzles it has
-- seen (a puzzle is rated on the first attempt only).
CREATE TABLE puzzle_attempts (
	id        INTEGER PRIMARY KEY AUTOINCREMENT,
	user_id   INTEGER NOT NULL,
	game      TEXT NOT NULL,
	puzzle_id TEXT NOT NULL,
	mode      TEXT NOT NULL,
	solved    INTEGER NOT NULL,
	rated     INTEGER NOT NULL,
	before_rating REAL NOT NULL,
	after_rating  REAL NOT NULL,
	at_ms     INTEGER NOT NULL
);
CREATE INDEX puzzle_attempts_by_user ON puzzle_attempts(user_id, game, puzzle_id);
