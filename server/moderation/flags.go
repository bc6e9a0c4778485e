package moderation

// Flag is an account fair play put in the moderators' queue: figures far
// above its rating's norm, for people to judge.
type Flag struct {
	Name   string  `json:"name"`
	Game   string  `json:"game"`
	Speed  string  `json:"speed"`
	Rating float64 `json:"rating"`
	Games  int     `json:"games"`
	// Match is the share of its moves that were the engine's first
	// choice, and Norm that share for its rating; Loss the average loss.
	Match float64 `json:"match"`
	Norm  float64 `json:"norm"`
	Loss  float64 `json:"loss"`
	// MoveMs is its average time a move.
	MoveMs float64 `json:"moveMs"`
}
