package game

import "slices"

// EnglishTexts lists the words g gives people through the contract, as a
// catalogue must hold them: its title, options, seat names for each choice
// of an option, its pieces and levels at the start, its diagrams' notes
// and pieces, its puzzles' themes, its editor's palette and its setup's
// help through every stage (choices suggested by the game itself). Tests check a game's
// catalogues against it, so that no text of a game reaches a page
// untranslated.
func EnglishTexts(g Game) []string {
	seen := map[string]bool{}
	add := func(ss ...string) {
		for _, s := range ss {
			if s != "" {
				seen[s] = true
			}
		}
	}
	add(g.Info().Title)
	addOptions := func(opts []Option) {
		for _, o := range opts {
			if o.Internal {
				continue
			}
			add(o.Label, o.Description)
			add(o.ChoiceLabels...)
			add(o.ChoiceHelp...)
		}
	}
	addOptions(g.Options())
	addView := func(p Position) {
		v, ok := p.(Viewer)
		if !ok {
			return
		}
		add(v.Geometry().LevelNames...)
		for _, pc := range v.Pieces(nil) {
			add(pc.Name)
		}
		for s := range p.Players() {
			add(v.SeatName(Player(s)))
		}
	}
	// Every choice of an option may bring seats, pieces or a board of its own.
	variants := []Options{{}}
	for _, o := range g.Options() {
		if o.Kind == Choice && !o.Internal {
			for _, c := range o.Choices {
				variants = append(variants, Options{o.Name: c})
			}
		}
	}
	for _, opts := range variants {
		if names, err := g.SeatNames(opts); err == nil {
			add(names...)
		}
		if p, err := g.Start(opts); err == nil {
			addView(p)
		}
		if sg, ok := g.(SetupGame); ok {
			addSetup(sg, opts, add)
		}
		if c, ok := g.(Composer); ok {
			if pal, err := c.Palette(opts); err == nil {
				add(pal.Seats...)
				addOptions(pal.Fields)
				for _, list := range slices.Concat(pal.Pieces, pal.Hands) {
					for _, pc := range list {
						add(pc.Name)
					}
				}
			}
		}
	}
	if pz, ok := g.(Puzzler); ok {
		for _, p := range pz.Puzzles() {
			add(p.Themes...) // the puzzles' themes, which the puzzle page names
		}
	}
	for _, d := range g.Diagrams() {
		add(d.Note)
		if p, err := g.Parse(d.Position, d.Options); err == nil {
			addView(p)
		}
	}
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// addSetup walks a setup to play, each seat taking the game's suggestion,
// and adds the help of every stage.
func addSetup(sg SetupGame, opts Options, add func(...string)) {
	s, err := sg.NewSetup(opts)
	if err != nil {
		return
	}
	for range 8 { // stages; a setup that never ends is the game's own test's business
		if s.Stage() == "" {
			break
		}
		add(s.Stage())
		for _, p := range s.Waiting() {
			h := s.Help(p)
			add(h.Text, s.SeatName(p))
			for _, u := range h.Units {
				add(u.Name, u.Group, u.Role, u.Ability)
			}
		}
		for _, p := range s.Waiting() {
			if c, err := s.Suggest(p); err == nil {
				_ = s.Submit(p, c)
			}
		}
	}
	if p, err := s.Position(); err == nil {
		if v, ok := p.(Viewer); ok {
			for _, pc := range v.Pieces(nil) {
				add(pc.Name)
			}
		}
	}
}
