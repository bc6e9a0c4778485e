package game

// UCIStarter is implemented by games whose "position startpos" under UCI
// is not the position Start gives for the same options: a variant whose
// UCI name another engine defined, whose start wyrm's protocol must keep
// so that a GUI or an engine speaking that convention agrees with it.
type UCIStarter interface {
	// UCIStart returns the position "position startpos" names under the
	// game's UCI_Variant with opts.
	UCIStart(opts Options) (Position, error)
}

// UCIStart returns the position that "position startpos" names to a UCI
// engine playing g with opts: the game's UCIStart where it has one, else
// its Start.
func UCIStart(g Game, opts Options) (Position, error) {
	if u, ok := g.(UCIStarter); ok {
		return u.UCIStart(opts)
	}
	return g.Start(opts)
}

// IsUCIStart reports whether start, a position string of g, is the
// position "position startpos" names to a UCI engine playing g with opts;
// where it is not, a client must send the position itself.
func IsUCIStart(g Game, opts Options, start string) bool {
	if start == "" {
		return false
	}
	p, err := UCIStart(g, opts)
	return err == nil && p.String() == start
}
