package match

import (
	"fmt"
	"io"
	"strings"

	"wyrm/game"
)

// writePGN writes a game record in PGN form. Moves are in the game's own
// notation; for two players the seats are White and Black, with more the
// players are listed in seat order in a Players tag.
func writePGN(w io.Writer, g game.Game, r GameRecord) {
	var b strings.Builder
	fmt.Fprintf(&b, "[Event \"wyrm match\"]\n[Site \"wyrm\"]\n[Round \"%d\"]\n", r.Index)
	if len(r.Names) == 2 {
		fmt.Fprintf(&b, "[White \"%s\"]\n[Black \"%s\"]\n", r.Names[0], r.Names[1])
	} else {
		fmt.Fprintf(&b, "[Players \"%s\"]\n", strings.Join(r.Names, ", "))
	}
	result := pgnResult(r)
	fmt.Fprintf(&b, "[Result \"%s\"]\n[Variant \"%s\"]\n[FEN \"%s\"]\n[SetUp \"1\"]\n[Termination \"%s\"]\n\n",
		result, g.Info().Name, r.Start, r.Reason)
	for i, m := range r.Moves {
		if len(r.Names) == 2 && i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(m)
		b.WriteByte(' ')
	}
	b.WriteString(result)
	b.WriteString("\n\n")
	io.WriteString(w, b.String())
}

func pgnResult(r GameRecord) string {
	if len(r.Names) != 2 {
		for i, res := range r.Results[:len(r.Names)] {
			if res == game.Win {
				return fmt.Sprintf("seat%d", i)
			}
		}
		if r.Results[0] == game.Draw {
			return "1/2-1/2"
		}
		return "*"
	}
	switch {
	case r.Results[0] == game.Win:
		return "1-0"
	case r.Results[1] == game.Win:
		return "0-1"
	case r.Results[0] == game.Draw:
		return "1/2-1/2"
	}
	return "*"
}
