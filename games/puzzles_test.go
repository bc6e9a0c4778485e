package games

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"wyrm/game"
	"wyrm/puzzlegen"
)

// MinPuzzles is how many puzzles every game comes with at least.
const MinPuzzles = 300

// Every puzzle a game comes with replays: its position reads with its
// options, its line is legal and written as the game writes it, alternates
// between the solver and the opponents and ends with the solver, its
// themes are the ones this build finds, and its id is its own.
func TestPuzzlesReplay(t *testing.T) {
	for _, g := range All() {
		name := g.Info().Name
		pz, ok := g.(game.Puzzler)
		if !ok {
			t.Errorf("%s has no puzzles", name)
			continue
		}
		ps := pz.Puzzles()
		if len(ps) < MinPuzzles {
			t.Errorf("%s has %d puzzles, want at least %d", name, len(ps), MinPuzzles)
		}
		ids, multi := map[string]bool{}, 0
		for _, p := range ps {
			pos, line, _, err := puzzlegen.Replay(g, p)
			if err != nil {
				t.Fatalf("%s puzzle %s: %v", name, p.ID, err)
			}
			if ids[p.ID] || p.ID != puzzlegen.PuzzleID(p.Position) {
				t.Errorf("%s puzzle %s: id repeated or not its position's", name, p.ID)
			}
			ids[p.ID] = true
			solver, q, moves := pos.ToMove(), pos.Clone(), 0
			for i, m := range line {
				if q.MoveString(m) != p.Line[i] || game.Notation(q, m) != p.LineSAN[i] {
					t.Errorf("%s puzzle %s: move %d written %s/%s, not %s/%s", name, p.ID, i, q.MoveString(m), game.Notation(q, m), p.Line[i], p.LineSAN[i])
				}
				if q.ToMove() == solver {
					moves++
				}
				q.Play(m)
				if i == len(line)-1 && (q.ToMove() == solver || moves != p.Moves) {
					t.Errorf("%s puzzle %s: the line does not end with the solver's move %d", name, p.ID, p.Moves)
				}
			}
			if p.Solution != p.Line[0] || p.SAN != p.LineSAN[0] || p.Score <= p.Second || p.Rating < 600 || p.Rating > 2600 {
				t.Errorf("%s puzzle %s: solution %s/%s, scores %d/%d, rating %d", name, p.ID, p.Solution, p.SAN, p.Score, p.Second, p.Rating)
			}
			again, _ := puzzlegen.Retheme(g, p)
			if !slices.Equal(again.Themes, p.Themes) {
				t.Errorf("%s puzzle %s: themes %v, found %v", name, p.ID, p.Themes, again.Themes)
			}
			if p.Moves >= 2 {
				multi++
			}
		}
		if len(ps) > 0 && multi*100 < 60*len(ps) {
			t.Errorf("%s: %d of %d puzzles have two or more solver moves, want 60%%", name, multi, len(ps))
		}
	}
}

// fileRules reads the rules a game's puzzle file was made with.
func fileRules(t *testing.T, name string) puzzlegen.Rules {
	b, err := os.ReadFile(filepath.Join(name, "puzzles.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Rules *puzzlegen.Rules `json:"rules"`
	}
	if err := json.Unmarshal(b, &f); err != nil || f.Rules == nil {
		t.Fatalf("%s: no rules in the puzzle file: %v", name, err)
	}
	return *f.Rules
}

// A sample of every game's puzzles is searched again with the rules of its
// file: at each step the solver's move is the engine's one clear win and
// each reply the engine's choice. The searches start from a cleared engine,
// so they repeat the generator's exactly.
func TestPuzzlesAreEngineLines(t *testing.T) {
	per := 3
	if testing.Short() {
		per = 1
	}
	ctx := context.Background()
	for _, g := range All() {
		name := g.Info().Name
		ps := g.(game.Puzzler).Puzzles()
		c := puzzlegen.NewChecker(fileRules(t, name))
		for k := 0; k < per && len(ps) > 0; k++ {
			p := ps[k*len(ps)/per]
			pos, line, _, err := puzzlegen.Replay(g, p)
			if err != nil {
				t.Fatal(err)
			}
			solver := pos.ToMove()
			for i, m := range line {
				switch {
				case i == 0:
					v, ok := c.First(ctx, pos)
					if !ok || v.Best != m {
						t.Errorf("%s puzzle %s: the first step is %s (clear %v), not %s", name, p.ID, pos.MoveString(v.Best), ok, p.Line[0])
					}
				case pos.ToMove() == solver:
					v, ok := c.Step(ctx, pos)
					if !ok || v.Best != m {
						t.Errorf("%s puzzle %s: step %d is %s (clear %v), not %s", name, p.ID, i, pos.MoveString(v.Best), ok, p.Line[i])
					}
				default:
					if r := c.Reply(ctx, pos); r != m {
						t.Errorf("%s puzzle %s: reply %d is %s, not %s", name, p.ID, i, pos.MoveString(r), p.Line[i])
					}
				}
				pos.Play(m)
			}
		}
	}
}
