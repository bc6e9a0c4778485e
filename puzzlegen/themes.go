package puzzlegen

import (
	"fmt"
	"slices"

	"wyrm/game"
)

// The themes, each found exactly from the position and the line through
// the game contract (docs/puzzles.md says the same for players).
const (
	// ThemeMate: the line ends the game by checkmate, the solver winning;
	// with it "mateInN" for N solver moves.
	ThemeMate = "mate"
	// ThemeKingCapture: the line ends the game by capturing a King.
	ThemeKingCapture = "kingCapture"
	// ThemeMaterial: the game is not ended, the solver captures in the
	// line, and the game's own evaluation (Evaluator.Evaluate) of the
	// solver's side rises by at least two pawns from its start to its end.
	ThemeMaterial = "material"
	// ThemeFork: a solver's move after which, the replies made, the piece
	// that moved can capture two or more units (or gave check and can
	// capture one), and the solver's next move captures with it.
	ThemeFork = "fork"
	// ThemePromotion: a solver's move promotes.
	ThemePromotion = "promotion"
	// ThemeDrop: a solver's move drops a piece from hand.
	ThemeDrop = "drop"
	// ThemeAfar: a solver's move captures from afar (the piece stays).
	ThemeAfar = "captureFromAfar"
	// ThemeFreeze: a solver's move leaves more of the opponents' units
	// frozen than before it.
	ThemeFreeze = "freeze"
	// ThemeHex: a solver's move leaves more of the opponents' units hexed.
	ThemeHex = "hex"
	// ThemeQuiet: the first move neither captures, checks, promotes nor
	// drops.
	ThemeQuiet = "quietMove"
	// ThemeEndgame: at most a third of the pieces the game started with
	// are on the board.
	ThemeEndgame = "endgame"
	// The line's length in solver moves: 1, 2, 3, 4 or more.
	ThemeOneMove  = "oneMove"
	ThemeShort    = "short"
	ThemeLong     = "long"
	ThemeVeryLong = "veryLong"
)

// materialTheme is the least net gain, in centipawns, of ThemeMaterial.
const materialTheme = 200

// Themes finds the themes of the puzzle at start with the line (its
// moves, solver's and replies, legal one after another). startPieces is the
// number of pieces the game started with, 0 when unknown.
func Themes(start game.Position, line []game.Move, startPieces int) []string {
	p := start.Clone()
	solver := p.ToMove()
	set := map[string]bool{}
	moves, captures := 0, false
	forkSq := -1 // the square of a piece that may be forking
	forkCheck := false
	for i, m := range line {
		mover := p.ToMove()
		mv := p.DescribeMove(m)
		if mover != solver {
			p.Play(m)
			continue
		}
		moves++
		if forkSq >= 0 && mv.From == forkSq && mv.Target >= 0 && forks(p, forkSq, forkCheck) {
			set[ThemeFork] = true
		}
		forkSq, forkCheck = -1, false
		captures = captures || mv.Target >= 0
		if mv.Promotion != 0 {
			set[ThemePromotion] = true
		}
		if mv.Drop != 0 {
			set[ThemeDrop] = true
		}
		if mv.Target >= 0 && mv.From >= 0 && (mv.To < 0 || mv.To == mv.From) {
			set[ThemeAfar] = true
		}
		frozen, hexed := marked(p, solver, "frozen"), marked(p, solver, "hexed")
		p.Play(m)
		if marked(p, solver, "frozen") > frozen {
			set[ThemeFreeze] = true
		}
		if marked(p, solver, "hexed") > hexed {
			set[ThemeHex] = true
		}
		if i == 0 && mv.Target < 0 && mv.Promotion == 0 && mv.Drop == 0 && !p.InCheck() {
			set[ThemeQuiet] = true
		}
		if mv.To >= 0 && mv.Drop == 0 && mv.To != mv.From {
			forkSq, forkCheck = mv.To, p.InCheck()
		}
	}
	o := p.Outcome()
	won := o.Over && o.Results[solver] == game.Win
	switch {
	case won && o.Reason == game.EndCheckmate:
		set[ThemeMate] = true
		set[fmt.Sprintf("mateIn%d", moves)] = true
	case won && o.Reason == game.EndKingCaptured:
		set[ThemeKingCapture] = true
	case !o.Over && captures && p.Evaluate(solver)-start.Evaluate(solver) >= materialTheme:
		set[ThemeMaterial] = true
	}
	if startPieces > 0 && 3*len(start.Pieces(nil)) <= startPieces {
		set[ThemeEndgame] = true
	}
	set[[]string{ThemeOneMove, ThemeShort, ThemeLong, ThemeVeryLong}[min(max(moves, 1), 4)-1]] = true
	out := make([]string, 0, len(set))
	for t := range set {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

// forks reports whether the piece on sq, in p with its owner to move, can
// capture two different units, or one after it gave check.
func forks(p game.Position, sq int, gaveCheck bool) bool {
	targets := map[int]bool{}
	for _, m := range p.LegalMoves(nil) {
		if mv := p.DescribeMove(m); mv.From == sq && mv.Target >= 0 {
			targets[mv.Target] = true
		}
	}
	return len(targets) >= 2 || gaveCheck && len(targets) >= 1
}

// marked counts the units not of seat own that carry mark.
func marked(p game.Position, own game.Player, mark string) int {
	n := 0
	for _, pv := range p.Pieces(nil) {
		if pv.Owner != own && slices.Contains(pv.Marks, mark) {
			n++
		}
	}
	return n
}

// Replay reads a puzzle back: its position (with its options), its line
// as moves, and the number of pieces its game starts with under those
// options, for Themes.
func Replay(g game.Game, p game.Puzzle) (game.Position, []game.Move, int, error) {
	pos, err := g.Parse(p.Position, p.Options)
	if err != nil {
		return nil, nil, 0, err
	}
	start, err := g.Start(p.Options)
	if err != nil {
		return nil, nil, 0, err
	}
	q := pos.Clone()
	var line []game.Move
	for _, s := range p.Line {
		m, err := q.ParseMove(s)
		if err != nil {
			return nil, nil, 0, fmt.Errorf("line move %q: %w", s, err)
		}
		line = append(line, m)
		q.Play(m)
	}
	return pos, line, len(start.Pieces(nil)), nil
}

// Retheme finds p's themes again, as this build finds them.
func Retheme(g game.Game, p game.Puzzle) (game.Puzzle, error) {
	pos, line, n, err := Replay(g, p)
	if err != nil {
		return p, err
	}
	p.Themes = Themes(pos, line, n)
	return p, nil
}
