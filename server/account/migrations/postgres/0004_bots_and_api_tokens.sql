-- As in the SQLite schema: the bot mark of an account, and personal API
-- tokens kept by their SHA-256.
ALTER TABLE users ADD COLUMN bot BOOLEAN NOT NULL DEFAULT FALSE;
-- Personal API tokens by the SHA-256 of the token, as sessions are kept, so
-- that a copy of the database signs nobody in. handle names a token in
-- lists and revocations without being it; used_ms is when it was last used
-- (written at most hourly).
CREATE TABLE api_tokens (
	id         TEXT PRIMARY KEY,
	handle     TEXT NOT NULL UNIQUE,
	user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	label      TEXT NOT NULL,
	created_ms BIGINT NOT NULL,
	used_ms    BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX api_tokens_by_user ON api_tokens(user_id);
