package game

// NetInputs is implemented by positions whose game has a learned
// evaluation (package wyrm/game/nnue): it names the network's inputs, so
// that a trainer that knows nothing of the game's board can turn its
// positions into training samples with the same features the evaluation
// uses.
type NetInputs interface {
	// NetShape is the number of features per perspective and of output
	// buckets.
	NetShape() (inputs, buckets int)
	// NetFeatures appends the features that are on, seen from the player
	// to move (us) and from the other player (them).
	NetFeatures(us, them []int) ([]int, []int)
	// NetBucket is the output head the position is evaluated with.
	NetBucket() int
}
