package game

// EndReason names, in words, what ended a game or eliminated a player.
// Its text is what clients show and what records and stored games keep,
// so a constant's text never changes.
type EndReason string

// The ends that the rules of the games give.
const (
	EndCheckmate            EndReason = "checkmate"
	EndStalemate            EndReason = "stalemate"
	EndThreefold            EndReason = "threefold repetition"
	EndFiftyMoveRule        EndReason = "fifty-move rule"
	EndHundredMoveRule      EndReason = "100-move rule"
	EndInsufficientMaterial EndReason = "insufficient material"
	EndKingCaptured         EndReason = "king captured"
	// EndKingsRemovedTogether: the last Kings went out in one action,
	// which the seats they belonged to draw.
	EndKingsRemovedTogether EndReason = "all remaining kings removed together"
	EndQuietRounds          EndReason = "50 rounds without a capture"
)

// The ends that the players or the play server give.
const (
	EndResignation EndReason = "resignation"
	// EndTimeUp: a seat's clock ran out.
	EndTimeUp EndReason = "time"
	// EndAgreement: the players agreed to a draw.
	EndAgreement EndReason = "agreement"
	// EndAbandoned: a seat stayed away past the absence timeout.
	EndAbandoned EndReason = "abandoned"
	// EndOpponentsLeft: a seat claimed the game over opponents who left it.
	EndOpponentsLeft EndReason = "opponents left the game"
	// EndOpponentLeft: the same with only one opponent, said in the singular.
	EndOpponentLeft EndReason = "opponent left the game"
	// EndAborted: a player aborted the game before every seat had moved.
	EndAborted EndReason = "aborted"
	// EndAbortedNoFirstMove: the server aborted a game in which a player
	// did not make a first move in time.
	EndAbortedNoFirstMove EndReason = "aborted: a player did not make a first move"
)

// The ends that an engine match gives a game the rules did not end.
const (
	// EndNoLegalMove: nobody can move, yet the rules give no end.
	EndNoLegalMove EndReason = "no legal move"
	// EndMoveLimit: the match's limit on moves was reached.
	EndMoveLimit EndReason = "move limit"
)
