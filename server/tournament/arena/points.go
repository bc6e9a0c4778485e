package arena

// Result is one player's part of a finished arena game.
type Result struct {
	// Place is the player's finishing place, 1 for the winner. Players
	// who tie share the best place they cover: a two-seat draw is Place 1
	// for both, with Tied 2.
	Place int
	// Tied is how many players share Place, this one included; 0 and 1
	// both mean the place is held alone.
	Tied    int
	Berserk bool // the player halved their clock
	Moves   int  // the player's own moves; a berserk bonus needs at least 7 (as lichess)
}

// berserkMoves is the fewest own moves a berserk win needs for its bonus.
const berserkMoves = 7

// placePoints are the points of each place, by seats.
var placePoints = map[int][]int{
	2: {2, 0},
	3: {3, 1, 0},
	4: {4, 2, 1, 0},
}

// Won reports whether the result is a win: first place, held alone.
func (r Result) Won() bool { return r.Place == 1 && r.Tied <= 1 }

// Points gives the arena points for a result at a table of `seats` and whether the player is on a streak
// (two wins in a row before this game); it also returns whether the streak continues.
// A result that does not fit the table (a place or tie beyond the seats,
// or seats other than 2, 3 or 4) scores nothing and ends the streak.
func Points(r Result, seats int, onStreak bool) (points int, streakAfter bool) {
	pts, ok := placePoints[seats]
	tied := max(r.Tied, 1)
	if !ok || r.Place < 1 || r.Place+tied-1 > seats {
		return 0, false
	}
	sum := 0
	for _, p := range pts[r.Place-1 : r.Place-1+tied] {
		sum += p
	}
	points = sum / tied
	if onStreak {
		points *= 2
	}
	if r.Won() && r.Berserk && r.Moves >= berserkMoves {
		points++
	}
	return points, onStreak && r.Won()
}

// Total is a player's arena score from their results in the order played,
// all at tables of `seats`: a streak starts after two wins in a row.
func Total(results []Result, seats int) int {
	total, wins := 0, 0
	for _, r := range results {
		// Two wins in a row light the streak; only a win keeps it.
		p, _ := Points(r, seats, wins >= 2)
		total += p
		if r.Won() {
			wins++
		} else {
			wins = 0
		}
	}
	return total
}

// OnStreak reports whether a player whose results so far are these (in
// the order played) is on a streak for their next game: their last two
// results were wins.
func OnStreak(results []Result) bool {
	n := len(results)
	return n >= 2 && results[n-1].Won() && results[n-2].Won()
}
