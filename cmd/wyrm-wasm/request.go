package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"wyrm/game"
	"wyrm/games"
	"wyrm/search"
)

// maxMultiPV bounds the lines asked for; a search gives at most one line
// per legal move anyway.
const maxMultiPV = 256

// position is one position to search, with the hashes of the positions
// before it so that the search sees repetitions.
type position struct {
	pos     game.Position
	history []uint64
}

// job settings read from a request.
type settings struct {
	game game.Game
	lim  search.Limits
	mode search.MultiMode
}

func decodeRequest(b []byte) (request, settings, error) {
	var req request
	var s settings
	if err := json.Unmarshal(b, &req); err != nil {
		return req, s, fmt.Errorf("request: %v", err)
	}
	g, err := games.Lookup(req.Game)
	if err != nil {
		return req, s, err
	}
	s.game = g
	switch {
	case req.MultiPV < 0 || req.MultiPV > maxMultiPV:
		return req, s, fmt.Errorf("multipv %d is not 1..%d", req.MultiPV, maxMultiPV)
	case req.MoveTime < 0 || req.Depth < 0:
		return req, s, errors.New("movetime and depth must not be negative")
	}
	s.lim = search.Limits{MultiPV: max(req.MultiPV, 1), MoveTime: time.Duration(req.MoveTime) * time.Millisecond,
		Depth: min(req.Depth, search.MaxPly), Nodes: req.Nodes}
	switch req.MultiPlayer {
	case "":
		s.mode = search.DefaultMultiMode
	case search.BRS.String():
		s.mode = search.BRS
	case search.Paranoid.String():
		s.mode = search.Paranoid
	default:
		return req, s, fmt.Errorf("multiPlayer %q is not %s or %s", req.MultiPlayer, search.BRS, search.Paranoid)
	}
	return req, s, nil
}

// hasLimit reports whether a search with lim ends by itself.
func hasLimit(lim search.Limits) bool { return lim.MoveTime > 0 || lim.Depth > 0 || lim.Nodes > 0 }

// gameLine returns the position text describes ("" for the start) and
// those after each of moves, in order: len(moves)+1 positions. The options
// are a player's, checked and completed by the game.
func gameLine(g game.Game, opts game.Options, text string, moves []string) ([]position, error) {
	name := g.Info().Name
	opts, err := g.Normalize(opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	var p game.Position
	if text == "" {
		p, err = g.Start(opts)
	} else {
		p, err = g.Parse(text, opts)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	line := []position{{pos: p.Clone()}}
	var history []uint64
	for i, ms := range moves {
		m, err := p.ParseMove(ms)
		if err != nil {
			return nil, fmt.Errorf("move %d %q: %v", i+1, ms, err)
		}
		history = append(history, p.Hash())
		p.Play(m)
		line = append(line, position{pos: p.Clone(), history: history[:len(history):len(history)]})
	}
	return line, nil
}

// finished reports whether pos has no move to search.
func finished(pos game.Position) bool {
	return pos.ToMove() == game.NoPlayer || len(pos.LegalMoves(nil)) == 0
}

// gamesList describes every game and the engine's choices.
func gamesList() gamesMsg {
	out := gamesMsg{Engine: engineMsg{MaxMultiPV: maxMultiPV,
		MultiPlayer:        []string{search.BRS.String(), search.Paranoid.String()},
		DefaultMultiPlayer: search.DefaultMultiMode.String()}}
	for _, g := range games.All() {
		gm := gameMsg{Name: g.Info().Name, Title: g.Info().Title, Options: []game.Option{}}
		for _, o := range g.Options() {
			if !o.Internal {
				gm.Options = append(gm.Options, o)
			}
		}
		if p, err := g.Start(nil); err == nil {
			gm.Start = p.String()
		}
		out.Games = append(out.Games, gm)
	}
	return out
}
