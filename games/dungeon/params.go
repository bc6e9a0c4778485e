package dungeon

import (
	_ "embed"
	"strings"

	"wyrm/game"
	"wyrm/internal/tunable"
)

// weights is the evaluation's parameter table (game.Tuner): every weight
// Evaluate reads.
type weights struct {
	tunable.Table
	value      [numKinds]int // material per unit; the rulebook's XP cost times ten
	mobility   int           // per move a seat's units allow
	quiet      int           // per move onto an empty square beyond half a unit's open-board count
	kingGuard  int           // per friend next to the King
	kingThreat int           // per enemy unit within two squares of the King
	check      int           // the King under attack
	unspentHex int           // a Shaman's hex still to use
	explosion  int           // per mille of adjacent enemies' value a Demonics threatens
	approach   int           // per square a unit stands nearer than the map's approachRef to an enemy King
	netAttack  int           // per square next to an enemy King that the King could step to and the seat attacks
	netFree    int           // per square next to an enemy King that the King could step to safely
	mopNet     int           // added to netAttack and netFree when mopping up
	mopFree    int
	mopEdge    int // per floor square around a mopped-up King
	mopClose   int // per square nearer than the map's farthest walk, for every unit
	mopUnit    int // per unit but the King of a seat mopping up
	tempo      int // for the seat to move
}

// params declares the parameters with the hand-set values the evaluation
// had before it was fitted to data.
var params = func() *tunable.Set[weights] {
	s := &tunable.Set[weights]{}
	add := func(name string, value, lo, hi int, field func(*weights) *int) {
		s.Defs = append(s.Defs, tunable.Def[weights]{Name: name, Value: value, Min: lo, Max: hi, Field: field})
	}
	for k := range numKinds {
		if k.Role() != King {
			name := strings.ToLower(strings.ReplaceAll(k.Name(), " ", ""))
			add("value."+name, k.Cost()*xpScale, 0, 1000, func(w *weights) *int { return &w.value[k] })
		}
	}
	add("mobility", 2, 0, 30, func(w *weights) *int { return &w.mobility })
	add("mobility.quiet", 2, 0, 30, func(w *weights) *int { return &w.quiet })
	add("king.guard", 3, 0, 100, func(w *weights) *int { return &w.kingGuard })
	add("king.threat", 12, 0, 100, func(w *weights) *int { return &w.kingThreat })
	add("king.check", 60, 0, 500, func(w *weights) *int { return &w.check })
	add("hex.unspent", 40, 0, 300, func(w *weights) *int { return &w.unspentHex })
	add("explosion.permille", 125, 0, 1000, func(w *weights) *int { return &w.explosion })
	add("approach", 4, 0, 50, func(w *weights) *int { return &w.approach })
	add("net.attack", 10, 0, 100, func(w *weights) *int { return &w.netAttack })
	add("net.free", 8, 0, 100, func(w *weights) *int { return &w.netFree })
	add("mop.net", 20, 0, 200, func(w *weights) *int { return &w.mopNet })
	add("mop.free", 20, 0, 200, func(w *weights) *int { return &w.mopFree })
	add("mop.edge", 10, 0, 200, func(w *weights) *int { return &w.mopEdge })
	add("mop.close", 6, 0, 100, func(w *weights) *int { return &w.mopClose })
	add("mop.unit", 60, 0, 500, func(w *weights) *int { return &w.mopUnit })
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
