-- Accounts: the name as its owner typed it, the lower-case key that keeps
-- names unique whatever their case, and the password's argon2id hash in
-- PHC form (parameters, salt and hash in one string).
CREATE TABLE users (
	id         INTEGER PRIMARY KEY,
	name       TEXT NOT NULL,
	name_key   TEXT NOT NULL UNIQUE,
	password   TEXT NOT NULL,
	created_ms INTEGER NOT NULL
);
-- Sessions by the SHA-256 of their token, so that a copy of the database
-- signs nobody in. A session expires at expires_ms, which moves forward as
-- it is used.
CREATE TABLE sessions (
	id         TEXT PRIMARY KEY,
	user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	created_ms INTEGER NOT NULL,
	seen_ms    INTEGER NOT NULL,
	expires_ms INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions(user_id);
CREATE INDEX sessions_by_expiry ON sessions(expires_ms);
