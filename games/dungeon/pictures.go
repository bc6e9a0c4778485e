package dungeon

import (
	"io/fs"
	"strconv"
	"strings"

	"wyrm/game"
	"wyrm/internal/art"
)

// drawings holds each unit's picture, drawn for wyrm on a 45x45 grid: a
// bold sign of what the unit is (a keep, a bow, a skull, a bat, a flame),
// so that no two of the 24 look alike even at the size of a small square.
var drawings = [numKinds]string{
	Hero: `<path d="M6 42q1-12 16.5-13T39 42z"/><circle cx="22.5" cy="20" r="8"/>` +
		`<path d="M13.5 19q0-12 9-12t9 12z"/><path d="M21.3 17h2.4v8h-2.4zM22.5 2l2.5 5.5h-5z"/><circle cx="22.5" cy="36" r="2.6" fill="@a"/>` +
		`<path d="M18.3 21.5h.1M26.7 21.5h.1" stroke="@d" stroke-width="2.4"/>`,
	Stronghold: `<path d="M22.5 16V3" fill="none"/><path d="M23 2.5l8 3-8 3z" fill="@a"/>` +
		`<path d="M7 41V12h5v4h3.7v-4h5v4h3.6v-4h5v4H33v-4h5v29z"/>` +
		`<path d="M18 41v-7q0-4.5 4.5-4.5T27 34v7zM20.5 19h4v5h-4z" fill="@h"/>`,
	Knight: `<path d="M15 42q0-10 6-14l-9 3q-5 0-5-4 0-4 4-7l7-8q2-4 5-5 10 2 12 15 1 11-2 20z"/>` +
		`<path d="M23 7q1-6 8-5-3 2-2 5z" fill="@a"/><path d="M9 22l9-9 4 2-8 12z" fill="@a" stroke-width="1.2"/>` +
		`<circle cx="16.5" cy="18" r="1.3" fill="@h" stroke="none"/><path d="M27 10q7 4 7 14" fill="none" stroke="@d" stroke-width="1.2"/>`,
	Archer: `<path d="M14 3Q36 22.5 14 42" fill="none" stroke-width="6.5"/><path d="M14 3Q36 22.5 14 42" fill="none" stroke="@f" stroke-width="3"/>` +
		`<path d="M14 3L7 22.5 14 42M7 22.5h31" fill="none" stroke-width="1.6"/>` +
		`<path d="M42 22.5l-7-4v8zM11 22.5l-5-4H3l4 4-4 4h3z" fill="@a" stroke-width="1.2"/>`,
	Wizard: `<path d="M12 21q0 9 4 13l6.5 9 6.5-9q4-4 4-13z"/><rect x="14" y="18" width="17" height="9"/>` +
		`<path d="M13 18L22 4q3-5 9-1-5 0-5 4l6 11z"/><path d="M6 19q16.5-6 33 0-16.5 5-33 0z"/>` +
		`<path d="M18.5 22.5h.1M26.5 22.5h.1" stroke="@d" stroke-width="2.6"/><path d="M16 28q6.5 3 13 0" fill="none" stroke="@d" stroke-width="1.2"/>` +
		`<circle cx="23" cy="12" r="2" fill="@a" stroke-width="1"/>`,
	Princess: `<path d="M10 40q-3-18 2-26 4-7 10.5-7T33 14q5 8 2 26-3 2-6-2H16q-3 4-6 2z"/>` +
		`<path d="M13 42q1-8 9.5-9t9.5 9z"/><ellipse cx="22.5" cy="22" rx="7" ry="8.5"/>` +
		`<path d="M12.5 22q-1 8 1 14M32.5 22q1 8-1 14" fill="none" stroke="@d" stroke-width="1.2"/>` +
		`<path d="M15 13l1.5-6.5 3.5 3.5 2.5-6.5 2.5 6.5 3.5-3.5L30 13z" fill="@a"/>` +
		`<path d="M19.5 21.5h.1M25.5 21.5h.1" stroke="@d" stroke-width="2.4"/>`,

	Skeleton: `<path d="M7 30l31 12M38 30L7 42" stroke-width="6"/><path d="M7 30l31 12M38 30L7 42" stroke="@f" stroke-width="2.6"/>` +
		`<path d="M11 20q0-15 11.5-15T34 20q0 5-4 7v6H15v-6q-4-2-4-7z"/>` +
		`<circle cx="17.5" cy="18.5" r="3.5" fill="@h"/><circle cx="27.5" cy="18.5" r="3.5" fill="@h"/>` +
		`<circle cx="17.5" cy="18.5" r="1" fill="@a" stroke="none"/><circle cx="27.5" cy="18.5" r="1" fill="@a" stroke="none"/>` +
		`<path d="M22.5 22l-1.8 3.5h3.6z" fill="@h" stroke-width="1"/><path d="M19 29v4M22.5 29v4M26 29v4" stroke="@d" stroke-width="1.3"/>`,
	Tomb: `<path d="M11 38V17q0-11 11.5-11T34 17v21z"/><path d="M20.5 11h4v5h5v4h-5v11h-4V20h-5v-4h5z" fill="@d" stroke="none"/>` +
		`<path d="M4 42q3-7 18.5-7T41 42z" fill="@a"/>`,
	Reaper: `<path d="M10 43L31 3" stroke-width="5.5"/><path d="M10 43L31 3" stroke="@f" stroke-width="2.2"/>` +
		`<path d="M31 4Q16 0 5 13q12-6 25-3z"/>` +
		`<path d="M15 42q-2-14 2-20 3-7 9-7 7 1 8 11 1 9 5 16z"/><ellipse cx="26" cy="25" rx="4.5" ry="5.5" fill="@h"/>` +
		`<path d="M24 24.5h.1M28 24.5h.1" stroke="@a" stroke-width="2"/>`,
	Wraith: `<path d="M8 22l-5 9 6-2M37 22l5 9-6-2"/><path d="M9 41V20q0-14 13.5-14T36 20v21l-4.5-4-4.5 4-4.5-4-4.5 4-4.5-4z"/>` +
		`<ellipse cx="17.5" cy="19" rx="2.5" ry="3.5" fill="@h"/><ellipse cx="27.5" cy="19" rx="2.5" ry="3.5" fill="@h"/>` +
		`<ellipse cx="22.5" cy="29" rx="2.5" ry="3.5" fill="@h"/><circle cx="17.5" cy="19" r="1" fill="@a" stroke="none"/><circle cx="27.5" cy="19" r="1" fill="@a" stroke="none"/>`,
	Vampire: `<path d="M22.5 31l-3-7q-2.5-3-5.5 1-1-5-5-4-2-6-8-6l1-4q6-7 12-3 3 2 5.5 6l-1-7 3 3.5h2l3-3.5-1 7q2.5-4 5.5-6 6-4 12 3l1 4q-6 0-8 6-4-1-5 4-3-4-5.5-1z"/>` +
		`<path d="M20.5 15.5h.1M24.5 15.5h.1" stroke="@a" stroke-width="2.2"/>`,
	Warlock: `<path d="M4 42q2-12 10-14l-4-10 12.5 8L35 18l-4 10q8 2 10 14z"/>` +
		`<path d="M14 27q-1-15 8.5-18 9.5 3 8.5 18-8.5 4-17 0z"/><ellipse cx="22.5" cy="21" rx="5" ry="6" fill="@h"/>` +
		`<path d="M14 14l-1-10 4.5 5 5-8 5 8 4.5-5-1 10q-8.5-4-17 0z"/><path d="M20 20.5h.1M25 20.5h.1" stroke="@a" stroke-width="2.2"/>`,

	Kobold: `<path d="M12 16L3 10l3 10zM33 16l9-6-3 10z"/><path d="M17 11l1-7 3 5zM28 11l-1-7-3 5z"/>` +
		`<path d="M11 22q0-14 11.5-14T34 22q0 8-6 12v2q-5.5 4-11 0v-2q-6-4-6-12z"/><ellipse cx="22.5" cy="31" rx="7" ry="5"/>` +
		`<circle cx="17" cy="20" r="3" fill="@a" stroke-width="1.2"/><circle cx="28" cy="20" r="3" fill="@a" stroke-width="1.2"/>` +
		`<path d="M17 18.5v3M28 18.5v3M20.5 30h.1M24.5 30h.1" stroke-width="1.6"/>`,
	IronGolem: `<path d="M4 42l2-12 8-3h17l8 3 2 12z"/><rect x="13" y="5" width="19" height="23" rx="2"/>` +
		`<path d="M15.5 13h14v4h-14z" fill="@a"/><path d="M22.5 20v8M16 31v11M29 31v11" fill="none" stroke="@d" stroke-width="1.2"/>` +
		`<path d="M16.5 8.5h.1M28.5 8.5h.1M16.5 24h.1M28.5 24h.1" stroke="@d" stroke-width="2"/>`,
	Salamander: `<path d="M11 7l4 7h15l4-7M11 36l4-7h15l4 7" fill="none" stroke-width="6.5"/>` +
		`<path d="M22.5 10v16q0 11 8 12 6 0 7-6" fill="none" stroke-width="10"/><ellipse cx="22.5" cy="8" rx="4.8" ry="6.5"/>` +
		`<path d="M11 7l4 7h15l4-7M11 36l4-7h15l4 7" fill="none" stroke="@f" stroke-width="3"/>` +
		`<path d="M22.5 10v16q0 11 8 12 6 0 7-6" fill="none" stroke="@f" stroke-width="6.4"/>` +
		`<path d="M22.5 17h.1M22.5 24h.1M25 32h.1" stroke="@a" stroke-width="3.4"/><path d="M20.3 6.5h.1M24.7 6.5h.1" stroke="@d" stroke-width="2.2"/>`,
	FireElemental: `<path d="M22.5 42Q8 42 8 29q0-9 7-15-1 6 3 8-2-10 6-19 0 9 6 13 1-5 0-8 8 8 7 21 0 13-14.5 13z"/>` +
		`<path d="M22.5 40q-8.5 0-7.5-8 1-5 5-7 0 5 3 6-1-6 3-10 5 6 4 12 0 7-7.5 7z" fill="@a" stroke-width="1.2"/>` +
		`<path d="M19 33l3 1M26 33l-3 1" stroke-width="1.6"/>`,
	Demonics: `<path d="M14 14Q4 12 6 2q3 6 10 7zM31 14q10-2 8-12-3 6-10 7z"/>` +
		`<path d="M12 16q0-8 10.5-8T33 16l5 2-5 6q-1 14-10.5 17Q13 38 12 24l-5-6z"/>` +
		`<path d="M15 19l6 2.5-5 1zM30 19l-6 2.5 5 1z" fill="@a" stroke-width="1.2"/>` +
		`<path d="M15 29q7.5 6 15 0-7.5 3-15 0z" fill="@h" stroke-width="1.4"/>`,
	RedDragon: `<path d="M24 30q3-14 7-28 2 6 7 6 0 6 5 8-3 4-3 12z"/>` +
		`<path d="M13 43q2-10 7-14l-6 1 3-4-6-1q0-5 6-6l5-4 10-12-4 12q7 3 7 12-1 8 1 16z"/>` +
		`<path d="M11 25Q6 22 2 24q4 2 1 6 4-2 8-1z" fill="@a" stroke-width="1.2"/>` +
		`<circle cx="18" cy="18" r="1.6" fill="@a" stroke-width="1"/>`,

	Goblin: `<path d="M12 18L1 12l5 12 6 1zM33 18l11-6-5 12-6 1z"/><path d="M11 22q0-14 11.5-14T34 22q0 14-11.5 17Q11 36 11 22z"/>` +
		`<circle cx="17" cy="20" r="2.6" fill="@a" stroke-width="1.2"/><circle cx="28" cy="20" r="2.6" fill="@a" stroke-width="1.2"/>` +
		`<path d="M15 30q7.5 6 15 0-7.5 2-15 0z" fill="@h" stroke-width="1.4"/><path d="M22.5 20l-3 9h6z"/>`,
	Ogre: `<g transform="rotate(30 22.5 22.5)"><path d="M19 43l1-16q-5-8-5-16 0-8 7.5-8T30 11q0 8-5 16l1 16z"/>` +
		`<path d="M15 12l-4-1 4-2M30 12l4-1-4-2M16 20l-4 1 4 2M29 20l4 1-4 2M22.5 3l-1-3h2z"/>` +
		`<path d="M19.5 34h6M19.5 38h6" stroke="@d" stroke-width="1.3"/><circle cx="22.5" cy="12" r="1.8" fill="@a" stroke-width="1"/></g>`,
	Orc: `<rect x="20.5" y="6" width="4" height="36" rx="1.5"/><path d="M24 9q10-3 15-6-3 10 0 21-6-4-15-5zM21 9Q11 6 6 3q3 10 0 21 6-4 15-5z"/>` +
		`<path d="M22.5 1l2.5 5h-5z"/><rect x="20" y="33" width="5" height="7" fill="@a" stroke-width="1.2"/>`,
	Troll: `<path d="M14 12l-2-9 6 5 4.5-6L27 8l6-5-2 9z"/><path d="M11 18l-7-3 5 9zM34 18l7-3-5 9z"/>` +
		`<path d="M12 16q0-9 10.5-9T33 16q7 12 3 20-5 6-13.5 6T9 36q-4-8 3-20z"/>` +
		`<path d="M13 19q9.5-5 19 0" fill="none" stroke="@d" stroke-width="2.2"/><path d="M17.5 22h.1M27.5 22h.1" stroke="@a" stroke-width="2.6"/>` +
		`<path d="M20 20q-3 11 2.5 11t2.5-11"/><path d="M14 34q8.5 4 17 0" fill="none" stroke="@d" stroke-width="1.6"/>` +
		`<path d="M16 35l1-6 2.5 6zM29 35l-1-6-2.5 6z" fill="#fffaf0" stroke-width="1.2"/>`,
	Shaman: `<path d="M22.5 0q3.5 6 0 12-3.5-6 0-12zM13 3q5 4 4 10-5-4-4-10zM32 3q-5 4-4 10 5-4 4-10z" fill="@a" stroke-width="1.2"/>` +
		`<path d="M12 12q10.5-5 21 0 3 16-10.5 30Q9 28 12 12z"/>` +
		`<path d="M15 19l6 1-1 3-5-1zM30 19l-6 1 1 3 5-1z" fill="@h" stroke-width="1"/>` +
		`<path d="M16 28l3 3 3.5-3 3.5 3 3-3" fill="none" stroke="@d" stroke-width="1.4"/><path d="M20 35h5" stroke-width="2.4"/>`,
	Warlord: `<path d="M12 18Q2 16 3 3q5 9 11 9zM33 18q10-2 9-15-5 9-11 9z"/><path d="M22.5 1l3 6h-6z"/>` +
		`<path d="M11 22q0-15 11.5-15T34 22z"/><path d="M11 21h23v9q0 10-11.5 12Q11 40 11 30z"/>` +
		`<path d="M14 24h17v3H14z" fill="@h" stroke-width="1.2"/><circle cx="22.5" cy="15" r="2.2" fill="@a" stroke-width="1.2"/>` +
		`<path d="M16 38l1.5-6 2.5 6M29 38l-1.5-6-2.5 6" fill="#fffaf0" stroke-width="1.2"/>`,
}

// seatPalettes colour a unit by seat, in the colours the web app gives
// seats 1 to 4 (cream, black, red, blue): the body in the seat's colour,
// details and holes that stand out on it.
var seatPalettes = [game.MaxPlayers]art.Palette{
	{Fill: "#f7f3e8", Outline: "#1f1d1a", Detail: "#1f1d1a"},
	{Fill: "#2a2a2e", Outline: "#0c0c0e", Detail: "#ececf0", Hole: "#b9b9c2"},
	{Fill: "#b8322d", Outline: "#2a0806", Detail: "#ffeade"},
	{Fill: "#2a62c4", Outline: "#0a1838", Detail: "#eef4ff"},
}

// factionAccents give each faction its own touch of colour on every unit
// of a seat: Human gold, Undead ghost green, Redskin fire, Greenskin
// yellow-green.
var factionAccents = [numFactions]string{"#f2c230", "#8ef0a0", "#ff8c1a", "#b5e03c"}

// unitArt names each kind's picture for each seat ("human-hero-0").
var unitArt = func() (a [numKinds][len(seatPalettes)]string) {
	for k := Kind(0); k < numKinds; k++ {
		for s := range seatPalettes {
			a[k][s] = art.Name(k.Faction().String(), strings.ReplaceAll(strings.ToLower(k.Name()), " ", "-"), strconv.Itoa(s))
		}
	}
	return a
}()

var pictures = func() art.FS {
	fsys := art.FS{}
	for k := Kind(0); k < numKinds; k++ {
		for s, p := range seatPalettes {
			p.Accent = factionAccents[k.Faction()]
			fsys.Add(unitArt[k][s], art.Render(drawings[k], p))
		}
	}
	return fsys
}()

// artOf names the picture of kind k for seat p.
func artOf(k Kind, p int) string { return unitArt[k][p] }

// Pictures implements game.Game: every unit drawn for wyrm once per seat
// colour, "<faction>-<unit>-<seat>.svg" with seats from 0
// ("redskin-iron-golem-2.svg").
func (Game) Pictures() fs.FS { return pictures }
