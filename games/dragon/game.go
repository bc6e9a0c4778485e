package dragon

import (
	"fmt"

	"wyrm/game"
)

// Game is the Dragon Chess game value for the registry.
var Game game.Game = gameDef{}

type gameDef struct{}

// Info names the game; records carry Fairy-Stockfish's variant name.
func (gameDef) Info() game.Info {
	return game.Info{Name: "dragon", Title: "Dragon Chess", Variant: "dragon", Selective: true}
}

// Options offers the number of Dragons each side starts with.
func (gameDef) Options() []game.Option {
	return []game.Option{{
		Name:        "dragons",
		Label:       "Dragons",
		Description: "Dragons in each hand at the start: 2 as in the rulebook, 1 as on pychess.org",
		Kind:        game.Choice,
		Choices:     []string{"1", "2"},
		Default:     "2",
	}}
}

// Normalize checks options a player chose.
func (g gameDef) Normalize(opts game.Options) (game.Options, error) {
	return game.Normalize(g.Options(), opts)
}

// SeatNames are White and Black whatever the options.
func (g gameDef) SeatNames(opts game.Options) ([]string, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return nil, err
	}
	return []string{"White", "Black"}, nil
}

// Start returns the start position: two Dragons in hand each, or one with
// option dragons=1.
func (g gameDef) Start(opts game.Options) (game.Position, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return nil, fmt.Errorf("dragon: %w", err)
	}
	fen := StartFEN
	if opts.Get("dragons", "2") == "1" {
		fen = StartFENOneDragon
	}
	return ParseFEN(fen)
}

// UCIStart is the start "position startpos" names under UCI_Variant
// dragon whatever the options: Fairy-Stockfish's, one Dragon in each hand,
// since the variant's UCI name is that engine's (the project's ruling).
func (g gameDef) UCIStart(opts game.Options) (game.Position, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return nil, fmt.Errorf("dragon: %w", err)
	}
	return ParseFEN(StartFENOneDragon)
}

// Parse reads a FEN; its hand is taken as written whatever the options say.
func (g gameDef) Parse(s string, opts game.Options) (game.Position, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return nil, fmt.Errorf("dragon: %w", err)
	}
	p, err := ParseFEN(s)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Game is Dragon Chess.
func (p *Position) Game() game.Game { return Game }

// Players is always 2.
func (p *Position) Players() int { return 2 }

// ToMove is the side to move, or NoPlayer when the game is over.
func (p *Position) ToMove() game.Player {
	if p.status == statusUnknown {
		p.status = statusPlaying
		if p.drawnByRule() != "" || !p.hasLegalMove() {
			p.status = statusOver
		}
	}
	if p.status == statusOver {
		return game.NoPlayer
	}
	return game.Player(p.side)
}

// Hash identifies board, side to move, castling rights, en passant and hands.
func (p *Position) Hash() uint64 { return p.hash }

// Clone returns an independent copy, history included.
func (p *Position) Clone() game.Position {
	q := *p
	q.hist = make([]undo, len(p.hist), max(cap(p.hist), 256))
	copy(q.hist, p.hist)
	return &q
}

// The optional interfaces Position implements.
var (
	_ game.Position   = (*Position)(nil)
	_ game.NullMover  = (*Position)(nil)
	_ game.Perfter    = (*Position)(nil)
	_ game.SANer      = (*Position)(nil)
	_ game.UCIStarter = gameDef{}
)
