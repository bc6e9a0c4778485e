// Package nnuetrain trains a game's network (package wyrm/game/nnue) in
// pure Go: float32 weights, Adam on mini-batches in an order fixed by a
// seed, then quantisation to the network file's integers. Its data are
// positions with a search's score and their game's result, as "wyrm tune
// -generate -scores" writes them.
package nnuetrain

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"wyrm/game"
)

// Set holds training samples as the network sees them: the features on
// from each perspective (side to move first), the bucket and the target.
type Set struct {
	Inputs, Buckets int
	// off[i]..off[i+1] are sample i's features in us and them alike.
	us, them []uint16
	off      []int
	bucket   []uint8
	target   []float32
	game     []int32
}

// Len is the number of samples.
func (s *Set) Len() int { return len(s.target) }

// Label is how a sample's target mixes the search's score and the game's
// result: Lambda times sigmoid(score/Scale) plus the rest times the
// result, both for the side to move. Scale is the centipawns of one unit
// of the network's output (nnue.Scale).
type Label struct {
	Lambda float64
	Scale  float64
	// Clamp bounds the scores read (a winning score says little more at
	// 3000 than at 1500).
	Clamp int
}

// Read parses data lines "score result game position" (score in
// centipawns for the side to move, result the first seat's) into s,
// reading each position with g and opts. Lines starting with "#" are
// skipped.
func Read(r io.Reader, g game.Game, opts game.Options, lab Label, s *Set) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	var us, them []int
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.SplitN(line, " ", 4)
		if len(f) != 4 {
			return fmt.Errorf("line %d: want \"score result game position\"", n)
		}
		score, err1 := strconv.Atoi(f[0])
		result, err2 := strconv.ParseFloat(f[1], 64)
		gameNo, err3 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || err3 != nil || result < 0 || result > 1 {
			return fmt.Errorf("line %d: bad number", n)
		}
		pos, err := g.Parse(f[3], opts)
		if err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		ni, ok := pos.(game.NetInputs)
		if !ok {
			return fmt.Errorf("%s has no network inputs (game.NetInputs)", g.Info().Title)
		}
		in, buckets := ni.NetShape()
		if s.Inputs == 0 {
			s.Inputs, s.Buckets = in, buckets
			s.off = append(s.off[:0], 0)
		}
		us, them = ni.NetFeatures(us[:0], them[:0])
		for i := range us {
			s.us = append(s.us, uint16(us[i]))
			s.them = append(s.them, uint16(them[i]))
		}
		s.off = append(s.off, len(s.us))
		s.bucket = append(s.bucket, uint8(ni.NetBucket()))
		if pos.ToMove() == 1 {
			result = 1 - result
		}
		score = min(max(score, -lab.Clamp), lab.Clamp)
		t := lab.Lambda*sigmoid(float64(score)/lab.Scale) + (1-lab.Lambda)*result
		s.target = append(s.target, float32(t))
		s.game = append(s.game, int32(gameNo))
	}
	return sc.Err()
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
