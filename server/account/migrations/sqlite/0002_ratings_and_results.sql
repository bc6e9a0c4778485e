-- A user's rating in each pool (a game and a speed class), with the games
-- played in it and when the last was, from which the deviation grows.
CREATE TABLE ratings (
	user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	game    TEXT NOT NULL,
	speed   TEXT NOT NULL,
	rating  REAL NOT NULL,
	rd      REAL NOT NULL,
	vol     REAL NOT NULL,
	games   INTEGER NOT NULL,
	last_ms INTEGER NOT NULL,
	PRIMARY KEY (user_id, game, speed)
);
-- One row per finished game whose result is kept; its primary key makes
-- recording a game a second time change nothing.
CREATE TABLE results (
	game_id TEXT PRIMARY KEY,
	game    TEXT NOT NULL,
	speed   TEXT NOT NULL,
	rated   BOOLEAN NOT NULL,
	at_ms   INTEGER NOT NULL
);
-- Each seat of a result: its account (none for a guest or a computer in a
-- casual game), its place (1 the best), and in a rated game the ratings
-- before (the deviation grown for the time away) and after.
CREATE TABLE result_players (
	game_id       TEXT NOT NULL REFERENCES results(game_id) ON DELETE CASCADE,
	seat          INTEGER NOT NULL,
	user_id       INTEGER REFERENCES users(id) ON DELETE SET NULL,
	place         INTEGER NOT NULL,
	rating_before REAL,
	rd_before     REAL,
	rating_after  REAL,
	rd_after      REAL,
	vol_before    REAL,
	vol_after     REAL,
	PRIMARY KEY (game_id, seat)
);
CREATE INDEX result_players_by_user ON result_players(user_id);
-- Each rated game's new rating per player, for the profile's plot.
CREATE TABLE rating_history (
	user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	game_id TEXT NOT NULL,
	game    TEXT NOT NULL,
	speed   TEXT NOT NULL,
	at_ms   INTEGER NOT NULL,
	rating  REAL NOT NULL,
	rd      REAL NOT NULL,
	PRIMARY KEY (user_id, game_id)
);
CREATE INDEX rating_history_by_pool ON rating_history(user_id, game, speed, at_ms);
