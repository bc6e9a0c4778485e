-- What several nodes on one database need besides leases.
--
-- A finished game needs no owner, so its lease is marked and nodes looking
-- for games to take over skip it; the partial index keeps that look-up
-- small however many games have ended.
ALTER TABLE leases ADD COLUMN finished BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX leases_unfinished ON leases (expires_at) WHERE NOT finished;
-- Every game has a lease row from its creation on. Games stored before
-- get an expired one, so that some node takes each over once, replays it
-- and marks it finished if it is.
INSERT INTO leases (game_id, owner, term, expires_at)
SELECT id, '', 1, 'epoch' FROM games g
WHERE NOT EXISTS (SELECT 1 FROM leases l WHERE l.game_id = g.id);
-- Where each node takes requests forwarded by the others.
CREATE TABLE nodes (
	name    TEXT PRIMARY KEY,
	addr    TEXT NOT NULL,
	seen_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- The secret nodes show each other when forwarding a client's request.
CREATE TABLE cluster_secret (
	id     INTEGER PRIMARY KEY CHECK (id = 1),
	secret TEXT NOT NULL
);
-- Each game's summary as the lobby lists it (JSON owned by the server),
-- written by the game's owner: a node starting reads the lobby here
-- instead of replaying every game. version is the length of the log it
-- describes, so an older summary never overwrites a newer one.
CREATE TABLE summaries (
	game_id    TEXT PRIMARY KEY REFERENCES games(id),
	created_ms BIGINT NOT NULL,
	version    INTEGER NOT NULL,
	data       TEXT NOT NULL
);
