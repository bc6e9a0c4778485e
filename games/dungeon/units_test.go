package dungeon

import "testing"

// unitCase is one position and the exact moves of the unit on sq. The lab
// room is files a-g, ranks 1-7, water on b2, void on d2.
type unitCase struct {
	name string
	pos  string
	sq   string
	want string
}

func runUnitCases(t *testing.T, cases []unitCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.pos)
			if got := movesFrom(p, c.sq); got != sortedWords(c.want) {
				t.Errorf("%s\n got %s\nwant %s", c.pos, got, sortedWords(c.want))
			}
		})
	}
}

func TestHumanUnits(t *testing.T) {
	runUnitCases(t, []unitCase{
		{"hero open, friend and enemy", "unit-lab human:Pj1,Hc4,Hd4 undead:Lj7,Te5 1 0 0", "d4",
			"d4c3 d4c5 d4d3 d4e3 d4e4 d4d5 d4xe5"},
		{"hero by water and void", "unit-lab human:Pj1,Hc1 undead:Lj7 1 0 0", "c1", "c1b1 c1d1 c1c2"},
		{"hero between water and void", "unit-lab human:Pj1,Hc3 undead:Lj7 1 0 0", "c3", "c3c2 c3b3 c3d3 c3b4 c3c4 c3d4"},
		{"stronghold slides to attack", "unit-lab human:Pj1,Hb4,Sd4 undead:Lj7,Td7 1 0 0", "d4", "d4c4 d4d3 d4d5 d4e4 d4xd7"},
		{"stronghold attack blocked by water", "unit-lab human:Pj1,Sb3 undead:Lj7,Tb1 1 0 0", "b3", "b3a3 b3b4 b3c3"},
		{"knight open", "unit-lab human:Pj1,Nd4,Hc6 undead:Lj7,Te6 1 0 0", "d4", "d4b3 d4b5 d4c2 d4e2 d4f3 d4f5 d4xe6"},
		{"knight leaps over water and void", "unit-lab human:Pj1,Nc1 undead:Lj7 1 0 0", "c1", "c1a2 c1b3 c1d3 c1e2"},
		{"knight never lands on water", "unit-lab human:Pj1,Nd3 undead:Lj7 1 0 0", "d3", "d3b4 d3c1 d3c5 d3e1 d3e5 d3f2 d3f4"},
		{"archer gapped attack", "unit-lab human:Pj1,Ad4 undead:Lj7,Tb6,Tc3,Tf6,Tg1 1 0 0", "d4",
			"d4c5 d4e3 d4e5 d4f2 d4xb6 d4xf6"},
		{"archer gap over void", "unit-lab human:Pj1,Ae1 undead:Lj7,Tc3 1 0 0", "e1", "e1f2 e1g3"},
		{"archer gap over water", "unit-lab human:Pj1,Aa1 undead:Lj7,Tc3 1 0 0", "a1", ""},
		{"wizard moves straight, attacks diagonally", "unit-lab human:Pj1,Wd4 undead:Lj7,Td6,Tf6 1 0 0", "d4",
			"d4a4 d4b4 d4c4 d4d3 d4d5 d4e4 d4f4 d4g4 d4xf6"},
		{"princess slides, captures one step", "unit-lab human:Pd4 undead:Lj7,Kd5,Kf6 1 0 0", "d4",
			"d4a7 d4b6 d4c3 d4d3 d4e3 d4f2 d4g1 d4xd5"},
	})
}

func TestUndeadUnits(t *testing.T) {
	runUnitCases(t, []unitCase{
		{"skeleton open", "unit-lab undead:Lj1,Kc4,Kd4 human:Pj7,He5 1 0 0", "d4",
			"d4c3 d4c5 d4d3 d4e3 d4e4 d4d5 d4xe5"},
		{"skeleton by water and void", "unit-lab undead:Lj1,Kc1 human:Pj7 1 0 0", "c1", "c1b1 c1d1 c1c2"},
		{"tomb phases through one friend", "unit-lab undead:Lj1,Td4,Kd5 human:Pj7,Hd7,He4 1 0 0", "d4",
			"d4c4 d4d3 d4xd7 d4xe4"},
		{"tomb cannot phase through two friends", "unit-lab undead:Lj1,Td4,Kd5,Kd6 human:Pj7,Hd7 1 0 0", "d4",
			"d4c4 d4d3 d4e4"},
		{"tomb phases over water", "unit-lab undead:Lj1,Tb1,Kb3 human:Pj7,Hb5 1 0 0", "b1", "b1a1 b1c1 b1xb5"},
		{"tomb line ends at void", "unit-lab undead:Lj1,Td1 human:Pj7,Hd3 1 0 0", "d1", "d1c1 d1e1"},
		{"reaper", "unit-lab undead:Lj1,Rd4,Kc6 human:Pj7,He6 1 0 0", "d4", "d4b3 d4b5 d4c2 d4e2 d4f3 d4f5 d4xe6"},
		{"wraith moves gapped, attacks sliding", "unit-lab undead:Lj1,Yd4 human:Pj7,Hc3,Hg7 1 0 0", "d4",
			"d4b6 d4f2 d4f6 d4xc3 d4xg7"},
		{"wraith gap over void", "unit-lab undead:Lj1,Ye1 human:Pj7 1 0 0", "e1", "e1g3"},
		{"vampire moves diagonally, attacks straight", "unit-lab undead:Lj1,Vd4 human:Pj7,Hd6,Hf6 1 0 0", "d4",
			"d4a7 d4b6 d4c3 d4c5 d4e3 d4e5 d4f2 d4g1 d4xd6"},
		{"warlock steps, attacks diagonally", "unit-lab undead:Ld4 human:Pj7,Hf6 1 0 0", "d4",
			"d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4xf6"},
		{"warlock by water and void", "unit-lab undead:Lc1 human:Pj7,Ha3 1 0 0", "c1", "c1b1 c1c2 c1d1"},
	})
}

func TestRedskinUnits(t *testing.T) {
	runUnitCases(t, []unitCase{
		{"kobold step and cannon", "unit-lab redskin:Ej1,Bd5,Bd6 human:Pj7,Hd7 1 0 0", "d5",
			"d5c4 d5c5 d5c6 d5d4 d5e4 d5e5 d5e6 d5xd7"},
		{"kobold cannon line ends at void", "unit-lab redskin:Ej1,Bd1,Bd3 human:Pj7,Hd5 1 0 0", "d1",
			"d1c1 d1c2 d1e1 d1e2"},
		{"kobold cannon skips water", "unit-lab redskin:Ej1,Bb1,Bb3 human:Pj7,Hb6 1 0 0", "b1",
			"b1a1 b1a2 b1c1 b1c2 b1xb6"},
		{"water is no screen", "unit-lab redskin:Ej1,Bb1 human:Pj7,Hb4,Hb6 1 0 0", "b1",
			"b1a1 b1a2 b1c1 b1c2 b1xb6"},
		{"iron golem", "unit-lab redskin:Ej1,Id4,Bd5 human:Pj7,Hd7 1 0 0", "d4", "d4c4 d4d3 d4e4 d4xd7"},
		{"salamander must retreat", "unit-lab redskin:Ej1,Mc1 human:Pj7,He2 1 0 0", "c1",
			"c1a2 c1b3 c1d3 c1xe2-d1 c1xe2-d3 c1xe2-e1 c1xe2-e3 c1xe2-f1 c1xe2-f2 c1xe2-f3"},
		{"fire elemental", "unit-lab redskin:Ej1,Fd4,Bb6 human:Pj7,Hf6 1 0 0", "d4",
			"d4c3 d4c5 d4e3 d4e5 d4f2 d4g1 d4xf6"},
		{"demonics", "unit-lab redskin:Ej1,Da1,Bd1 human:Pj7,Ha4 1 0 0", "a1", "a1a2 a1a3 a1b1 a1c1 a1xa4"},
		{"red dragon strikes by leap", "unit-lab redskin:Ed4 human:Pj7,Hf5 1 0 0", "d4",
			"d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4xf5"},
	})
}

func TestGreenskinUnits(t *testing.T) {
	runUnitCases(t, []unitCase{
		{"goblin cannot cannon an iron golem", "unit-lab greenskin:Jj1,Gd5,Gd6 redskin:Ej7,Id7 1 0 0", "d5",
			"d5c4 d5c5 d5c6 d5d4 d5e4 d5e5 d5e6"},
		{"goblin uses an iron golem as screen", "unit-lab greenskin:Jj1,Gd5 redskin:Ej7,Id6,Bd7 1 0 0", "d5",
			"d5c4 d5c5 d5c6 d5d4 d5e4 d5e5 d5e6 d5xd6 d5xd7"},
		{"ogre cannon, no step attack", "unit-lab greenskin:Jj1,Od4,Gd5 human:Pj7,Hd3,Hd6 1 0 0", "d4",
			"d4c4 d4e4 d4xd6"},
		{"orc leaps and double steps", "unit-lab greenskin:Jj1,Cd4,Gd5 human:Pj7,Hb4,He4 1 0 0", "d4",
			"d4b3 d4b5 d4c2 d4c6 d4e2 d4e6 d4f3 d4f5 d4xb4"},
		{"orc double step needs empty floor first", "unit-lab greenskin:Jj1,Cb1 human:Pj7 1 0 0", "b1",
			"b1a3 b1c3 b1d1"},
		{"troll", "unit-lab greenskin:Jj1,Ud4,Gb6 human:Pj7,Hf6 1 0 0", "d4",
			"d4c3 d4c5 d4e3 d4e5 d4f2 d4g1 d4xf6"},
		{"shaman slides and hexes anyone", "unit-lab greenskin:Jj1,Qa1,Gd1 human:Pj7,Ha4 1 0 0", "a1",
			"a1@a4 a1@j7 a1a2 a1a3 a1b1 a1c1 a1xa4"},
		{"warlord by water and void", "unit-lab greenskin:Jc1 human:Pj7,He2 1 0 0", "c1", "c1b1 c1c2 c1xe2"},
	})
}
