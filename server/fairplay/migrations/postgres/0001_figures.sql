-- Each analysed rated game's figures per account (server/fairplay): the
-- moves analysed, how many were the engine's first choice, the summed loss
-- against the engine's best (centipawns, each move's at most 1000) and the
-- summed thinking time of the moves timed.
CREATE TABLE fairplay_games (
	game_id     TEXT NOT NULL,
	user_id     BIGINT NOT NULL,
	game        TEXT NOT NULL,
	speed       TEXT NOT NULL,
	rating      DOUBLE PRECISION NOT NULL,
	moves       BIGINT NOT NULL,
	matches     BIGINT NOT NULL,
	loss_cp     BIGINT NOT NULL,
	timed_moves BIGINT NOT NULL,
	time_ms     BIGINT NOT NULL,
	at_ms       BIGINT NOT NULL,
	PRIMARY KEY (game_id, user_id)
);
CREATE INDEX fairplay_games_by_user ON fairplay_games(user_id, game, speed);
