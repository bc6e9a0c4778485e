package search

// MaxLevel is full strength.
const MaxLevel = 8

// level limits the search of one playing strength. Weaker levels search
// shallower, stop after fewer nodes and add a deterministic error of up to
// noise centipawns to every evaluation, so their mistakes look like
// misjudgements rather than random blunders. The caps are in depth and
// nodes, not time, so a level plays the same on any machine; only level 8
// uses all the time it is given. With very short thinking times (tens of
// milliseconds) the time limit binds before the caps of levels 6 and 7,
// and those two then differ from level 8 only by their noise. In Dragon
// Chess opening positions depth 4 takes about 13,000 nodes, depth 5
// 25,000-35,000 and depth 6 85,000-130,000, so level 6 stops around depth
// 5, level 7 between 5 and 6, and level 8 given 300 ms (some 120,000 nodes
// on one core of the reference machine) searches about twice as much as
// level 7, without noise.
type level struct {
	depth int
	nodes uint64
	noise int
	// noQuiesce evaluates the horizon as it stands, without resolving
	// captures: the engine then walks into recaptures as a beginner does.
	noQuiesce bool
}

var levels = [MaxLevel]level{
	{depth: 1, nodes: 2_000, noise: 300, noQuiesce: true},
	{depth: 1, nodes: 5_000, noise: 180},
	{depth: 2, nodes: 15_000, noise: 110},
	{depth: 3, nodes: 40_000, noise: 70},
	{depth: 4, nodes: 40_000, noise: 40},
	{depth: 5, nodes: 25_000, noise: 20},
	{depth: 7, nodes: 60_000, noise: 10},
	{},
}
