package rating

import (
	"fmt"
	"testing"
)

// Weng-Lin with the Bradley-Terry full-pair model, worked by hand. Per
// player i, over every other player q:
//
//	s2_i   = RD_i^2 + (Vol_i * S)^2           (one period's drift; S = 173.7178)
//	c_iq   = sqrt(s2_i + s2_q + 2 beta^2)     (2 beta^2 = S^2 = 30177.8715)
//	p_iq   = 1 / (1 + exp((R_q - R_i) / c_iq))
//	omega += s2_i / c_iq * (score_iq - p_iq)
//	delta += (sqrt(s2_i) / c_iq) * s2_i / c_iq^2 * p_iq * (1 - p_iq)
//
// and then R_i' = R_i + omega, RD_i' = sqrt(s2_i * max(1 - delta, kappa)).
// Every player here has Vol 0.06, so t^2 = (0.06 S)^2 = 108.6403.

// Three players 1600, 1500 and 1400, all RD 200; the lowest wins, the
// highest is second, the middle one last.
//
//	s2 = 200^2 + 108.6403 = 40108.6403 for all; c = sqrt(2 * 40108.6403 + 30177.8715) = 332.2577
//	s2/c = 40108.6403 / 332.2577 = 120.7155
//	gamma * s2/c^2 = (200.2714 / 332.2577) * (40108.6403 / 110395.1521) = 0.602759 * 0.363319 = 0.218995
//	p for 100 points up: 1/(1+exp(-100/332.2577)) = 0.574680, p(1-p) = 0.244419, delta term 0.053527
//	p for 200 points up: 1/(1+exp(-200/332.2577)) = 0.646101, p(1-p) = 0.228653, delta term 0.050074
//	A (1600, 2nd): v B s = 1: 120.7155 * (1 - 0.574680) = 51.3427; v C s = 0: 120.7155 * -0.646101 = -77.9943
//	    R = 1600 - 26.6516 = 1573.3484; delta = 0.053527 + 0.050074 = 0.103601
//	    RD = sqrt(40108.6403 * 0.896399) = 189.6137
//	B (1500, 3rd): v A s = 0: 120.7155 * -0.425320 = -51.3427; v C s = 0: 120.7155 * -0.574680 = -69.3728
//	    R = 1500 - 120.7155 = 1379.2845; delta = 2 * 0.053527 = 0.107054; RD = 189.2481
//	C (1400, 1st): v A s = 1: 120.7155 * (1 - 0.353899) = 77.9943; v B s = 1: 120.7155 * (1 - 0.425320) = 69.3728
//	    R = 1400 + 147.3671 = 1547.3671; delta = 0.050074 + 0.053527 = 0.103601; RD = 189.6137
func TestPlacingsThreePlayersByHand(t *testing.T) {
	in := []Rating{{1600, 200, 0.06}, {1500, 200, 0.06}, {1400, 200, 0.06}}
	got, err := UpdatePlacings(in, []int{2, 3, 1})
	if err != nil {
		t.Fatal(err)
	}
	want := []Rating{{1573.3484, 189.6137, 0.06}, {1379.2845, 189.2481, 0.06}, {1547.3671, 189.6137, 0.06}}
	for i := range want {
		near(t, fmt.Sprintf("R[%d]", i), got[i].R, want[i].R, 0.0005)
		near(t, fmt.Sprintf("RD[%d]", i), got[i].RD, want[i].RD, 0.0005)
		if got[i].Vol != 0.06 {
			t.Errorf("volatility %d changed: %g", i, got[i].Vol)
		}
	}
}

// Four players of different deviations: A 1700/80, B 1500/150, C 1500/150,
// D 1300/300. D wins, A is second, B and C are eliminated together and tie
// for third.
//
//	s2: A 6400 + 108.6403 = 6508.6403; B, C 22608.6403; D 90108.6403
//	c:  AB = AC = sqrt(6508.6403 + 22608.6403 + 30177.8715) = 243.5060
//	    AD = sqrt(6508.6403 + 90108.6403 + 30177.8715) = 356.0831
//	    BC = sqrt(2 * 22608.6403 + 30177.8715) = 274.5818
//	    BD = CD = sqrt(22608.6403 + 90108.6403 + 30177.8715) = 378.0148
//	p:  A over B (or C) = 1/(1+exp(-200/243.5060)) = 0.694520
//	    A over D = 1/(1+exp(-400/356.0831)) = 0.754607
//	    B over C = 0.5; B (or C) over D = 1/(1+exp(-200/378.0148)) = 0.629268
//	A: omega = 26.7290 * (1 - 0.694520) * 2 + 18.2784 * (0 - 0.754607)
//	         = 8.1651 + 8.1651 - 13.7930 = 2.5373 -> R 1702.5373
//	   (s2_A / c_AB = 6508.6403 / 243.5060 = 26.7290; s2_A / c_AD = 18.2784)
//	   delta = 0.007716 + 0.007716 + 0.002154 = 0.017585 -> RD sqrt(6508.6403 * 0.982415) = 79.9637
//	B: omega = 92.8467 * (0 - 0.305480) + 82.3390 * (0.5 - 0.5) + 59.8089 * (0 - 0.629268)
//	         = -28.3627 + 0 - 37.6358 = -65.9986 -> R 1434.0014
//	   delta = 0.049952 + 0.041052 + 0.014682 = 0.105686 -> RD sqrt(22608.6403 * 0.894314) = 142.1943
//	C: the same as B (same rating, deviation and place).
//	D: omega = 253.0559 * (1 - 0.245393) + 238.3730 * (1 - 0.370732) * 2
//	         = 190.9570 + 150.0008 + 150.0008 = 490.9587 -> R 1790.9587
//	   delta = 0.110938 + 0.116820 + 0.116820 = 0.344579 -> RD sqrt(90108.6403 * 0.655421) = 243.0208
//
// The unsure winner takes most; the sure A, second, barely moves, since it
// beat two it was expected to beat and lost to one it was expected to beat.
func TestPlacingsFourPlayersByHand(t *testing.T) {
	in := []Rating{{1700, 80, 0.06}, {1500, 150, 0.06}, {1500, 150, 0.06}, {1300, 300, 0.06}}
	places, err := PlacesByElimination(4, [][]int{{1, 2}, {0}})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(places) != "[2 3 3 1]" {
		t.Fatalf("places %v", places)
	}
	got, err := UpdatePlacings(in, places)
	if err != nil {
		t.Fatal(err)
	}
	want := []Rating{{1702.5373, 79.9637, 0.06}, {1434.0014, 142.1943, 0.06}, {1434.0014, 142.1943, 0.06}, {1790.9587, 243.0208, 0.06}}
	for i := range want {
		near(t, fmt.Sprintf("R[%d]", i), got[i].R, want[i].R, 0.0005)
		near(t, fmt.Sprintf("RD[%d]", i), got[i].RD, want[i].RD, 0.0005)
	}
}

func TestPlacingsSymmetry(t *testing.T) {
	for n := 2; n <= 4; n++ {
		in := make([]Rating, n)
		tie := make([]int, n)
		order := make([]int, n)
		for i := range in {
			in[i] = New()
			tie[i] = 1
			order[i] = i + 1
		}
		// Equal players who tie keep their ratings, all alike, and grow
		// surer.
		got, err := UpdatePlacings(in, tie)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range got {
			if r.R != 1500 || r.RD != got[0].RD || r.RD >= 350 {
				t.Errorf("%d players tie: player %d %+v", n, i, r)
			}
		}
		// Equal players in order 1..n: the winner gains, the last loses,
		// the changes mirror each other and add up to zero.
		got, err = UpdatePlacings(in, order)
		if err != nil {
			t.Fatal(err)
		}
		if !(got[0].R > 1500 && got[n-1].R < 1500) {
			t.Errorf("%d players: winner %.2f, last %.2f", n, got[0].R, got[n-1].R)
		}
		var sum float64
		for i, r := range got {
			sum += r.R - 1500
			near(t, fmt.Sprintf("%d players, mirror of %d", n, i), r.R-1500, 1500-got[n-1-i].R, 1e-9)
			if i > 0 && r.R >= got[i-1].R {
				t.Errorf("%d players: place %d has %.2f, place %d %.2f", n, i+1, r.R, i, got[i-1].R)
			}
		}
		near(t, fmt.Sprintf("%d players: sum of changes", n), sum, 0, 1e-9)
	}
}

// With equal deviations every pair's gain and loss cancel, whatever the
// ratings and places.
func TestPlacingsZeroSumForEqualDeviations(t *testing.T) {
	in := []Rating{{1820, 120, 0.06}, {1490, 120, 0.06}, {1655, 120, 0.06}, {1302, 120, 0.06}}
	for _, places := range [][]int{{1, 2, 3, 4}, {4, 3, 2, 1}, {2, 1, 1, 4}, {3, 3, 1, 2}, {1, 1, 1, 1}} {
		got, err := UpdatePlacings(in, places)
		if err != nil {
			t.Fatal(err)
		}
		var sum float64
		for i := range got {
			sum += got[i].R - in[i].R
		}
		near(t, fmt.Sprintf("sum of changes for places %v", places), sum, 0, 1e-9)
		// The winner gains and the last loses, here too.
		for i, p := range places {
			if p == 1 && places[0] != places[1] && got[i].R <= in[i].R {
				t.Errorf("places %v: winner %d went from %.1f to %.1f", places, i, in[i].R, got[i].R)
			}
		}
	}
}

// A player's new rating does not depend on the order players are listed
// in.
func TestPlacingsIgnoreListingOrder(t *testing.T) {
	in := []Rating{{1700, 80, 0.06}, {1500, 150, 0.05}, {1450, 200, 0.07}, {1300, 300, 0.06}}
	places := []int{3, 1, 4, 2}
	got, _ := UpdatePlacings(in, places)
	perm := []int{2, 0, 3, 1}
	pin := make([]Rating, 4)
	pplaces := make([]int, 4)
	for i, j := range perm {
		pin[i], pplaces[i] = in[j], places[j]
	}
	pgot, _ := UpdatePlacings(pin, pplaces)
	for i, j := range perm {
		near(t, "R", pgot[i].R, got[j].R, 1e-9)
		near(t, "RD", pgot[i].RD, got[j].RD, 1e-9)
	}
}

// Two players by placing agree in direction and rough size with Glicko-2,
// since both are on one scale.
func TestPlacingsTwoPlayersLikeGlicko(t *testing.T) {
	a, b := Rating{1600, 80, 0.06}, Rating{1500, 80, 0.06}
	wl, _ := UpdatePlacings([]Rating{a, b}, []int{2, 1})
	ga, gb := UpdateTwoPlayer(a, b, 0)
	if !(wl[0].R < a.R && wl[1].R > b.R) {
		t.Fatalf("upset: %+v", wl)
	}
	for i, pair := range [][2]float64{{wl[0].R - a.R, ga.R - a.R}, {wl[1].R - b.R, gb.R - b.R}} {
		if r := pair[0] / pair[1]; r < 0.5 || r > 2 {
			t.Errorf("player %d: Weng-Lin moves %.2f, Glicko-2 %.2f", i, pair[0], pair[1])
		}
	}
}

func TestPlacingsRefuseBadInput(t *testing.T) {
	for _, c := range []struct {
		n      int
		places []int
	}{{1, []int{1}}, {3, []int{1, 2}}, {3, []int{1, 2, 4}}, {2, []int{0, 1}}} {
		in := make([]Rating, c.n)
		for i := range in {
			in[i] = New()
		}
		if _, err := UpdatePlacings(in, c.places); err == nil {
			t.Errorf("%d players, places %v: no error", c.n, c.places)
		}
	}
}

func TestPlacesByElimination(t *testing.T) {
	for _, c := range []struct {
		n    int
		out  [][]int
		want string
	}{
		// Out in order 3, 1, 0: seat 2 won.
		{4, [][]int{{3}, {1}, {0}}, "[2 3 1 4]"},
		// Two drew after two went out: both share first.
		{4, [][]int{{0}, {3}}, "[4 1 1 3]"},
		// Two went out together first, then one more.
		{4, [][]int{{1, 2}, {0}}, "[2 3 3 1]"},
		// All three left draw at once: a three-way tie for first.
		{4, [][]int{{2}}, "[1 1 4 1]"},
		// The last two went out together: they share first.
		{3, [][]int{{0}, {1, 2}}, "[3 1 1]"},
		{2, nil, "[1 1]"},
		{2, [][]int{{1}}, "[1 2]"},
	} {
		got, err := PlacesByElimination(c.n, c.out)
		if err != nil || fmt.Sprint(got) != c.want {
			t.Errorf("PlacesByElimination(%d, %v) = %v %v, want %s", c.n, c.out, got, err, c.want)
		}
	}
	for _, bad := range [][][]int{{{4}}, {{-1}}, {{1}, {1}}, {{0, 0}}} {
		if _, err := PlacesByElimination(4, bad); err == nil {
			t.Errorf("PlacesByElimination(4, %v): no error", bad)
		}
	}
}

// The kappa floor keeps a variance positive however much one game says:
// an unsure player (RD 350) tying with seven sure ones (RD near 0) has
// c = sqrt(350^2 + S^2) = 390.7402 with each, so each pair adds
// (350 / 390.7402) * (350^2 / 390.7402^2) * 0.25 = 0.8957 * 0.8024 * 0.25
// = 0.1797 to delta: 1.2577 in all, and 1 - delta would be negative. The
// factor is kappa instead, and the deviation sqrt(kappa) = 1/100 of 350.
func TestPlacingsKappaFloor(t *testing.T) {
	c := Config{MinRD: 1e-6}
	in := []Rating{{1500, 350, 1e-9}}
	for range 7 {
		in = append(in, Rating{1500, 1e-3, 1e-9})
	}
	got, err := c.UpdatePlacings(in, make8(1))
	if err != nil {
		t.Fatal(err)
	}
	near(t, "RD", got[0].RD, 3.5, 1e-6)
	near(t, "R", got[0].R, 1500, 1e-9)
}

// make8 returns eight equal places.
func make8(p int) []int { return []int{p, p, p, p, p, p, p, p} }
