package dragonchess

import (
	"io/fs"

	"wyrm/internal/art"
)

// One icon per kind, drawn for wyrm on a 45x45 grid: a bold silhouette of
// what the piece is (a wing, an eagle's head, a sword...) rather than a
// chess piece, since most kinds have no chess likeness.
const (
	drawSylph = `<path d="M35 39C32 21 21 10 6 6l5 7-2 4 6 3-2 5 6 2-1 5 7 1 1 5z"/>` +
		`<path d="M11 13l9 3M15 20l8 2M19 27l7 2" fill="none" stroke="@d" stroke-width="1.2"/>`
	drawGriffon = `<path d="M15 41q1-9 4-14-6 0-8-4l5-2-6-1q-3 1-4 4-3-9 6-12 3-2 7-2l2-7 4 6q7 0 10 6l6 1-5 4 4 4-5 2 3 5-5 1q-1 5 0 9z"/>` +
		`<circle cx="17.5" cy="15" r="1.7" fill="@d" stroke="none"/>`
	drawDragon = `<path d="M24 30q3-14 7-28 2 6 7 6 0 6 5 8-3 4-3 12z"/>` +
		`<path d="M28 27l10-19M29 27l13-11" fill="none" stroke="@d" stroke-width="1.2"/>` +
		`<path d="M12 43q2-10 7-14l-8 1 4-4-11-1q0-5 6-6l6-4 11-12-5 12q7 3 7 12-1 8 1 16z"/>` +
		`<circle cx="14.5" cy="18" r="1.8" fill="@a" stroke="@d" stroke-width="1"/>`
	drawWarrior = `<g transform="rotate(45 22.5 22.5)"><path d="M22.5 0l5 6v25h-10V6z"/><rect x="9" y="30" width="27" height="5.5" rx="2.7"/>` +
		`<rect x="20" y="35.5" width="5" height="6"/><circle cx="22.5" cy="43" r="3"/>` +
		`<path d="M22.5 8v19" fill="none" stroke="@d" stroke-width="1.4"/></g>`
	drawOliphant = `<path d="M32 30q4-12-2-20-8-6-16-1-6 4-5 12 0 7-1 13-1 6 4 6 2 0 2-3-1-3 0-7 1-3 5-2 5 3 13 2z"/>` +
		`<path d="M25 11q15-5 15 9 0 12-11 11-3-9-4-20z"/><path d="M15 28q1 6 8 7-4-4-4-7z" fill="#fffaf0"/>` +
		`<circle cx="19" cy="16" r="1.5" fill="@d" stroke="none"/>`
	drawUnicorn = `<path d="M16 41q1-10 6-14l-9 3q-5 1-6-3 0-4 3-7l8-8 3-5 3 4q9 2 11 14 1 8-2 16z"/>` +
		`<path d="M17 12L9 1l11 10z" fill="@a"/><circle cx="17" cy="17" r="1.5" fill="@d" stroke="none"/>` +
		`<path d="M26 10q8 4 9 14" fill="none" stroke="@d" stroke-width="1.2"/>`
	drawHero = `<path d="M7 16q1-13 15.5-13T38 16q-7-5-15.5-5T7 16z"/>` +
		`<path d="M11 40V24q0-13 11.5-13T34 24v16h-7V30h-9v10z"/><path d="M14 21h17v3h-6.5v12h-4V24H14z" fill="@h"/>`
	drawThief = `<path d="M22.5 3q12 5 12.5 21 1 10 6 17H4q5-7 6-17 .5-16 12.5-21z"/>` +
		`<path d="M15 26q0-11 7.5-11T30 26q0 7-7.5 9-7.5-2-7.5-9z" fill="@h"/>` +
		`<path d="M17 22l4 2-4 1zM28 22l-4 2 4 1z" fill="@a" stroke="@a" stroke-width="1"/>`
	drawCleric = `<g transform="rotate(-40 22.5 22.5)"><rect x="19.5" y="17" width="6" height="20"/>` +
		`<rect x="18" y="36" width="9" height="7" rx="2"/>` +
		`<path d="M22.5 1 25.2 5.4 30.3 4.2 29.1 9.3 33.5 12 29.1 14.7 30.3 19.8 25.2 18.6 22.5 23 19.8 18.6 14.7 19.8 15.9 14.7 11.5 12 15.9 9.3 14.7 4.2 19.8 5.4z"/>` +
		`<circle cx="22.5" cy="12" r="2.4" fill="@d" stroke="none"/></g>`
	drawMage = `<path d="M6 36q16.5-6 33 0 0 4-16.5 4T6 36z"/><path d="M12 35l8-21q2-8 11-10-5 5-3 11l5 20q-10.5 3-21 0z"/>` +
		`<path d="M21 20.5l.9 2.3 2.4.1-1.9 1.6.7 2.3-2.1-1.3-2.1 1.3.7-2.3-1.9-1.6 2.4-.1z" fill="@a" stroke="@a" stroke-width=".8"/>` +
		`<path d="M14 30q8.5 2.5 17 0" fill="none" stroke="@d" stroke-width="1.2"/>`
	drawKing = `<path d="M8 36L5 13l9 9 8.5-15 8.5 15 9-9-3 23z"/><rect x="7" y="31" width="31" height="8" rx="2"/>` +
		`<circle cx="5" cy="12" r="2.2"/><circle cx="22.5" cy="6" r="2.2"/><circle cx="40" cy="12" r="2.2"/>` +
		`<circle cx="22.5" cy="35" r="2" fill="@a" stroke="@d" stroke-width="1"/>`
	drawPaladin = `<path d="M8 6h29v14q0 14-14.5 21Q8 34 8 20z"/><path d="M20.5 10h4v8h7v4h-7v13h-4V22h-7v-4h7z" fill="@d" stroke="none"/>`
	drawDwarf   = `<path d="M10 15Q3 13 4 4q4 7 9 7zM35 15q7-2 6-11-4 7-9 7z"/><path d="M9 20q0-15 13.5-15T36 20z"/>` +
		`<path d="M12 21h21v8H12z"/><path d="M11 27q2 4 7 3 4.5-1 9 0 5 1 7-3 1 10-11.5 15Q10 37 11 27z"/>` +
		`<rect x="8" y="18" width="29" height="4" rx="1.5"/><circle cx="22.5" cy="28" r="2.3"/>` +
		`<path d="M18 24.5h.1M27 24.5h.1" stroke="@d" stroke-width="2.4"/><path d="M18 34l4.5 4 4.5-4" fill="none" stroke="@d" stroke-width="1.2"/>`
	// The reversed Dwarf is the Dwarf with a U-turn arrow: it moves the
	// other way, whichever way up the board is drawn.
	drawDwarfReversed = drawDwarf + `<circle cx="37" cy="37" r="7" fill="@a"/>` +
		`<path d="M34 40v-4q0-3 3-3t3 3v1" fill="none" stroke="@o" stroke-width="1.6"/><path d="M38 36.5h4l-2 3z" fill="@h" stroke-width="1"/>`
	drawBasilisk = `<path d="M16 12c14 0 16 10 6 14s-12 10 2 12 12-4 12-8" fill="none" stroke-width="8.5"/>` +
		`<path d="M16 12c14 0 16 10 6 14s-12 10 2 12 12-4 12-8" fill="none" stroke="@f" stroke-width="5"/>` +
		`<path d="M4 13q2-6 9-6 7 1 7 5-2 5-7 5-6 0-9-4z"/><path d="M8 8l1-6 3 4 2-5 2 5 3-3-1 6z"/>` +
		`<circle cx="11" cy="11.5" r="1.7" fill="@a" stroke="@d" stroke-width="1"/>`
	drawElemental = `<path d="M6 41L4 30l3-10 7-5h4l4 2 5-2h4l7 5 3 10-2 11h-5l-1-10-3-3-1 13H16l-1-13-3 3-1 10z"/>` +
		`<path d="M16 17l1-8 5.5-4 5.5 4 1 8-6.5 3z"/>` +
		`<path d="M19 11l3 1.5-3 .5zM26 11l-3 1.5 3 .5z" fill="@a" stroke="@a" stroke-width="1.4"/>` +
		`<path d="M17 24l4 5-2 6M28 23l-3 6 3 5M9 22l2 6M36 22l-2 6" fill="none" stroke="@d" stroke-width="1.2"/>`
	drawTroll = `<path d="M9 18Q9 5 22.5 5T36 18l6-5-5 12q-1 14-14.5 16Q9 39 8 25L3 13z"/>` +
		`<path d="M12 17q5-3 10 1 5-4 11-1" fill="none" stroke="@d" stroke-width="1.6"/>` +
		`<circle cx="17" cy="20" r="1.6" fill="@a" stroke="none"/><circle cx="28" cy="20" r="1.6" fill="@a" stroke="none"/>` +
		`<path d="M20.5 19q-2 9 2 10 4-1 2-10"/><path d="M14 31q8.5 4 17 0M16 31l1-5 2 5.5M29 31l-1-5-2 5.5" fill="#fffaf0" stroke-width="1.2"/>`
)

var drawings = []art.Drawing{
	{Name: "sylph", Body: drawSylph}, {Name: "griffon", Body: drawGriffon}, {Name: "dragon", Body: drawDragon},
	{Name: "warrior", Body: drawWarrior}, {Name: "oliphant", Body: drawOliphant}, {Name: "unicorn", Body: drawUnicorn},
	{Name: "hero", Body: drawHero}, {Name: "thief", Body: drawThief}, {Name: "cleric", Body: drawCleric},
	{Name: "mage", Body: drawMage}, {Name: "king", Body: drawKing}, {Name: "paladin", Body: drawPaladin},
	{Name: "dwarf", Body: drawDwarf}, {Name: "basilisk", Body: drawBasilisk}, {Name: "elemental", Body: drawElemental},
	{Name: "troll", Body: drawTroll}, {Name: "dwarf-reversed", Body: drawDwarfReversed},
}

// Gold's pieces are gold with dark lines, Scarlet's scarlet with light
// details; both keep a dark outline so that they stand out on all three
// boards' light and dark squares.
var palettes = []art.Palette{
	{Name: "gold", Fill: "#e9b63b", Outline: "#2b1d07", Detail: "#2b1d07", Accent: "#fff1a8"},
	{Name: "scarlet", Fill: "#b3222b", Outline: "#260607", Detail: "#fbe2cf", Accent: "#ffd24a"},
}

var pictures = art.Set(drawings, palettes)

// kindArt names each kind's drawing in the order of the kinds; the Troll
// variant renames the Elemental and so draws it as trollArt.
var kindArt = [kindCount]string{"", "sylph", "griffon", "dragon", "warrior", "oliphant", "unicorn", "hero",
	"thief", "cleric", "mage", "king", "paladin", "dwarf", "basilisk", "elemental", "dwarf-reversed"}

const trollArt = "troll"

// pieceArt names each piece code's picture ("gold-sylph"), built once so
// that Pieces allocates nothing for it.
var pieceArt, trollPieceArt = func() (a [codeCount]string, t [2]string) {
	for c, side := range []string{"gold", "scarlet"} {
		for k := sylph; k < kindCount; k++ {
			a[code(k, c)] = art.Name(side, kindArt[k])
		}
		t[c] = art.Name(side, trollArt)
	}
	return a, t
}()

// Pictures implements game.Game: the pieces drawn for wyrm, one picture
// per kind and side ("gold-sylph.svg", "scarlet-troll.svg").
func (dragonchessGame) Pictures() fs.FS { return pictures }
