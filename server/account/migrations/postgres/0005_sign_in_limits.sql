-- As in the SQLite schema: the sign-in limits' buckets, shared by every
-- node.
CREATE TABLE sign_in_limits (
	bucket TEXT PRIMARY KEY,
	tokens DOUBLE PRECISION NOT NULL,
	at_ms  BIGINT NOT NULL
);
CREATE INDEX sign_in_limits_by_time ON sign_in_limits(at_ms);
