package dragonchess

// The moves of each kind of piece, as the rulings and the variants define them.

var (
	orthDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diagDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	kingDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	knight   = [8][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
	griffonL = [8][2]int{{2, 3}, {3, 2}, {-2, 3}, {-3, 2}, {2, -3}, {3, -2}, {-2, -3}, {-3, -2}}
)

// piece adds the targets of kind k standing on b.from.
func (b *builder) piece(k kind, v variant) {
	l, f, rk := levelOf(b.from), fileOf(b.from), rankOf(b.from)
	fw := forward(b.c)
	at := func(dl, df, dr int) int { return square(l+dl, f+df, rk+dr) }
	switch k {
	case sylph:
		switch l {
		case lvSky:
			b.step(at(0, -1, fw), modeMove)
			b.step(at(0, 1, fw), modeMove)
			b.step(at(0, 0, fw), modeCapture)
			b.step(at(-1, 0, 0), modeCapture)
		case lvGround:
			b.step(at(1, 0, 0), modeMove)
			for _, h := range b.r.sylphHome[b.c] {
				b.step(h, modeMove)
			}
		}
	case griffon:
		switch l {
		case lvSky:
			for _, d := range griffonL {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
			for _, d := range diagDirs {
				b.step(at(-1, d[0], d[1]), modeBoth)
			}
		case lvGround:
			for _, d := range diagDirs {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
			for _, d := range diagDirs {
				b.step(at(1, d[0], d[1]), modeBoth)
			}
		}
	case dragon:
		if l != lvSky {
			return
		}
		for _, d := range diagDirs {
			b.ray(0, d[0], d[1], files)
		}
		if !v.has(vHarnessed1) {
			for _, d := range orthDirs {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
		}
		b.afar(at(-1, 0, 0))
		if !v.has(vHarnessed2) {
			for _, d := range orthDirs {
				b.afar(at(-1, d[0], d[1]))
			}
		}
	case warrior:
		if l == lvGround {
			b.step(at(0, 0, fw), modeMove)
			b.step(at(0, -1, fw), modeCapture)
			b.step(at(0, 1, fw), modeCapture)
		}
	case oliphant, thief:
		if l != lvGround {
			return
		}
		dirs := orthDirs
		if k == thief {
			dirs = diagDirs
		}
		for _, d := range dirs {
			b.ray(0, d[0], d[1], files)
		}
	case unicorn:
		if l == lvGround {
			for _, d := range knight {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
		}
	case hero:
		if l == lvGround {
			for _, d := range diagDirs {
				b.step(at(0, d[0], d[1]), modeBoth)
				b.step(at(0, 2*d[0], 2*d[1]), modeBoth)
			}
			for _, d := range diagDirs {
				b.step(at(1, d[0], d[1]), modeBoth)
				b.step(at(-1, d[0], d[1]), modeBoth)
			}
		} else {
			for _, d := range diagDirs {
				b.step(square(lvGround, f+d[0], rk+d[1]), modeBoth)
			}
		}
	case cleric:
		for _, d := range kingDirs {
			b.step(at(0, d[0], d[1]), modeBoth)
		}
		b.step(at(1, 0, 0), modeBoth)
		b.step(at(-1, 0, 0), modeBoth)
	case mage:
		if l == lvGround {
			for _, d := range kingDirs {
				b.ray(0, d[0], d[1], files)
			}
		} else {
			for _, d := range orthDirs {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
		}
		b.ray(1, 0, 0, levels)
		b.ray(-1, 0, 0, levels)
	case king:
		if l == lvGround {
			for _, d := range kingDirs {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
			b.step(at(1, 0, 0), modeBoth)
			b.step(at(-1, 0, 0), modeBoth)
		} else {
			b.step(square(lvGround, f, rk), modeBoth)
		}
	case paladin:
		for _, d := range kingDirs {
			b.step(at(0, d[0], d[1]), modeBoth)
		}
		if l == lvGround {
			for _, d := range knight {
				b.step(at(0, d[0], d[1]), modeBoth)
			}
		}
		for _, dl := range [4]int{1, -1, 2, -2} {
			n := 2
			if dl == 2 || dl == -2 {
				n = 1
			}
			for _, d := range orthDirs {
				b.step(at(dl, n*d[0], n*d[1]), modeBoth)
			}
		}
	case dwarf, revDwarf:
		b.dwarf(k, v, at)
	case basilisk:
		if l == lvUnder {
			b.step(at(0, 0, fw), modeBoth)
			b.step(at(0, -1, fw), modeBoth)
			b.step(at(0, 1, fw), modeBoth)
			b.step(at(0, 0, -fw), modeMove)
		}
	case elemental:
		switch l {
		case lvUnder:
			for _, d := range orthDirs {
				b.ray(0, d[0], d[1], 2)
			}
			for _, d := range diagDirs {
				b.step(at(0, d[0], d[1]), modeMove)
			}
			up := modeCapture
			if v.has(vSummonElemental) {
				up = modeBoth
			}
			for _, d := range orthDirs {
				b.stepIf(at(1, d[0], d[1]), at(0, d[0], d[1]), up)
			}
		case lvGround:
			for _, d := range orthDirs {
				b.stepIf(at(-1, d[0], d[1]), at(-1, 0, 0), modeBoth)
			}
		}
	}
}

// dwarf adds the targets of a Dwarf (or a reversed Dwarf, which moves
// towards its own home row).
func (b *builder) dwarf(k kind, v variant, at func(dl, df, dr int) int) {
	fw := forward(b.c)
	if k == revDwarf {
		fw = -fw
	}
	l := levelOf(b.from)
	if l == lvSky {
		return
	}
	b.step(at(0, 0, fw), modeMove)
	b.step(at(0, -1, fw), modeCapture)
	b.step(at(0, 1, fw), modeCapture)
	sideways := l == lvUnder || !v.has(vAboveGroundDwarf)
	if sideways {
		b.step(at(0, -1, 0), modeMove)
		b.step(at(0, 1, 0), modeMove)
	}
	free := v.has(vTrollDwarf)
	switch l {
	case lvUnder:
		if free {
			b.step(at(1, 0, 0), modeBoth)
		} else {
			b.step(at(1, 0, 0), modeCapture)
		}
	case lvGround:
		if v.has(vAboveGroundDwarf | vTrollDwarf) {
			b.step(at(0, 0, -fw), modeMove)
		}
		if free {
			b.step(at(-1, 0, 0), modeBoth)
		} else {
			b.step(at(-1, 0, 0), modeMove)
		}
		if v.has(vSynchronized) {
			for _, h := range b.r.dwarfHome[b.c] {
				b.step(h, modeMove)
			}
		}
	}
}
