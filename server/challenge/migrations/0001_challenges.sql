-- The event streams players hold open, by the SHA-256 of each stream's
-- secret, with the node serving it and the signed-in user holding it (0 for
-- a guest). The node renews seen_ms while the stream is open.
CREATE TABLE challenge_streams (
	id      TEXT PRIMARY KEY,
	node    TEXT NOT NULL,
	user_id BIGINT NOT NULL,
	name    TEXT NOT NULL,
	seen_ms BIGINT NOT NULL
);
CREATE INDEX challenge_streams_by_node ON challenge_streams(node);
CREATE INDEX challenge_streams_by_user ON challenge_streams(user_id);
CREATE INDEX challenge_streams_by_seen ON challenge_streams(seen_ms);
-- Open challenges: target_id 0 is a seek. author_key is what a player's
-- limit counts by (an account, or a guest's stream); terms are the server's
-- JSON; token_hash is the hash of the author's seat token in the game that
-- accepting the challenge creates.
CREATE TABLE challenges (
	id          TEXT PRIMARY KEY,
	stream      TEXT NOT NULL,
	author_key  TEXT NOT NULL,
	author_id   BIGINT NOT NULL,
	author_name TEXT NOT NULL,
	target_id   BIGINT NOT NULL,
	target_name TEXT NOT NULL,
	game        TEXT NOT NULL,
	terms       TEXT NOT NULL,
	token_hash  TEXT NOT NULL,
	created_ms  BIGINT NOT NULL,
	expires_ms  BIGINT NOT NULL
);
CREATE INDEX challenges_by_stream ON challenges(stream);
CREATE INDEX challenges_by_author ON challenges(author_key);
CREATE INDEX challenges_by_target ON challenges(target_id);
CREATE INDEX challenges_by_expiry ON challenges(expires_ms);
