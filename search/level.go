package search

// MaxLevel is full strength.
const MaxLevel = 8

// level limits the search of one playing strength. Weaker levels search
// shallower, stop after fewer nodes and add a deterministic error of up to
// noise centipawns to every evaluation, so their mistakes look like
// misjudgements rather than random blunders.
type level struct {
	depth int
	nodes uint64
	noise int
}

var levels = [MaxLevel]level{
	{depth: 1, nodes: 2_000, noise: 400},
	{depth: 1, nodes: 5_000, noise: 180},
	{depth: 2, nodes: 15_000, noise: 110},
	{depth: 3, nodes: 40_000, noise: 70},
	{depth: 4, nodes: 120_000, noise: 40},
	{depth: 6, nodes: 400_000, noise: 20},
	{depth: 9, nodes: 1_500_000, noise: 8},
	{},
}
