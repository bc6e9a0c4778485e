package fairplay

import (
	"cmp"
	"context"
	"slices"
)

// The flag's rule. An account is flagged in a pool once at least MinGames
// of its rated games there, with MinMoves moves or more, were analysed,
// and the share of its moves that were the engine's first choice stands
// Margin or more above Norm of its average rating. Both are round figures
// to start from, meant to be replaced by the server's own players' figures
// once enough games are analysed: the queue is for people to judge.
const (
	MinGames = 5
	MinMoves = 100
	Margin   = 0.20
)

// Norm is the share of moves a player of rating r is expected to play as
// the engine's first choice at the analysis's depth: 30% at 1500, ten
// points more each 500 rating points, within 15% and 70%.
func Norm(r float64) float64 {
	return min(max(0.30+0.10*(r-1500)/500, 0.15), 0.70)
}

// Flag is an account the rule flagged, with its totals.
type Flag struct {
	Totals
	Name string
	Norm float64
}

// Account reads an account's name (false: gone, or closed) and mark (""
// for none): a closed or marked account is past judging.
type Account func(ctx context.Context, id int64) (name, mark string, ok bool)

// Flags returns up to n accounts the rule flags, the furthest above their
// norm first.
func (s *Store) Flags(ctx context.Context, n int, account Account) ([]Flag, error) {
	all, err := s.totals(ctx)
	if err != nil {
		return nil, err
	}
	var out []Flag
	for _, t := range all {
		norm := Norm(t.Rating)
		if t.Match() < norm+Margin {
			continue
		}
		name, mark, ok := account(ctx, t.UserID)
		if !ok || mark != "" {
			continue
		}
		out = append(out, Flag{Totals: t, Name: name, Norm: norm})
	}
	slices.SortFunc(out, func(a, b Flag) int { return cmp.Compare(b.Match()-b.Norm, a.Match()-a.Norm) })
	if len(out) > n {
		out = out[:n]
	}
	return out, nil
}
