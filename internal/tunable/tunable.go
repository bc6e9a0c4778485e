// Package tunable is the bookkeeping a game needs to implement
// game.Tuner: its evaluation parameters declared once, with where each
// lives in the game's own table type, built into tables from values and
// read from the parameter file the game embeds. The evaluation itself
// reads its table's fields directly, so tuning costs it nothing.
package tunable

import (
	"fmt"
	"slices"

	"wyrm/game"
)

// Table is embedded in a game's table type: it keeps the values the table
// was built from and implements game.Weights.
type Table struct{ values []int }

// Values implements game.Weights.
func (t *Table) Values() []int { return slices.Clone(t.values) }

func (t *Table) table() *Table { return t }

type tabler interface{ table() *Table }

// Def declares one parameter of table type W: its name, its hand-set
// value (where a fit starts the first time), its bounds, and the field
// of W that holds it.
type Def[W any] struct {
	Name            string
	Value, Min, Max int
	Field           func(*W) *int
}

// Set is a game's parameters: their declarations in a fixed order, and
// Derive, which fills the fields of W that are computed from the
// parameters (piece-square tables built from shapes, say).
type Set[W any] struct {
	Defs   []Def[W]
	Derive func(*W)
}

// Params lists the parameters with w's values.
func (s *Set[W]) Params(w *W) []game.Param {
	vals := any(w).(tabler).table().values
	out := make([]game.Param, len(s.Defs))
	for i, d := range s.Defs {
		out[i] = game.Param{Name: d.Name, Value: vals[i], Min: d.Min, Max: d.Max, Hand: d.Value}
	}
	return out
}

// hand lists the parameters with their hand-set values.
func (s *Set[W]) hand() []game.Param {
	out := make([]game.Param, len(s.Defs))
	for i, d := range s.Defs {
		out[i] = game.Param{Name: d.Name, Value: d.Value, Min: d.Min, Max: d.Max, Hand: d.Value}
	}
	return out
}

// Build makes a table from values in the declarations' order, checked
// against their bounds.
func (s *Set[W]) Build(values []int) (*W, error) {
	if err := game.CheckValues(s.hand(), values); err != nil {
		return nil, err
	}
	w := new(W)
	for i, d := range s.Defs {
		*d.Field(w) = values[i]
	}
	if s.Derive != nil {
		s.Derive(w)
	}
	any(w).(tabler).table().values = slices.Clone(values)
	return w, nil
}

// Hand builds the table of the hand-set values.
func (s *Set[W]) Hand() *W {
	w, err := s.Build(s.values(s.hand()))
	if err != nil {
		panic(err) // a declaration out of its own bounds: a bug the tests find
	}
	return w
}

func (s *Set[W]) values(ps []game.Param) []int {
	v := make([]int, len(ps))
	for i, p := range ps {
		v[i] = p.Value
	}
	return v
}

// Load builds the table of a parameter file that names every parameter
// once and nothing else: the values a game plays with, embedded in it.
func (s *Set[W]) Load(file []byte) (*W, error) {
	named, err := game.ParseParams(file)
	if err != nil {
		return nil, err
	}
	ps := s.hand()
	index := make(map[string]int, len(ps))
	for i, p := range ps {
		index[p.Name] = i
	}
	values := s.values(ps)
	for _, n := range named {
		i, ok := index[n.Name]
		if !ok {
			return nil, fmt.Errorf("no evaluation parameter %q", n.Name)
		}
		values[i] = n.Value
	}
	if len(named) != len(ps) {
		return nil, fmt.Errorf("%d of %d parameters given", len(named), len(ps))
	}
	return s.Build(values)
}

// MustLoad is Load for the file a game embeds: a bad one is a bug that
// the game's tests find.
func (s *Set[W]) MustLoad(file []byte) *W {
	w, err := s.Load(file)
	if err != nil {
		panic("embedded evaluation parameters: " + err.Error())
	}
	return w
}

// Of returns the table w as W, for SetWeights: a table of another game
// is a caller's bug.
func Of[W any](w game.Weights) *W {
	t, ok := any(w).(*W)
	if !ok {
		panic(fmt.Sprintf("evaluation weights of type %T given to a position that reads %T", w, new(W)))
	}
	return t
}
