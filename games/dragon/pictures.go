package dragon

import (
	"io/fs"
	"strings"

	"wyrm/game"
	"wyrm/internal/art"
)

// Staunton-like pieces drawn for wyrm on a 45x45 grid, and the Dragon as
// a horned, open-jawed head on the same base, so that it reads as neither
// Knight nor Bishop.
const (
	// groove opens a thin line in the detail colour across a collar or
	// band: on Black's dark pieces it shows the parts the outline hides.
	groove   = `<path fill="none" stroke="@d" stroke-width="1.1" d="`
	base     = `<path d="M9 39.5q0-4.5 4-4.5h19q4 0 4 4.5z"/>`
	drawPawn = `<path d="M15.5 35q1-9 5-15h4q4 6 5 15z"/>` + base +
		`<rect x="16" y="17.5" width="13" height="3.2" rx="1.6"/><circle cx="22.5" cy="11.5" r="5.5"/>` + groove + `M18 19.1h9"/>`
	drawRook = `<path d="M14 35l1.5-17h14l1.5 17z"/>` + base + `<path d="M12.5 18.5h20v-3h-20z"/>` + groove + `M15 17h15"/>` +
		`<path d="M12 15.5V7h4.2v3.3h4V7h4.6v3.3h4V7H33v8.5z"/>`
	drawKnight = `<path d="M14 35q0-7 6-10q-4 1-7 3q-3 1-4-2q0-3 3-6l6-8q1-4 3-5l1-3 2 3q8 1 11 10q3 9 1 18z"/>` + base +
		`<circle cx="19" cy="14" r="1.4" fill="@d" stroke="none"/><path d="M26 9q6 3 7 12" fill="none" stroke="@d"/>`
	drawBishop = `<path d="M15 35q2-6 4-9h7q2 3 4 9z"/>` + base + `<rect x="15.5" y="23" width="14" height="3.2" rx="1.6"/>` + groove + `M17.5 24.6h10"/>` +
		`<path d="M16.5 23q-3-6 6-15q9 9 6 15z"/><circle cx="22.5" cy="6" r="2.2"/><path d="M25 12l-4 5" fill="none" stroke="@d"/>`
	drawQueen = `<path d="M15 35q1-6 2-9h11q1 3 2 9z"/>` + base + `<rect x="14" y="23" width="17" height="3.2" rx="1.6"/>` + groove + `M16 24.6h13"/>` +
		`<path d="M15 24L10 11l5 6 1-8 4 7 2.5-9 2.5 9 4-7 1 8 5-6-5 13z"/>` +
		`<circle cx="10" cy="11" r="2"/><circle cx="16" cy="9" r="2"/><circle cx="22.5" cy="6" r="2"/><circle cx="29" cy="9" r="2"/><circle cx="35" cy="11" r="2"/>`
	drawKing = `<path d="M14.5 35q1-6 2.5-9h11q1.5 3 2.5 9z"/>` + base + `<rect x="13.5" y="23" width="18" height="3.2" rx="1.6"/>` + groove + `M15.5 24.6h14"/>` +
		`<path d="M14 23q-4-8 2-11q3-1 6.5 1q3.5-2 6.5-1q6 3 2 11z"/><path d="M21 2h3v3h3v3h-3v4h-3V8h-3V5h3z"/>`
	drawDragon = `<path d="M14 35q0-6 5-10L8 25.5l5-3.5-8-2q0-3 3-4.5l8-4 2-1.5 9-7-4 7.5 2-.5 10-4-7 7q2 2 2 4l5-1-3 5 5 1-4 4 4 3-3 2v6z"/>` + base +
		`<circle cx="14.5" cy="15.5" r="1.4" fill="@d" stroke="none"/>`
)

var drawings = []art.Drawing{
	{Name: "king", Body: drawKing}, {Name: "queen", Body: drawQueen}, {Name: "rook", Body: drawRook},
	{Name: "bishop", Body: drawBishop}, {Name: "knight", Body: drawKnight}, {Name: "pawn", Body: drawPawn},
	{Name: "dragon", Body: drawDragon},
}

// White pieces are light with dark lines; Black's are dark with light
// details inside, and a dark outline that still parts them from the dark
// squares.
var palettes = []art.Palette{
	{Name: "white", Fill: "#f7f2e6", Outline: "#1d1a17", Detail: "#1d1a17"},
	{Name: "black", Fill: "#2b2724", Outline: "#0e0c0b", Detail: "#ece5d6"},
}

var pictures = art.Set(drawings, palettes)

// pieceArt names each piece code's picture, "white-king" and so on, in the
// order of pieceLetters.
var pieceArt = func() (a [16]string) {
	for c, side := range []string{"white", "black"} {
		for t := pawn; t <= king; t++ {
			a[makePiece(c, t)] = art.Name(side, strings.ToLower(pieceNames[t]))
		}
	}
	return a
}()

// Pictures implements game.Game: the pieces drawn for wyrm, one picture
// per piece and colour ("white-king.svg").
func (gameDef) Pictures() fs.FS { return pictures }

// HandArt implements game.Viewer: the Dragons in hand are drawn as on the
// board.
func (p *Position) HandArt(s game.Player, letter byte) string {
	if (letter == 'D' || letter == 'd') && (s == 0 || s == 1) {
		return pieceArt[makePiece(int(s), dragon)]
	}
	return ""
}
