package main

import (
	"wyrm/game"
	"wyrm/game/boardview"
)

// request is a job from the page: a position of a game and how long to
// search it. Without movetime, depth or nodes an analysis runs until it is
// stopped; an evaluation needs one of them.
type request struct {
	Game    string            `json:"game"`
	Options map[string]string `json:"options,omitempty"`
	// Position is in the game's position notation; "" is the start.
	Position string `json:"position,omitempty"`
	// Moves are played from Position, in any notation the game reads.
	Moves []string `json:"moves,omitempty"`
	// Positions, for evaluate only, lists unrelated positions to evaluate
	// instead of the game Position and Moves make.
	Positions []string `json:"positions,omitempty"`
	// MultiPV is the number of lines, 1 when 0.
	MultiPV  int    `json:"multipv,omitempty"`
	MoveTime int64  `json:"movetime,omitempty"` // milliseconds, per position
	Depth    int    `json:"depth,omitempty"`
	Nodes    uint64 `json:"nodes,omitempty"`
	// MultiPlayer is "brs" or "paranoid" for games of three or four
	// players; "" keeps the engine's default.
	MultiPlayer string `json:"multiPlayer,omitempty"`
	// NewGame clears what the engine learnt in earlier jobs (it does so by
	// itself when the game changes).
	NewGame bool `json:"newGame,omitempty"`
}

// gamesMsg answers wyrm.games().
type gamesMsg struct {
	Games  []gameMsg `json:"games"`
	Engine engineMsg `json:"engine"`
}

type gameMsg struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Options are those a player may set, in the schema the server's
	// lobby reads.
	Options []game.Option `json:"options"`
	// Start is the start position with the default options.
	Start string `json:"start"`
}

// engineMsg gives the engine's own limits and choices.
type engineMsg struct {
	MaxMultiPV         int      `json:"maxMultiPV"`
	MultiPlayer        []string `json:"multiPlayer"`
	DefaultMultiPlayer string   `json:"defaultMultiPlayer"`
}

// infoMsg reports one finished iteration of an analysis.
type infoMsg struct {
	Type     string    `json:"type"` // "info"
	Depth    int       `json:"depth"`
	SelDepth int       `json:"seldepth"`
	Nodes    uint64    `json:"nodes"`
	NPS      uint64    `json:"nps"`
	Time     int64     `json:"time"` // milliseconds
	HashFull int       `json:"hashfull"`
	ToMove   int       `json:"toMove"` // the seat the scores are for
	Lines    []lineMsg `json:"lines"`
}

// lineMsg is one MultiPV line.
type lineMsg struct {
	MultiPV int      `json:"multipv"`
	Score   scoreMsg `json:"score"`
	// PV is for reading: standard algebraic notation where the game has
	// it, else the game's move notation.
	PV []string `json:"pv"`
	// Moves is the same line in the game's move notation, which the
	// server and the UCI protocol read.
	Moves []string `json:"moves"`
	// Arrow gives the first move's squares (game.Viewer numbering).
	Arrow *boardview.Move `json:"arrow,omitempty"`
}

// scoreMsg is a score for the seat to move: centipawns, or moves to mate
// (negative when that seat is mated), as UCI's "score cp" and "score mate".
type scoreMsg struct {
	Kind  string `json:"kind"` // "cp" or "mate"
	Value int    `json:"value"`
}

// evaluationMsg is one position of an evaluate job.
type evaluationMsg struct {
	Type     string `json:"type"` // "evaluation"
	Index    int    `json:"index"`
	Position string `json:"position"`
	ToMove   int    `json:"toMove"` // -1 when the game is over
	// Over and Reason say how a finished position ended; Results holds
	// each seat's result then ("win", "loss", "draw", "eliminated").
	Over    bool      `json:"over,omitempty"`
	Reason  string    `json:"reason,omitempty"`
	Results []string  `json:"results,omitempty"`
	Depth   int       `json:"depth"`
	Nodes   uint64    `json:"nodes"`
	Time    int64     `json:"time"`
	Lines   []lineMsg `json:"lines"`
}

// doneMsg ends every job. For an analysis it carries the result.
type doneMsg struct {
	Type    string `json:"type"` // "done"
	Stopped bool   `json:"stopped"`
	// Best is the chosen move in the game's move notation, BestPV the
	// same for reading; both "" when there is no move. Lines are the last
	// finished iteration's; after a stop, Best can be a move that beat
	// their first in the unfinished one.
	Best   string    `json:"best,omitempty"`
	BestPV string    `json:"bestPV,omitempty"`
	Depth  int       `json:"depth,omitempty"`
	Nodes  uint64    `json:"nodes,omitempty"`
	Time   int64     `json:"time,omitempty"`
	Lines  []lineMsg `json:"lines,omitempty"`
	Over   bool      `json:"over,omitempty"`
	Reason string    `json:"reason,omitempty"`
	// Count is the number of positions an evaluate job evaluated.
	Count int `json:"count,omitempty"`
	// Error says why a job failed.
	Error string `json:"error,omitempty"`
}
