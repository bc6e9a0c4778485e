package editor

import (
	"net/http"
	"slices"

	"wyrm/game"
	"wyrm/game/boardview"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// MaxPosition bounds a position string sent to be decomposed: far above
// the longest position of any game, far below the body limit.
const MaxPosition = 4096

// composeRequest is the body of POST /api/compose.
type composeRequest struct {
	Game        string           `json:"game"`
	Options     game.Options     `json:"options"`
	Composition game.Composition `json:"composition"`
}

// decomposeRequest is the body of POST /api/decompose: a position string,
// a game record (its last position), or neither (the start position of the
// options).
type decomposeRequest struct {
	Game     string       `json:"game"`
	Options  game.Options `json:"options"`
	Position string       `json:"position,omitempty"`
	Record   string       `json:"record,omitempty"`
}

// composedJSON is a composition's position as the editor shows it.
type composedJSON struct {
	// Position is the position string, "" when the composition cannot be
	// written at all.
	Position string `json:"position"`
	// Error is the game's reason for not playing the position, "" when
	// it plays it.
	Error string `json:"error,omitempty"`
	// Over names the end of a game that would be over from the start
	// (a side checkmated).
	Over  string          `json:"over,omitempty"`
	Board boardview.Board `json:"board"`
}

// decomposedJSON is a position read into the editor: the options it
// shapes, their palette, its composition and the position as composed.
type decomposedJSON struct {
	Game        string           `json:"game"`
	Options     game.Options     `json:"options"`
	Palette     Palette          `json:"palette"`
	Composition game.Composition `json:"composition"`
	composedJSON
}

// Palette is a game.Palette for the browser: the board, the seats, the
// pieces each may place on the board or in hand, the position's fields
// and the options the position shapes.
type Palette struct {
	Geometry *boardview.Geometry `json:"geometry"`
	Seats    []string            `json:"seats"`
	Pieces   [][]boardview.Piece `json:"pieces"`
	Hands    [][]boardview.Piece `json:"hands,omitempty"`
	Fields   []game.Option       `json:"fields"`
	Shaping  []game.Option       `json:"shaping"`
}

func viewPalette(g game.Game, pal game.Palette) Palette {
	out := Palette{Geometry: boardview.GeometryOf(pal.Board), Seats: pal.Seats, Fields: pal.Fields, Shaping: []game.Option{}}
	if out.Fields == nil {
		out.Fields = []game.Option{}
	}
	for _, vs := range pal.Pieces {
		out.Pieces = append(out.Pieces, boardview.PiecesOf(vs))
	}
	for _, vs := range pal.Hands {
		out.Hands = append(out.Hands, boardview.PiecesOf(vs))
	}
	for _, o := range g.Options() {
		if slices.Contains(pal.Shaping, o.Name) && !o.Internal {
			out.Shaping = append(out.Shaping, o)
		}
	}
	return out
}

// composedBoard is a composition drawn from its palette: the board of a
// position the game cannot read.
type composedBoard struct {
	game.Board
	pieces []game.PieceView
}

func (b composedBoard) Pieces(dst []game.PieceView) []game.PieceView { return append(dst, b.pieces...) }

// allowEdit takes one of the client's editor requests.
func (e *Editor) allowEdit(r *http.Request) error {
	return e.limits.Allow(e.limits.Edits, httpkit.LimEdits, httpkit.ClientOf(r), e.now(), "too many board edits from your address; try again in %v")
}

// composer finds the game and its editor, with the options normalized.
func (e *Editor) composer(name string, opts game.Options) (game.Game, game.Composer, game.Options, error) {
	g, opts, err := e.games.Normalize(name, opts)
	if err != nil {
		return nil, nil, nil, err
	}
	c, ok := g.(game.Composer)
	if !ok {
		return nil, nil, nil, apierr.New(apierr.Invalid, "%s has no board editor", g.Info().Title)
	}
	return g, c, opts, nil
}

// compose writes c and describes the result. A composition that does not
// fit the palette (pieces off the board, more than it holds) or that the
// game cannot write is refused; one the game will not play is answered
// with its reason.
func compose(g game.Game, cp game.Composer, opts game.Options, pal game.Palette, c game.Composition) (composedJSON, error) {
	if err := pal.Check(c); err != nil {
		return composedJSON{}, apierr.Wrap(apierr.Invalid, err)
	}
	text, err := cp.Compose(opts, c)
	if text == "" && err != nil {
		return composedJSON{}, apierr.Wrap(apierr.Invalid, err)
	}
	out := composedJSON{Position: text}
	if err == nil {
		// The game's Parse has the last word, should its Compose differ.
		var pos game.Position
		if pos, err = g.Parse(text, opts); err == nil {
			out.Board = boardview.Of(pos, false)
			if o := pos.Outcome(); o.Over {
				out.Over = string(o.Reason)
			}
			return out, nil
		}
	}
	out.Error = err.Error()
	out.Board = boardview.OfBoard(composedBoard{Board: pal.Board, pieces: pal.View(c)}, false)
	out.Board.Position = text
	return out, nil
}

// handleCompose writes a composition as the game's position string.
func (e *Editor) handleCompose(w http.ResponseWriter, r *http.Request) error {
	if err := e.allowEdit(r); err != nil {
		return err
	}
	var req composeRequest
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	g, cp, opts, err := e.composer(req.Game, req.Options)
	if err != nil {
		return err
	}
	pal, err := cp.Palette(opts)
	if err != nil {
		return apierr.Wrap(apierr.Invalid, err)
	}
	out, err := compose(g, cp, opts, pal, req.Composition)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

// handleDecompose reads a position string, a record's last position or
// the start position into the editor.
func (e *Editor) handleDecompose(w http.ResponseWriter, r *http.Request) error {
	if err := e.allowEdit(r); err != nil {
		return err
	}
	var req decomposeRequest
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	out, err := e.decompose(req)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (e *Editor) decompose(req decomposeRequest) (decomposedJSON, error) {
	if len(req.Position) > MaxPosition {
		return decomposedJSON{}, apierr.New(apierr.Invalid, "a position string of at most %d bytes", MaxPosition)
	}
	text := req.Position
	if req.Record != "" {
		var err error
		if text, req, err = e.recordEnd(req); err != nil {
			return decomposedJSON{}, err
		}
	}
	g, cp, opts, err := e.composer(req.Game, req.Options)
	if err != nil {
		return decomposedJSON{}, err
	}
	if text == "" {
		start, err := g.Start(opts)
		if err != nil {
			return decomposedJSON{}, apierr.Wrap(apierr.Invalid, err)
		}
		text = start.String()
	}
	c, shaped, err := cp.Decompose(text, opts)
	if err != nil {
		return decomposedJSON{}, apierr.Wrap(apierr.Invalid, err)
	}
	// The options the position shapes are checked as a player's would be.
	if opts, err = g.Normalize(boardview.Options(g, shaped)); err != nil {
		return decomposedJSON{}, apierr.Wrap(apierr.Invalid, err)
	}
	pal, err := cp.Palette(opts)
	if err != nil {
		return decomposedJSON{}, apierr.Wrap(apierr.Invalid, err)
	}
	composed, err := compose(g, cp, opts, pal, c)
	if err != nil {
		return decomposedJSON{}, err
	}
	return decomposedJSON{Game: g.Info().Name, Options: boardview.Options(g, opts), Palette: viewPalette(g, pal), Composition: c, composedJSON: composed}, nil
}

// recordEnd replays a record, checked as a new game's record is, and
// returns its last position, with the request's game and options set to
// the record's where it left them out.
func (e *Editor) recordEnd(req decomposeRequest) (string, decomposeRequest, error) {
	rec, err := e.games.ImportRecord(req.Game, req.Options, req.Record)
	if err != nil {
		return "", req, err
	}
	req.Game, req.Options = rec.Game, rec.Options
	g, opts, err := e.games.Normalize(rec.Game, rec.Options)
	if err != nil {
		return "", req, err
	}
	pos, err := g.Parse(rec.Start, opts)
	if err != nil {
		return "", req, apierr.Wrap(apierr.Invalid, err)
	}
	for _, mv := range rec.Moves {
		m, err := pos.ParseMove(mv)
		if err != nil {
			return "", req, apierr.Wrap(apierr.Invalid, err)
		}
		pos.Play(m)
	}
	return pos.String(), req, nil
}
