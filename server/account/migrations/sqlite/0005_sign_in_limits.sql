-- The buckets of the sign-in limits (guesses.go), kept in the database so
-- that every node sharing it counts the same guesses: tokens left at at_ms.
CREATE TABLE sign_in_limits (
	bucket TEXT PRIMARY KEY,
	tokens REAL NOT NULL,
	at_ms  INTEGER NOT NULL
);
CREATE INDEX sign_in_limits_by_time ON sign_in_limits(at_ms);
