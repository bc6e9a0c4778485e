-- Ratings, results and rating history, as in the SQLite schema.
CREATE TABLE ratings (
	user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	game    TEXT NOT NULL,
	speed   TEXT NOT NULL,
	rating  DOUBLE PRECISION NOT NULL,
	rd      DOUBLE PRECISION NOT NULL,
	vol     DOUBLE PRECISION NOT NULL,
	games   INTEGER NOT NULL,
	last_ms BIGINT NOT NULL,
	PRIMARY KEY (user_id, game, speed)
);
CREATE TABLE results (
	game_id TEXT PRIMARY KEY,
	game    TEXT NOT NULL,
	speed   TEXT NOT NULL,
	rated   BOOLEAN NOT NULL,
	at_ms   BIGINT NOT NULL
);
CREATE TABLE result_players (
	game_id       TEXT NOT NULL REFERENCES results(game_id) ON DELETE CASCADE,
	seat          INTEGER NOT NULL,
	user_id       BIGINT REFERENCES users(id) ON DELETE SET NULL,
	place         INTEGER NOT NULL,
	rating_before DOUBLE PRECISION,
	rd_before     DOUBLE PRECISION,
	rating_after  DOUBLE PRECISION,
	rd_after      DOUBLE PRECISION,
	vol_before    DOUBLE PRECISION,
	vol_after     DOUBLE PRECISION,
	PRIMARY KEY (game_id, seat)
);
CREATE INDEX result_players_by_user ON result_players(user_id);
CREATE TABLE rating_history (
	user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	game_id TEXT NOT NULL,
	game    TEXT NOT NULL,
	speed   TEXT NOT NULL,
	at_ms   BIGINT NOT NULL,
	rating  DOUBLE PRECISION NOT NULL,
	rd      DOUBLE PRECISION NOT NULL,
	PRIMARY KEY (user_id, game_id)
);
CREATE INDEX rating_history_by_pool ON rating_history(user_id, game, speed, at_ms);
