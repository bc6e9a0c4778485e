package boardview

import "wyrm/game"

// Move is a game.MoveView without its text: the squares to point at.
type Move struct {
	From      int    `json:"from"`
	To        int    `json:"to"`
	Target    int    `json:"target"`
	Then      []int  `json:"then,omitempty"`
	Drop      string `json:"drop,omitempty"`
	Promotion string `json:"promotion,omitempty"`
}

// MoveOf describes v; letters become strings, absent ones "".
func MoveOf(v game.MoveView) Move {
	m := Move{From: v.From, To: v.To, Target: v.Target, Then: v.Then}
	if v.Drop != 0 {
		m.Drop = string(v.Drop)
	}
	if v.Promotion != 0 {
		m.Promotion = string(v.Promotion)
	}
	return m
}

// Legal is a move the player may make, with its squares: Text in the
// game's move notation, which is sent back to play it, and SAN for reading
// where the game has one.
type Legal struct {
	Text string `json:"text"`
	SAN  string `json:"san,omitempty"`
	Move
}

// LegalOf describes m, legal in pos.
func LegalOf(pos game.Position, m game.Move) Legal {
	return Legal{Text: pos.MoveString(m), SAN: game.SAN(pos, m), Move: MoveOf(pos.DescribeMove(m))}
}

// AppendLegal appends pos's legal moves to dst.
func AppendLegal(dst []Legal, pos game.Position) []Legal {
	for _, m := range pos.LegalMoves(nil) {
		dst = append(dst, LegalOf(pos, m))
	}
	return dst
}
