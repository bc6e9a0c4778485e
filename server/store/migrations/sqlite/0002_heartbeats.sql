-- When each node was last known to be running, so that clocks can be
-- paused for the time a node was down.
CREATE TABLE heartbeats (
	node  TEXT PRIMARY KEY,
	at_ms INTEGER NOT NULL
);
