package tournament

import (
	"context"
	"time"

	"wyrm/game"
	"wyrm/server/challenge"
	"wyrm/server/table"
)

// Kinds of tournament.
const (
	Arena = "arena"
	Swiss = "swiss"
)

// Statuses of a tournament.
const (
	Created  = "created"
	Started  = "started"
	Finished = "finished"
)

// States of a player in a tournament.
const (
	Active    = "active"
	Paused    = "paused"
	Withdrawn = "withdrawn"
)

// Statuses of a tournament's game.
const (
	gameNew     = "new"
	gamePlaying = "playing"
	gameOver    = "over"
)

// Games is what tournaments need of the games the server hosts; the play
// hall provides it.
type Games interface {
	challenge.Games
	// StartAs stores and starts def under the id the tournament chose.
	StartAs(ctx context.Context, id string, def table.Def) error
	// Exists reports whether game id is stored (on any node).
	Exists(ctx context.Context, id string) (bool, error)
	// Outcome reads from the store how game id ended (over false while it
	// goes on), on any node.
	Outcome(ctx context.Context, id string) (f challenge.Finish, over bool, err error)
}

// Announcer tells players' event streams, on every node (the challenge
// hub).
type Announcer interface {
	Tell(ctx context.Context, users []int64, msg map[string]any) error
	TellStarted(ctx context.Context, id string, users []int64, extra func(seat int) map[string]any) error
}

// Terms are a tournament's settings beyond its columns, kept as JSON.
type Terms struct {
	// MinRating is the least rating in the tournament's pool a player
	// needs to join, MinRatedGames the least rated games there.
	MinRating     int `json:"minRating,omitempty"`
	MinRatedGames int `json:"minRatedGames,omitempty"`
	// Bots says whether bot accounts may join.
	Bots bool `json:"bots,omitempty"`
	// PauseMs is the pause between Swiss rounds once every game of a
	// round has ended; NoShowMs how long a game waits for a first move
	// before the player who has not moved loses.
	PauseMs  int64 `json:"pauseMs,omitempty"`
	NoShowMs int64 `json:"noShowMs,omitempty"`
	// Places are the points of each place in an arena game of three or
	// four seats (first place first), before any streak doubling.
	Places []int `json:"places,omitempty"`
	// Description is a line the creator wrote.
	Description string `json:"description,omitempty"`
}

// Tournament is one stored tournament.
type Tournament struct {
	ID          string
	Kind        string
	Name        string
	Game        string
	Options     game.Options
	Clock       table.TimeControl
	Rated       bool
	Seats       int
	StartsMs    int64
	Minutes     int
	Rounds      int
	Terms       Terms
	Private     bool // a password is needed to join
	CreatorID   int64
	CreatorName string
	ScheduleKey string
	Status      string
	Round       int
	RoundEndMs  int64
	EndsMs      int64
	FinishedMs  int64
	Director    string
	LeaseMs     int64
	CreatedMs   int64
	// passwordHash is the SHA-256 of the password ("" for none).
	passwordHash string
}

// Player is one player of a tournament.
type Player struct {
	UserID   int64  `json:"-"`
	Name     string `json:"name"`
	Rating   int    `json:"rating"`
	Bot      bool   `json:"bot,omitempty"`
	Score    int    `json:"score"`
	Games    int    `json:"games"`
	Streak   int    `json:"streak"`
	Fire     bool   `json:"fire,omitempty"`
	Berserks int    `json:"berserks"`
	Berserk  bool   `json:"berserk,omitempty"`
	State    string `json:"state"`
	FreeMs   int64  `json:"-"`
	JoinedMs int64  `json:"-"`
}

// Game is one game of a tournament (a Swiss bye is a game of one seat).
type Game struct {
	ID        string
	Round     int
	Users     []int64
	Tokens    []string
	Berserk   []bool
	Status    string
	Placings  []int
	Points    []int
	Reason    string
	StartedMs int64
	EndedMs   int64
}

// Bye reports whether g is a Swiss bye.
func (g Game) Bye() bool { return len(g.Users) == 1 }

// msOf is t in milliseconds since the epoch.
func msOf(t time.Time) int64 { return t.UnixMilli() }
