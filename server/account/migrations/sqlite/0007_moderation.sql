-- Moderation (server/moderation): moderators are granted by the operator;
-- an account may be muted in chat until a time, closed (by a moderator or
-- by its owner, whose games stay under "deleted account"; the row and its
-- name stay, so the name is never taken again), and marked as a cheat or a
-- booster, which takes it off the leaderboards.
ALTER TABLE users ADD COLUMN moderator BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE users ADD COLUMN muted_until_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN closed_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN closed_by TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN mark TEXT NOT NULL DEFAULT '';
-- Every moderator action, written in the transaction of the action itself.
CREATE TABLE mod_log (
	id        INTEGER PRIMARY KEY,
	at_ms     INTEGER NOT NULL,
	moderator TEXT NOT NULL,
	action    TEXT NOT NULL,
	target    TEXT NOT NULL,
	reason    TEXT NOT NULL,
	detail    TEXT NOT NULL
);
-- The points a rated opponent lost to a marked account and got back: one
-- row per game and opponent, so that a refund is made once however often
-- the account is marked.
CREATE TABLE rating_refunds (
	game_id   TEXT NOT NULL,
	user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	marked_id INTEGER NOT NULL,
	game      TEXT NOT NULL,
	speed     TEXT NOT NULL,
	points    REAL NOT NULL,
	at_ms     INTEGER NOT NULL,
	PRIMARY KEY (game_id, user_id)
);
