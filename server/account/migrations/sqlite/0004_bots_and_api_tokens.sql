-- A bot account plays through the bot API with an engine; it is marked so
-- that people know whom they play.
ALTER TABLE users ADD COLUMN bot BOOLEAN NOT NULL DEFAULT FALSE;
-- Personal API tokens by the SHA-256 of the token, as sessions are kept, so
-- that a copy of the database signs nobody in. handle names a token in
-- lists and revocations without being it; used_ms is when it was last used
-- (written at most hourly).
CREATE TABLE api_tokens (
	id         TEXT PRIMARY KEY,
	handle     TEXT NOT NULL UNIQUE,
	user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	label      TEXT NOT NULL,
	created_ms INTEGER NOT NULL,
	used_ms    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX api_tokens_by_user ON api_tokens(user_id);
