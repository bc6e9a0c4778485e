-- A player's games newest first and a pool's leaderboard, as in the SQLite
-- schema.
ALTER TABLE result_players ADD COLUMN at_ms BIGINT NOT NULL DEFAULT 0;
UPDATE result_players p SET at_ms = r.at_ms FROM results r WHERE r.game_id = p.game_id;
DROP INDEX result_players_by_user;
CREATE INDEX result_players_by_user_time ON result_players(user_id, at_ms DESC, game_id DESC);
CREATE INDEX ratings_by_pool ON ratings(game, speed, rating DESC, user_id);
