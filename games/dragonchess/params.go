package dragonchess

import (
	_ "embed"
	"strings"

	"wyrm/game"
	"wyrm/internal/tunable"
)

// weights is the evaluation's parameter table (game.Tuner): every weight
// Evaluate reads, and the per-square values derived from them.
type weights struct {
	tunable.Table
	value    [kindCount]int         // material; a reversed Dwarf counts as a Dwarf
	centre   [kindCount]int         // per quarter of the centre bonus (see centreSteps)
	level    [kindCount][levels]int // relative to the kind's home level (see otherLevels)
	mobility [kindCount]int         // per square a piece could move to or capture on
	frozen   int                    // a frozen piece keeps this percentage of its value
	kingOff  int                    // a King driven off the Ground is exposed
	shield   int                    // per own piece next to the King on its level
	tempo    int                    // for the side to move

	// pst[k][sq] is a piece's value plus its square's bonuses, rows
	// padded to a power of two so that the look-up is a shift and a mask;
	// frozenVal is what a frozen piece of each kind counts.
	pst       [pstKinds][pstRow]int16
	frozenVal [pstKinds]int
}

// centreSteps holds per square how near the middle of its board it is: 4
// in a corner, 20 in the middle four squares. The hand-set evaluation gave
// a piece half of it (a centre weight of 2 quarters), 2 to 10 cp.
// It is a variable's initial value, not an init function's work, so that
// it is ready before the embedded table is built.
var centreSteps = func() (c [nSq]int) {
	for sq := range c {
		df, dr := abs(2*fileOf(sq)-(files-1)), abs(2*rankOf(sq)-(ranks-1))
		c[sq] = 22 - df - dr
	}
	return c
}()

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// weights.pst's size: kinds and squares rounded up to powers of two.
const (
	pstKinds = 32
	pstRow   = 512
)

func deriveWeights(w *weights) {
	w.value[revDwarf] = w.value[dwarf]
	w.centre[revDwarf] = w.centre[dwarf]
	w.level[revDwarf] = w.level[dwarf]
	w.mobility[revDwarf] = w.mobility[dwarf]
	for k := range kindCount {
		w.frozenVal[k] = w.value[k] * w.frozen / 100
		for sq := 0; sq < nSq; sq++ {
			w.pst[k][sq] = int16(w.value[k] + w.centre[k]*centreSteps[sq]/4 + w.level[k][levelOf(sq)])
		}
	}
}

// otherLevels lists the levels a kind can stand on besides its home
// level, where a level bonus (relative to the home level) is a parameter.
var otherLevels = []struct {
	kind  kind
	level int
}{
	{sylph, lvGround}, {griffon, lvGround},
	{hero, lvUnder}, {hero, lvSky}, {cleric, lvUnder}, {cleric, lvSky}, {mage, lvUnder}, {mage, lvSky},
	{king, lvUnder}, {king, lvSky}, {paladin, lvUnder}, {paladin, lvSky},
	{dwarf, lvGround}, {elemental, lvGround},
}

// params declares the parameters with the hand-set values the evaluation
// had before it was fitted to data: Gygax's exchange values, a mobility
// weight of 2, no level bonuses and no tempo.
var params = func() *tunable.Set[weights] {
	s := &tunable.Set[weights]{Derive: deriveWeights}
	add := func(name string, value, lo, hi int, field func(*weights) *int) {
		s.Defs = append(s.Defs, tunable.Def[weights]{Name: name, Value: value, Min: lo, Max: hi, Field: field})
	}
	name := func(k kind) string { return strings.ToLower(kindNames[k]) }
	for k := sylph; k <= elemental; k++ {
		if k != king {
			add("value."+name(k), kindValues[k], 0, 3000, func(w *weights) *int { return &w.value[k] })
		}
	}
	for k := sylph; k <= elemental; k++ {
		add("centre."+name(k), 2, 0, 40, func(w *weights) *int { return &w.centre[k] })
	}
	levelNames := [levels]string{"under", "ground", "sky"}
	for _, kl := range otherLevels {
		add("level."+levelNames[kl.level]+"."+name(kl.kind), 0, -300, 300,
			func(w *weights) *int { return &w.level[kl.kind][kl.level] })
	}
	for k := sylph; k <= elemental; k++ {
		if !isPawnKind(k) {
			add("mobility."+name(k), 2, 0, 30, func(w *weights) *int { return &w.mobility[k] })
		}
	}
	add("frozen.percent", 50, 0, 100, func(w *weights) *int { return &w.frozen })
	add("king.offground", 40, 0, 300, func(w *weights) *int { return &w.kingOff })
	add("king.shield", 6, 0, 100, func(w *weights) *int { return &w.shield })
	add("tempo", 0, 0, 100, func(w *weights) *int { return &w.tempo })
	return s
}()

// paramFile holds the values the evaluation plays with, written by
// "wyrm tune" (docs/strength.md says how they were fitted).
//
//go:embed params.txt
var paramFile []byte

// defaultWeights is the table every position starts with.
var defaultWeights = params.MustLoad(paramFile)

var _ game.Tuner = (*Position)(nil)

// Params implements game.Tuner.
func (p *Position) Params() []game.Param { return params.Params(p.w) }

// Weights implements game.Tuner.
func (p *Position) Weights(values []int) (game.Weights, error) { return params.Build(values) }

// SetWeights implements game.Tuner.
func (p *Position) SetWeights(w game.Weights) { p.w = tunable.Of[weights](w) }
