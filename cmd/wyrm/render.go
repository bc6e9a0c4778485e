package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"wyrm/game"
)

func runRender(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := addGameFlags(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	g, p, err := gf.position()
	if err != nil {
		fmt.Fprintln(stderr, "wyrm render:", err)
		return 2
	}
	v, ok := p.(game.Viewer)
	if !ok {
		fmt.Fprintf(stderr, "wyrm render: %s cannot be drawn\n", g.Info().Name)
		return 1
	}
	fmt.Fprint(stdout, renderText(p, v))
	return 0
}

// renderText draws every level as a character grid, highest level first,
// rank 1 at the bottom. With two seats, seat 1's letters are upper case and
// seat 2's lower case; with more, each letter is followed by its seat
// number, counted from 1 as everywhere players see seats.
func renderText(p game.Position, v game.Viewer) string {
	geo := v.Geometry()
	cell := 2
	if p.Players() > 2 {
		cell = 3
	}
	grid := make([]string, geo.Squares())
	for sq := range grid {
		t := byte('f')
		if geo.Terrain != nil {
			t = geo.Terrain[sq]
		}
		switch t {
		case 'w':
			grid[sq] = "~"
		case '.':
			grid[sq] = " "
		default:
			grid[sq] = "."
		}
	}
	for _, pc := range v.Pieces(nil) {
		s := string(pc.Letter)
		if p.Players() > 2 {
			s += fmt.Sprint(int(pc.Owner) + 1)
		} else if pc.Owner == 1 {
			s = strings.ToLower(s)
		}
		grid[pc.Square] = s
	}
	var b strings.Builder
	for l := geo.Levels - 1; l >= 0; l-- {
		if geo.Levels > 1 {
			name := fmt.Sprintf("level %d", l+1)
			if l < len(geo.LevelNames) {
				name += " (" + geo.LevelNames[l] + ")"
			}
			fmt.Fprintln(&b, name)
		}
		for r := geo.Ranks - 1; r >= 0; r-- {
			fmt.Fprintf(&b, "%3d ", r+1)
			for f := 0; f < geo.Files; f++ {
				fmt.Fprintf(&b, "%-*s", cell, grid[geo.Square(l, f, r)])
			}
			b.WriteString("\n")
		}
		b.WriteString("    ")
		for f := 0; f < geo.Files; f++ {
			fmt.Fprintf(&b, "%-*c", cell, 'a'+f)
		}
		b.WriteString("\n\n")
	}
	hands := v.Hands()
	for i := 0; i < p.Players(); i++ {
		if hands[i] != "" {
			fmt.Fprintf(&b, "hand of %s: %s\n", seatLabel(p, game.Player(i)), hands[i])
		}
	}
	if tm := p.ToMove(); tm != game.NoPlayer {
		fmt.Fprintf(&b, "to move: %s\n", seatLabel(p, tm))
	}
	fmt.Fprintf(&b, "%s\n", p.String())
	return b.String()
}

// seatLabel names seat s as players see it: its number from 1, and the
// game's name for it where the game has one ("seat 1 (White)").
func seatLabel(p game.Position, s game.Player) string {
	n := game.SeatNumber(s)
	if name := p.SeatName(s); name != "" && name != n {
		return n + " (" + name + ")"
	}
	return n
}
