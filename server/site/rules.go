package site

import (
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"sort"
	"strings"

	"wyrm/game"
)

func (s *Site) rulesPage(w http.ResponseWriter, title, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s — wyrm</title><link rel="stylesheet" href="/style.css"><style>
.rules { max-width: 1100px; } .rules table { border-collapse: collapse; margin: .6rem 0; } .rules td, .rules th { border: 1px solid var(--line); padding: .25rem .5rem; text-align: left; vertical-align: top; }
.diagrams { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%%), 1fr)); gap: 1rem; }
.rules table, .rules pre { display: block; max-width: 100%%; overflow-x: auto; } .rules p, .rules li, .rules code { overflow-wrap: anywhere; }
.diagrams.wide { grid-template-columns: 1fr; }
.diagram { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .6rem; }
.diagram h3 { margin: 0 0 .3rem; font-size: 1rem; } .diagram .lv { display: flex; gap: .5rem; flex-wrap: wrap; }
.diagram .lv figure { margin: 0; flex: 1 1 200px; max-width: 320px; } .diagram figcaption { font-size: .8rem; color: var(--muted); }
.diagram svg { width: 100%%; height: auto; display: block; } code { background: #f0ebe3; padding: 0 .2rem; border-radius: 3px; }
</style></head><body><header class="top"><a class="brand" href="/#/">wyrm</a><nav aria-label="Main"><a href="/#/">Play</a><a href="/rules/">Rules</a></nav></header>
<main class="rules"><h1>%s</h1>%s</main></body></html>`, html.EscapeString(title), html.EscapeString(title), body)
}

func (s *Site) handleRulesIndex(w http.ResponseWriter, _ *http.Request) {
	var b strings.Builder
	b.WriteString("<ul>")
	for _, g := range s.order {
		fmt.Fprintf(&b, `<li><a href="/rules/%s">%s</a></li>`, html.EscapeString(g.Info().Name), html.EscapeString(g.Info().Title))
	}
	b.WriteString("</ul>")
	s.rulesPage(w, "Rules", b.String())
}

func (s *Site) handleRules(w http.ResponseWriter, r *http.Request) {
	g, ok := s.games[r.PathValue("game")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	var b strings.Builder
	b.WriteString(optionsHTML(g.Options()))
	b.WriteString(s.diagramsHTML(g))
	if s.rules != nil {
		// Documents are named after the game or its title, in lower case with
		// dashes for spaces.
		slug := strings.ToLower(strings.ReplaceAll(g.Info().Title, " ", "-"))
		for _, name := range []string{g.Info().Name + ".md", slug + ".md"} {
			if doc, err := fs.ReadFile(s.rules, name); err == nil {
				b.WriteString(`<h2>Rules as wyrm plays them</h2>`)
				b.WriteString(markdown(string(doc)))
				break
			}
		}
	}
	s.rulesPage(w, g.Info().Title+" — rules", b.String())
}

// diagramsHTML draws every piece's moves as the game generates them.
func (s *Site) diagramsHTML(g game.Game) string {
	set := g.Diagrams()
	if len(set) == 0 {
		return ""
	}
	var b strings.Builder
	wide := ""
	b.WriteString(`<h2>How the pieces move</h2><p class="muted">Each diagram is computed by wyrm's own move generator: the piece stands alone and every square it may move to (dot), capture on (ring) or drop on is marked.</p>`)
	var cards []string
	for _, d := range set {
		p, err := g.Parse(d.Position, d.Options)
		if err != nil {
			s.log.Error("rules diagram", "game", g.Info().Name, "pos", d.Position, "err", err)
			continue
		}
		v := game.Viewer(p)
		if v.Geometry().Levels > 1 {
			wide = " wide"
		}
		from, name := -1, string(d.Letter)
		for _, pc := range v.Pieces(nil) {
			if pc.Letter == d.Letter && pc.Owner == p.ToMove() {
				from, name = pc.Square, pc.Name
			}
		}
		targets := map[int]string{}
		for _, m := range p.LegalMoves(nil) {
			mv := v.DescribeMove(m)
			if d.Drop {
				if mv.Drop != d.Letter {
					continue
				}
			} else if mv.From != from || from < 0 || mv.Drop != 0 {
				continue
			}
			dest := mv.To
			kind := "move"
			if mv.Target >= 0 {
				kind = "capture"
			}
			if mv.To < 0 || mv.To == mv.From {
				dest, kind = mv.Target, "afar"
			}
			if dest >= 0 && targets[dest] == "" {
				targets[dest] = kind
			}
		}
		if d.Drop {
			name += " (drop from hand)"
		}
		var c strings.Builder
		fmt.Fprintf(&c, `<section class="diagram"><h3>%s <span class="muted">(%c)</span></h3>`, html.EscapeString(name), d.Letter)
		c.WriteString(svgLevels(pictured(g), v, targets, from))
		plural := "s"
		if len(targets) == 1 {
			plural = ""
		}
		fmt.Fprintf(&c, `<p class="muted">%d square%s. %s</p></section>`, len(targets), plural, html.EscapeString(d.Note))
		cards = append(cards, c.String())
	}
	b.WriteString(`<div class="diagrams` + wide + `">` + strings.Join(cards, "") + `</div>`)
	return b.String()
}

var (
	palettes = [3][2]string{{"#efe0c4", "#a77f5a"}, {"#eef0d8", "#7a9a5c"}, {"#e2edf8", "#7d9fc4"}}
	single   = [2]string{"#f0dcb8", "#b4875e"}
	seatFill = [4][2]string{{"#f7f3e8", "#222"}, {"#2a2a2e", "#f4f4f4"}, {"#b8322d", "#fff"}, {"#2a62c4", "#fff"}}
)

// svgLevels draws every level of v's board, highest first, marking targets
// and the square from; name is the game whose pictures draw its pieces,
// "" to draw them as letters.
func svgLevels(name string, v game.Viewer, targets map[int]string, from int) string {
	g := v.Geometry()
	pieces := map[int]game.PieceView{}
	for _, p := range v.Pieces(nil) {
		pieces[p.Square] = p
	}
	var b strings.Builder
	b.WriteString(`<div class="lv">`)
	lvls := make([]int, g.Levels)
	for i := range lvls {
		lvls[i] = g.Levels - 1 - i
	}
	sort.Sort(sort.Reverse(sort.IntSlice(lvls)))
	for _, lv := range lvls {
		pal := single
		if g.Levels > 1 {
			pal = palettes[lv%3]
		}
		b.WriteString("<figure>")
		if lv < len(g.LevelNames) && g.Levels > 1 {
			fmt.Fprintf(&b, "<figcaption>%s</figcaption>", html.EscapeString(g.LevelNames[lv]))
		}
		fmt.Fprintf(&b, `<svg viewBox="0 0 %d %d" role="img" aria-label="board">`, g.Files*10, g.Ranks*10)
		for r := 0; r < g.Ranks; r++ {
			for f := 0; f < g.Files; f++ {
				sq := g.Square(lv, f, r)
				x, y := f*10, (g.Ranks-1-r)*10
				fill := pal[1]
				if (f+r)%2 == 1 {
					fill = pal[0]
				}
				if g.Terrain != nil {
					switch g.Terrain[sq] {
					case 'w':
						fill = "#7fb6e0"
					case '.':
						fill = "#2e2926"
					}
				}
				fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" fill="%s"/>`, x, y, fill)
				if sq == from {
					fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" fill="rgba(255,210,0,.6)"/>`, x, y)
				}
				if p, ok := pieces[sq]; ok {
					b.WriteString(pieceSVG(name, p, x, y))
				}
				switch targets[sq] {
				case "move":
					fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="1.7" fill="rgba(20,20,20,.4)"/>`, x+5, y+5)
				case "capture":
					fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="4.5" fill="none" stroke="rgba(20,20,20,.5)" stroke-width=".9"/>`, x+5, y+5)
				case "afar":
					fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="4.4" fill="none" stroke="#d01818" stroke-width=".9" stroke-dasharray="1.5 1"/>`, x+5, y+5)
				}
			}
		}
		b.WriteString("</svg></figure>")
	}
	b.WriteString("</div>")
	return b.String()
}
