package dungeon

import "testing"

// More unit tables: every unit near water or void and among friends and
// enemies, complementing units_test.go.
func TestUnitsNearTerrain(t *testing.T) {
	runUnitCases(t, []unitCase{
		// Human
		{"stronghold attack ends at void", "unit-lab human:Pj1,Sd3 undead:Lj7,Td1 1 0 0", "d3", "d3c3 d3d4 d3e3"},
		{"wizard between water and void", "unit-lab human:Pj1,Wc2,Hc5 undead:Lj7,Tb3,Tb1 1 0 0", "c2",
			"c2c1 c2c3 c2c4 c2xb1 c2xb3"},
		{"princess between water and void", "unit-lab human:Pc1 undead:Lj7,Kd1 1 0 0", "c1", "c1b1 c1xd1"},
		// Undead
		{"reaper never lands on water", "unit-lab undead:Lj1,Rd3 human:Pj7 1 0 0", "d3", "d3b4 d3c1 d3c5 d3e1 d3e5 d3f2 d3f4"},
		{"vampire between water and void", "unit-lab undead:Lj1,Vc3,Kd4 human:Pj7,Hc6,Hc1,Ha3 1 0 0", "c3",
			"c3a5 c3b4 c3xa3 c3xc1 c3xc6"},
		{"skeleton among friends and enemies", "unit-lab undead:Lj1,Kd4,Kc3,Kd3,Ke3 human:Pj7,Hc5,He5 1 0 0", "d4",
			"d4c4 d4d5 d4e4 d4xc5 d4xe5"},
		// Redskin
		{"iron golem cannon over an enemy screen, void behind", "unit-lab redskin:Ej1,Id3 human:Pj7,Hd5,Hd6 1 0 0", "d3",
			"d3c3 d3d4 d3e3 d3xd6"},
		{"salamander among friends and water", "unit-lab redskin:Ej1,Md4,Bc4,Bc2,Ba4 human:Pj7,Hb3 1 0 0", "d4",
			"d4b5 d4c6 d4e2 d4e6 d4f3 d4f5 d4xb3-a2 d4xb3-a3 d4xb3-b4 d4xb3-c3"},
		{"fire elemental stops at void", "unit-lab redskin:Ej1,Fe1 human:Pj7,Hg3 1 0 0", "e1", "e1f2 e1xg3"},
		{"demonics hemmed in", "unit-lab redskin:Ej1,Dd4,Bc3,Bc4,Bc5,Bd5,Be5 human:Pj7,He4 1 0 0", "d4",
			"d4d3 d4e3 d4f2 d4g1 d4xe4"},
		{"red dragon between water and void", "unit-lab redskin:Ec1 human:Pj7,Hb3 1 0 0", "c1", "c1b1 c1d1 c1xb3"},
		// Greenskin
		{"goblin cannon over water and a screen", "unit-lab greenskin:Jj1,Gb1 human:Pj7,Hb3,Hb5 1 0 0", "b1",
			"b1a1 b1a2 b1c1 b1c2 b1xb5"},
		{"ogre by void", "unit-lab greenskin:Jj1,Od3 human:Pj7,Hd5,Hd6 1 0 0", "d3", "d3c3 d3d4 d3e3 d3xd6"},
		{"troll between water and void", "unit-lab greenskin:Jj1,Uc3 human:Pj7,Hf6 1 0 0", "c3", "c3a5 c3b4 c3d4 c3e5 c3xf6"},
		{"shaman by void among friends", "unit-lab greenskin:Jj1,Qd3,Gd4,Gc4,Ge4 human:Pj7,Hb3,Hf1 1 0 0", "d3",
			"d3@b3 d3@f1 d3@j7 d3b1 d3c2 d3c3 d3e2 d3e3 d3f3 d3g3 d3xb3 d3xf1"},
		{"warlord open", "unit-lab greenskin:Jd4,Gc5 human:Pj7,Hf5 1 0 0", "d4", "d4c3 d4c4 d4d3 d4d5 d4e3 d4xf5"},
	})
}
