-- Tournaments: an arena (minutes of play, pairing whoever waits) or a
-- Swiss (rounds). terms are the server's JSON (conditions, pauses, the
-- points of each place); schedule_key names an event of the operator's
-- events file and its start, so that every node creates it once. The node
-- named in director directs it until lease_ms (a lease, as games have).
CREATE TABLE tournaments (
	id            TEXT PRIMARY KEY,
	kind          TEXT NOT NULL,
	name          TEXT NOT NULL,
	game          TEXT NOT NULL,
	options       TEXT NOT NULL,
	clock         TEXT NOT NULL,
	rated         INTEGER NOT NULL,
	seats         INTEGER NOT NULL,
	starts_ms     BIGINT NOT NULL,
	minutes       INTEGER NOT NULL,
	rounds        INTEGER NOT NULL,
	terms         TEXT NOT NULL,
	password_hash TEXT NOT NULL,
	creator_id    BIGINT NOT NULL,
	creator_name  TEXT NOT NULL,
	schedule_key  TEXT,
	status        TEXT NOT NULL,
	round         INTEGER NOT NULL,
	round_end_ms  BIGINT NOT NULL,
	ends_ms       BIGINT NOT NULL,
	finished_ms   BIGINT NOT NULL,
	director      TEXT NOT NULL,
	lease_ms      BIGINT NOT NULL,
	created_ms    BIGINT NOT NULL
);
CREATE UNIQUE INDEX tournaments_by_schedule ON tournaments(schedule_key);
CREATE INDEX tournaments_by_status ON tournaments(status, starts_ms);
CREATE INDEX tournaments_by_creator ON tournaments(creator_id, status);
-- Each tournament's players: score is arena points or Swiss half points;
-- streak the arena wins in a row, fire whether the player is on a
-- streak (points doubled); berserk whether the player's next games
-- are berserked; state active, paused or withdrawn; free_ms since when an
-- arena player waits for a game.
CREATE TABLE tournament_players (
	tournament_id TEXT NOT NULL,
	user_id       BIGINT NOT NULL,
	name          TEXT NOT NULL,
	rating        INTEGER NOT NULL,
	bot           INTEGER NOT NULL,
	score         INTEGER NOT NULL,
	games         INTEGER NOT NULL,
	streak        INTEGER NOT NULL,
	fire          INTEGER NOT NULL,
	berserks      INTEGER NOT NULL,
	berserk       INTEGER NOT NULL,
	state         TEXT NOT NULL,
	free_ms       BIGINT NOT NULL,
	joined_ms     BIGINT NOT NULL,
	PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_players_by_user ON tournament_players(user_id);
-- Each tournament's games, stored before they start: users and berserk by
-- seat (JSON), the seats' tokens (which only name a seat: each is bound to
-- its account), status new (stored, maybe not yet started), playing or
-- over, and when over each seat's place and points. A Swiss bye is a row
-- of one seat, over at once.
CREATE TABLE tournament_games (
	game_id       TEXT PRIMARY KEY,
	tournament_id TEXT NOT NULL,
	round         INTEGER NOT NULL,
	users         TEXT NOT NULL,
	tokens        TEXT NOT NULL,
	berserk       TEXT NOT NULL,
	status        TEXT NOT NULL,
	placings      TEXT NOT NULL,
	points        TEXT NOT NULL,
	reason        TEXT NOT NULL,
	started_ms    BIGINT NOT NULL,
	ended_ms      BIGINT NOT NULL
);
CREATE INDEX tournament_games_by_tournament ON tournament_games(tournament_id, round);
CREATE INDEX tournament_games_by_status ON tournament_games(status);
