-- A node's lease on every game it holds. Renewing each game's lease once a
-- second rewrote every live game's row (20,000 row updates a second at
-- 20,000 games), and each renewal locked a node's rows against the moves
-- of its games. Now a node renews one row: a game's lease is live while it
-- is not released and either its own expiry (set when it was taken) or
-- its owner's node lease has not passed, by the database's clock.
CREATE TABLE node_leases (
	node       TEXT PRIMARY KEY,
	expires_at TIMESTAMPTZ NOT NULL
);
-- Released by its owner (handed over, or let go): free at once, whatever
-- the owner's node lease says.
ALTER TABLE leases ADD COLUMN released BOOLEAN NOT NULL DEFAULT false;
-- A node's own games, to find those it no longer holds.
CREATE INDEX leases_owner ON leases (owner) WHERE NOT finished;
-- Every owner has a node lease row, so that finding the games of nodes
-- that stopped renewing goes by owner rather than through every lease.
INSERT INTO node_leases (node, expires_at)
SELECT DISTINCT owner, 'epoch'::timestamptz FROM leases
ON CONFLICT (node) DO NOTHING;
-- Released games wait for a taker: few at a time.
CREATE INDEX leases_released ON leases (expires_at) WHERE released AND NOT finished;
