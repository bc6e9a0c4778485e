package play

import (
	"context"

	"wyrm/game"
	"wyrm/rating"
	"wyrm/server/challenge"
	"wyrm/server/secret"
	"wyrm/server/table"
)

// challengeHost is the server's games as challenges need them
// (challenge.Games): every line that reaches into the sessions and the
// lobby on the challenges' behalf is in this file.
type challengeHost struct{ srv *Hall }

// Game finds a game the server hosts by name.
func (h challengeHost) Game(name string) (game.Game, bool) {
	g, ok := h.srv.games[name]
	return g, ok
}

// Normalize checks a game's options as creating a game does.
func (h challengeHost) Normalize(name string, opts game.Options) (game.Game, game.Options, error) {
	return h.srv.normalize(name, opts)
}

// Start stores and starts a challenge's game as any other, holding none of
// a creator's limits.
func (h challengeHost) Start(ctx context.Context, def table.Def) (string, error) {
	id := secret.ID()
	if _, err := h.srv.add(ctx, id, def, nil, ""); err != nil {
		return "", err
	}
	return id, nil
}

// Challenges is the hall as the challenges see it (challenge.Games).
func (srv *Hall) Challenges() challenge.Games { return challengeHost{srv} }

// Facts reads what a game's players are told as it starts: its terms, its
// start and its players, each rated in the game's pool (database reads,
// done outside the game's lock).
func (h challengeHost) Facts(ctx context.Context, id string) (challenge.GameFacts, error) {
	s := h.srv.session(id)
	if s == nil {
		return challenge.GameFacts{}, errNoGame
	}
	s.mu.Lock()
	t := s.t
	tc := t.Def.Clock
	f := challenge.GameFacts{Game: t.Def.Game, Options: t.Def.Options, Rated: t.Def.Rated, Clock: tc,
		Speed: rating.SpeedOf(tc.Initial, tc.Increment, tc.Days), Start: t.Start, StartPos: t.Def.Start == "",
		ToMove: int(t.ToMove()), Players: []challenge.Player{}}
	for i := range t.Seats() {
		f.SeatNames = append(f.SeatNames, t.SeatName(i))
	}
	if f.ToMove == int(game.NoPlayer) || t.Setup != nil {
		f.ToMove = -1
	}
	users := append([]int64(nil), t.Users...)
	s.mu.Unlock()
	for i, u := range users {
		p := challenge.Player{Seat: i}
		if u != 0 && h.srv.accounts != nil {
			read := lookupPlayer(ctx, h.srv.accounts, u, f.Game, f.Speed)
			p.Name, p.Rating, p.Provisional, p.Bot = read.name, read.rating, read.provisional, read.bot
			if p.Bot {
				p.Title = "BOT"
			}
		}
		f.Players = append(f.Players, p)
	}
	return f, nil
}
