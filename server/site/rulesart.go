package site

import (
	"fmt"
	"html"
	"strings"

	"wyrm/game"
)

// pictured is the name of game g when it has piece pictures, so that its
// rules diagrams draw pieces as the board does; "" draws letters.
func pictured(g game.Game) string {
	if g.Pictures() == nil {
		return ""
	}
	return g.Info().Name
}

// pieceSVG draws piece p on the 10-unit square at (x, y) of a rules
// diagram: the game's own picture, as the board draws it, or else a disc
// with the piece's letter.
func pieceSVG(gameName string, p game.PieceView, x, y int) string {
	if gameName != "" && p.Art != "" {
		return fmt.Sprintf(`<image href="/pictures/%s/%s.svg" x="%.1f" y="%.1f" width="9.2" height="9.2"><title>%s</title></image>`,
			html.EscapeString(gameName), html.EscapeString(p.Art), float64(x)+.4, float64(y)+.4, html.EscapeString(p.Name))
	}
	c := seatFill[int(p.Owner)%4]
	return fmt.Sprintf(`<circle cx="%d" cy="%d" r="4.1" fill="%s" stroke="#111" stroke-width=".45"/><text x="%d" y="%.1f" text-anchor="middle" font-size="4.7" font-weight="700" fill="%s">%c</text>`,
		x+5, y+5, c[0], x+5, float64(y)+6.7, c[1], p.Letter)
}

// optionsHTML lists a game's options in the game's words: each option's
// label and description, and each choice the game explains, with its label
// and sentence. The identifiers that position strings and the command line
// use follow in small print.
func optionsHTML(opts []game.Option) string {
	var b strings.Builder
	shown := 0
	for _, o := range opts {
		if o.Internal {
			continue
		}
		if shown == 0 {
			b.WriteString(`<h2>Options</h2><ul class="options">`)
		}
		shown++
		title := o.Label
		if title == "" {
			title = o.Name
		}
		fmt.Fprintf(&b, `<li><strong>%s</strong>: %s <small class="muted">(<code>%s</code>)</small>`,
			html.EscapeString(title), html.EscapeString(o.Description), html.EscapeString(o.Name))
		var choices []string
		for i, c := range o.Choices {
			help := ""
			if i < len(o.ChoiceHelp) {
				help = o.ChoiceHelp[i]
			}
			if help == "" && o.ChoiceLabel(c) == c {
				continue
			}
			item := "<li><strong>" + html.EscapeString(o.ChoiceLabel(c)) + "</strong>"
			if help != "" {
				item += ": " + html.EscapeString(help)
			}
			choices = append(choices, item+` <small class="muted">(<code>`+html.EscapeString(c)+`</code>)</small></li>`)
		}
		if len(choices) > 0 {
			b.WriteString("<ul>" + strings.Join(choices, "") + "</ul>")
		}
		b.WriteString("</li>")
	}
	if shown > 0 {
		b.WriteString("</ul>")
	}
	return b.String()
}
