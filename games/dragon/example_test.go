package dragon_test

import (
	"fmt"
	"strings"

	"wyrm/game"
	"wyrm/games/dragon"
)

func Example() {
	p, err := dragon.Game.Start(game.Options{"dragons": "2"})
	if err != nil {
		panic(err)
	}
	for _, s := range []string{"e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O", "D@g8"} {
		m, err := p.ParseMove(s)
		if err != nil {
			panic(err)
		}
		p.Play(m)
	}
	fmt.Println(p)
	m, _ := p.ParseMove("f1e1")
	fmt.Println(p.MoveString(m), p.(game.SANer).SAN(m))
	p.Play(m)
	fmt.Println(p, game.Perft(p, 3))
	// Output:
	// r1bqkbdr/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1[DDd] w kq - 0 5
	// f1e1 Re1
	// r1bqkbdr/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQR1K1[DDd] b kq - 1 5 31447
}

func ExampleParseFEN() {
	p, err := dragon.ParseFEN("4k3/8/8/8/8/8/8/r3K3[D] w - - 0 1")
	if err != nil {
		panic(err)
	}
	var sans []string
	for _, m := range p.LegalMoves(nil) {
		sans = append(sans, p.SAN(m))
	}
	fmt.Println(strings.Join(sans, " "))
	_, err = dragon.ParseFEN("4k3/8/8/8/8/8/8/r3K3[Q] w - - 0 1")
	fmt.Println(err)
	// Output:
	// Kd2 Ke2 Kf2 D@b1 D@c1 D@d1
	// dragon FEN "4k3/8/8/8/8/8/8/r3K3[Q] w - - 0 1": hand holds 'Q'; only Dragons (D, d) may be in hand
}
