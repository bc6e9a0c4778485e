// Package art builds a game's piece pictures in memory. Each piece is drawn
// once, as the inside of an SVG whose colours are tokens; a picture set
// colours every drawing once per side or seat when the program starts, so
// the repository holds each drawing once and the server serves plain files.
package art

import "strings"

// Palette colours one side's pictures. A drawing names its colours by the
// tokens @f (body fill), @o (outline), @d (details drawn on the body), @h
// (holes in the body: eye sockets, a gate, a face in a hood) and @a (an
// accent: a gem, a flame, an eye).
type Palette struct {
	// Name prefixes the side's picture names ("white" gives "white-king").
	Name                          string
	Fill, Outline, Detail, Accent string
	// Hole is the outline colour when empty; a dark body needs lighter
	// holes, or they vanish into it.
	Hole string
}

// Drawing is one piece's picture before colouring: its name and the SVG
// elements inside the picture's group, whose defaults are the body fill,
// the outline and a round outline stroke of 1.8.
type Drawing struct {
	Name string
	Body string
}

// header opens every picture: the viewBox, then one group whose
// attributes the drawings inherit, so that each drawing says only what
// differs.
const header = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45">` +
	`<g fill="@f" stroke="@o" stroke-width="1.8" stroke-linejoin="round" stroke-linecap="round">`

const footer = `</g></svg>`

// Render colours one drawing with a palette and wraps it in the picture's
// svg element.
func Render(body string, p Palette) []byte {
	hole := p.Hole
	if hole == "" {
		hole = p.Outline
	}
	r := strings.NewReplacer("@f", p.Fill, "@o", p.Outline, "@d", p.Detail, "@h", hole, "@a", p.Accent)
	return []byte(r.Replace(header + body + footer))
}

// Set builds the pictures of every drawing in every palette, named
// "<palette>-<drawing>.svg".
func Set(drawings []Drawing, palettes []Palette) FS {
	fsys := FS{}
	for _, p := range palettes {
		for _, d := range drawings {
			fsys.Add(p.Name+"-"+d.Name, Render(d.Body, p))
		}
	}
	return fsys
}

// Name joins the parts of a picture's name with dashes ("human-hero-2"),
// the form PieceView.Art takes.
func Name(parts ...string) string { return strings.Join(parts, "-") }
