-- One lease per game: the node that may write the game's log, and its term.
-- Every acquisition raises term, so an append carrying an older term comes
-- from a node that has lost the game and is refused. Expiry uses the
-- database's clock, never a node's.
CREATE TABLE leases (
	game_id    TEXT PRIMARY KEY REFERENCES games(id),
	owner      TEXT NOT NULL,
	term       BIGINT NOT NULL CHECK (term > 0),
	expires_at TIMESTAMPTZ NOT NULL
);
