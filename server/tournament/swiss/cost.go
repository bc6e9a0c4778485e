package swiss

// sdBuckets is how many score differences (in half points) the cost tells
// apart; larger ones count as the largest.
const sdBuckets = 16

// The positions in a cost after the score differences.
const (
	iLimits = sdBuckets + iota // topscorers pushed past the colour limits
	iDenied                    // colour preferences denied
	iStrong                    // strong or absolute preferences denied
	iDown1                     // downfloating as in the last round
	iUp1                       // upfloating as in the last round
	iDown2                     // downfloating as two rounds ago
	iUp2                       // upfloating as two rounds ago
	costLen
)

// cost is a bracket pairing's quality by the quality criteria, compared
// position by position; lower is better. It opens with how many pairs and
// floaters have each score difference, the largest difference first, which
// compares as FIDE compares the sorted lists of differences (C.04.3 C6): a
// floater's difference is one more than its lead over the bracket. Then
// come the colour criteria (C8 to C11) and the float criteria (C12 to C15).
type cost [costLen]int

func (c cost) less(d cost) bool {
	for i := range c {
		if c[i] != d[i] {
			return c[i] < d[i]
		}
	}
	return false
}

func (c cost) add(d cost) cost {
	for i := range c {
		c[i] += d[i]
	}
	return c
}

// addSD counts one score difference; zero needs no counting, since every
// candidate with as many pairs has as many entries.
func (c *cost) addSD(d int) {
	if d > 0 {
		c[sdBuckets-min(d, sdBuckets)]++
	}
}
