package site

import (
	"html"
	"regexp"
	"strings"
)

// markdown turns the plain Markdown of the rules documents (headings,
// paragraphs, lists, tables, code blocks, emphasis, code and links) into
// HTML. It escapes everything first, so a document cannot inject markup.
func markdown(src string) string {
	var b strings.Builder
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	var para []string
	list := ""
	flushPara := func() {
		if len(para) > 0 {
			b.WriteString("<p>" + inline(strings.Join(para, " ")) + "</p>\n")
			para = nil
		}
	}
	closeList := func() {
		if list != "" {
			b.WriteString("</" + list + ">\n")
			list = ""
		}
	}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "```"):
			flushPara()
			closeList()
			b.WriteString("<pre><code>")
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
				b.WriteString(html.EscapeString(lines[i]) + "\n")
			}
			b.WriteString("</code></pre>\n")
		case t == "":
			flushPara()
			closeList()
		case strings.HasPrefix(t, "#"):
			flushPara()
			closeList()
			n := len(t) - len(strings.TrimLeft(t, "#"))
			n = min(n+1, 6) // the page's own title is the h1
			tag := "h" + string(rune('0'+n))
			b.WriteString("<" + tag + ">" + inline(strings.TrimSpace(t[n-1:])) + "</" + tag + ">\n")
		case strings.HasPrefix(t, "|"):
			flushPara()
			closeList()
			b.WriteString("<table>\n")
			head := true
			for ; i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "|"); i++ {
				row := strings.Trim(strings.TrimSpace(lines[i]), "|")
				cells := strings.Split(row, "|")
				if isRule(cells) {
					continue
				}
				cell := "td"
				if head {
					cell = "th"
				}
				b.WriteString("<tr>")
				for _, c := range cells {
					b.WriteString("<" + cell + ">" + inline(strings.TrimSpace(c)) + "</" + cell + ">")
				}
				b.WriteString("</tr>\n")
				head = false
			}
			i--
			b.WriteString("</table>\n")
		case strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || olItem.MatchString(t):
			flushPara()
			kind := "ul"
			item := t[2:]
			if m := olItem.FindStringSubmatch(t); m != nil {
				kind, item = "ol", t[len(m[0]):]
			}
			if list != kind {
				closeList()
				b.WriteString("<" + kind + ">\n")
				list = kind
			}
			// Indented continuation lines belong to the item.
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "  ") && strings.TrimSpace(lines[i+1]) != "" &&
				!strings.HasPrefix(strings.TrimSpace(lines[i+1]), "- ") {
				i++
				item += " " + strings.TrimSpace(lines[i])
			}
			b.WriteString("<li>" + inline(item) + "</li>\n")
		default:
			closeList()
			para = append(para, t)
		}
	}
	flushPara()
	closeList()
	return b.String()
}

var (
	olItem   = regexp.MustCompile(`^\d+[.)] `)
	codeSpan = regexp.MustCompile("`([^`]+)`")
	strong   = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	em       = regexp.MustCompile(`\*([^*\s][^*]*)\*`)
	link     = regexp.MustCompile(`\[([^\]]+)\]\(([^)\s]+)\)`)
)

func isRule(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(strings.TrimSpace(c), ":-") != "" {
			return false
		}
	}
	return true
}

// inline renders code spans, emphasis and links of one escaped line.
func inline(s string) string {
	s = html.EscapeString(s)
	var codes []string
	s = codeSpan.ReplaceAllStringFunc(s, func(m string) string {
		codes = append(codes, "<code>"+m[1:len(m)-1]+"</code>")
		return "\x00"
	})
	s = strong.ReplaceAllString(s, "<strong>$1</strong>")
	s = em.ReplaceAllString(s, "<em>$1</em>")
	s = link.ReplaceAllStringFunc(s, func(m string) string {
		p := link.FindStringSubmatch(m)
		u := p[2]
		if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "#") {
			return p[1] // relative links into the repository mean nothing here
		}
		return `<a href="` + u + `">` + p[1] + "</a>"
	})
	for _, c := range codes {
		s = strings.Replace(s, "\x00", c, 1)
	}
	return s
}
