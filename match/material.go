package match

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"wyrm/game"
)

// materialPlayer is a plain alpha-beta search to a fixed depth whose only
// knowledge is material (game.Materialer) and the end of the game: no
// quiescence, no evaluation terms, captures tried first only to prune
// sooner. Among equally good moves it picks at random. It is a yardstick
// outside wyrm's own search for games without a reference engine.
type materialPlayer struct {
	depth int
	rng   *rand.Rand
	me    game.Player
}

const materialWin = 1 << 20

func newMaterialPlayer(depth int, seed uint64) (*materialPlayer, error) {
	if depth < 1 || depth > 6 {
		return nil, fmt.Errorf("material:%d: depth 1..6", depth)
	}
	return &materialPlayer{depth: depth, rng: rand.New(rand.NewPCG(seed, 3))}, nil
}

func (p *materialPlayer) Name() string                          { return fmt.Sprintf("material:%d", p.depth) }
func (p *materialPlayer) NewGame(game.Game, game.Options) error { return nil }
func (p *materialPlayer) Close() error                          { return nil }

func (p *materialPlayer) Move(ctx context.Context, r Request) (string, error) {
	pos := r.Pos
	if _, ok := pos.(game.Materialer); !ok {
		return "", errors.New("this game does not count material")
	}
	p.me = pos.ToMove()
	moves := p.ordered(pos)
	if len(moves) == 0 {
		return "", errors.New("no legal move")
	}
	var best []game.Move
	bestV := -2 * materialWin
	for _, m := range moves {
		if ctx.Err() != nil {
			break
		}
		pos.Play(m)
		// Ties are kept, so the window stays one point wider than best.
		v := p.search(pos, p.depth-1, bestV-1, 2*materialWin, 1)
		pos.Undo()
		switch {
		case v > bestV:
			best, bestV = append(best[:0], m), v
		case v == bestV:
			best = append(best, m)
		}
	}
	return pos.MoveString(best[p.rng.IntN(len(best))]), nil
}

// search is minimax with alpha-beta for the player p.me: it maximises at
// its own turns and minimises at everyone else's.
func (p *materialPlayer) search(pos game.Position, depth, alpha, beta, ply int) int {
	mover := pos.ToMove()
	var moves []game.Move
	if mover != game.NoPlayer {
		moves = p.ordered(pos)
	}
	if len(moves) == 0 {
		switch pos.Outcome().Results[p.me] {
		case game.Win:
			return materialWin - ply
		case game.Loss, game.Eliminated:
			return -materialWin + ply
		}
		return 0
	}
	if depth <= 0 {
		return p.material(pos)
	}
	if mover == p.me {
		for _, m := range moves {
			pos.Play(m)
			alpha = max(alpha, p.search(pos, depth-1, alpha, beta, ply+1))
			pos.Undo()
			if alpha >= beta {
				break
			}
		}
		return alpha
	}
	for _, m := range moves {
		pos.Play(m)
		beta = min(beta, p.search(pos, depth-1, alpha, beta, ply+1))
		pos.Undo()
		if alpha >= beta {
			break
		}
	}
	return beta
}

// material is p.me's material less the strongest opponent's.
func (p *materialPlayer) material(pos game.Position) int {
	mt := pos.(game.Materialer)
	other := 0
	for s := 0; s < pos.Players(); s++ {
		if game.Player(s) != p.me {
			other = max(other, mt.Material(game.Player(s)))
		}
	}
	return mt.Material(p.me) - other
}

// ordered returns the legal moves, noisy ones first.
func (p *materialPlayer) ordered(pos game.Position) []game.Move {
	ms := pos.LegalMoves(nil)
	n := 0
	for i, m := range ms {
		if pos.IsNoisy(m) {
			ms[i], ms[n] = ms[n], ms[i]
			n++
		}
	}
	return ms
}
