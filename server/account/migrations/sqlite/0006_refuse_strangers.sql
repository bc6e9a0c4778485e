-- A player may refuse challenges from accounts they have never played
-- (server/challenge), so that strangers and puppets cannot fill the
-- player's queue of challenges.
ALTER TABLE users ADD COLUMN refuse_strangers BOOLEAN NOT NULL DEFAULT FALSE;
