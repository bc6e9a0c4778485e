package arena

import "testing"

func TestPoints(t *testing.T) {
	win, draw := Result{Place: 1}, Result{Place: 1, Tied: 2}
	berserk := func(r Result, moves int) Result { r.Berserk, r.Moves = true, moves; return r }
	tests := []struct {
		name     string
		r        Result
		seats    int
		onStreak bool
		points   int
		streak   bool
	}{
		{"two seats: win", win, 2, false, 2, false},
		{"two seats: draw", draw, 2, false, 1, false},
		{"two seats: loss", Result{Place: 2}, 2, false, 0, false},
		{"two seats: win on a streak", win, 2, true, 4, true},
		{"two seats: draw on a streak counts double and ends it", draw, 2, true, 2, false},
		{"two seats: loss on a streak", Result{Place: 2}, 2, true, 0, false},
		{"two seats: berserk win", berserk(win, 7), 2, false, 3, false},
		{"two seats: berserk win too short", berserk(win, 6), 2, false, 2, false},
		{"two seats: berserk win on a streak", berserk(win, 30), 2, true, 5, true},
		{"two seats: berserk draw", berserk(draw, 30), 2, false, 1, false},
		{"two seats: berserk loss", berserk(Result{Place: 2}, 30), 2, false, 0, false},
		{"two seats: Tied 1 is alone", Result{Place: 1, Tied: 1}, 2, false, 2, false},
		{"three seats: first", win, 3, false, 3, false},
		{"three seats: second", Result{Place: 2}, 3, false, 1, false},
		{"three seats: third", Result{Place: 3}, 3, false, 0, false},
		{"three seats: first on a streak", win, 3, true, 6, true},
		{"three seats: berserk first", berserk(win, 7), 3, false, 4, false},
		{"three seats: two tied first", draw, 3, false, 2, false},
		{"three seats: two tied second", Result{Place: 2, Tied: 2}, 3, false, 0, false},
		{"three seats: all tied", Result{Place: 1, Tied: 3}, 3, false, 1, false},
		{"four seats: first", win, 4, false, 4, false},
		{"four seats: second", Result{Place: 2}, 4, false, 2, false},
		{"four seats: third", Result{Place: 3}, 4, false, 1, false},
		{"four seats: fourth", Result{Place: 4}, 4, false, 0, false},
		{"four seats: second on a streak ends it", Result{Place: 2}, 4, true, 4, false},
		{"four seats: two tied first", draw, 4, false, 3, false},
		{"four seats: two tied third", Result{Place: 3, Tied: 2}, 4, false, 0, false},
		{"four seats: all tied", Result{Place: 1, Tied: 4}, 4, false, 1, false},
		{"five seats", win, 5, false, 0, false},
		{"place zero", Result{}, 2, true, 0, false},
		{"place beyond the seats", Result{Place: 3}, 2, false, 0, false},
		{"tie beyond the seats", Result{Place: 2, Tied: 2}, 2, false, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, s := Points(tt.r, tt.seats, tt.onStreak)
			if p != tt.points || s != tt.streak {
				t.Fatalf("Points = %d, %v; want %d, %v", p, s, tt.points, tt.streak)
			}
		})
	}
}

func TestTotal(t *testing.T) {
	w, d, l := Result{Place: 1}, Result{Place: 1, Tied: 2}, Result{Place: 2}
	bw := Result{Place: 1, Berserk: true, Moves: 10}
	tests := []struct {
		name    string
		results []Result
		seats   int
		want    int
	}{
		{"none", nil, 2, 0},
		// 2 + 2, then on fire: 4, a draw 2 ending it, 2, 0, 2 + 2, on
		// fire again: a berserk win 4 + 1.
		{"streaks", []Result{w, w, w, d, w, l, w, w, bw}, 2, 21},
		{"draws never start a streak", []Result{d, d, d, w}, 2, 5},
		// 4 + 4, then on fire: second place 2 doubled, and it ends.
		{"four seats", []Result{w, w, {Place: 2}, w}, 4, 16},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Total(tt.results, tt.seats); got != tt.want {
				t.Fatalf("Total = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestOnStreak(t *testing.T) {
	w, d, l := Result{Place: 1}, Result{Place: 1, Tied: 2}, Result{Place: 2}
	tests := []struct {
		name    string
		results []Result
		want    bool
	}{
		{"none", nil, false},
		{"one win", []Result{w}, false},
		{"two wins", []Result{w, w}, true},
		{"a loss then two wins", []Result{l, w, w}, true},
		{"two wins then a draw", []Result{w, w, d}, false},
		{"win, draw, win", []Result{w, d, w}, false},
		{"three wins", []Result{w, w, w}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := OnStreak(tt.results); got != tt.want {
				t.Fatalf("OnStreak = %v, want %v", got, tt.want)
			}
		})
	}
}
