-- Each seat of a result carries when its game ended, so that a player's
-- games are read newest first from one index, a page at a time, however
-- many games they have (the index by user alone is then redundant).
ALTER TABLE result_players ADD COLUMN at_ms INTEGER NOT NULL DEFAULT 0;
UPDATE result_players SET at_ms = (SELECT r.at_ms FROM results r WHERE r.game_id = result_players.game_id);
DROP INDEX result_players_by_user;
CREATE INDEX result_players_by_user_time ON result_players(user_id, at_ms DESC, game_id DESC);
-- A leaderboard reads one pool best first, ties by account.
CREATE INDEX ratings_by_pool ON ratings(game, speed, rating DESC, user_id);
