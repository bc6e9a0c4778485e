package record

import (
	"fmt"

	"wyrm/game"
)

// rawGame is one game as the parser found it, before its tags are read
// into a Record.
type rawGame struct {
	tags   []Tag
	moves  []string
	result string // the movetext's result token, "" when it has none
	moved  bool   // movetext has begun
	begun  bool   // a tag or movetext token was seen
}

// done ends a game the parser has found: its record, and whether there is
// one, as the parser returns them.
func (g *rawGame) done() (Record, bool, error) {
	r, err := g.record()
	return r, err == nil, err
}

// record turns the game into a Record.
func (g *rawGame) record() (Record, error) {
	r := Record{Moves: g.moves}
	own := map[string]string{}
	var seats [game.MaxPlayers]string
	hasSeats := 0
	for _, t := range g.tags {
		switch n := seatTag(t.Name); {
		case n > 0:
			seats[n-1] = t.Value
			hasSeats = max(hasSeats, n)
		case isOwnTag(t.Name):
			own[t.Name] = t.Value
		default:
			r.Tags = append(r.Tags, t)
		}
	}
	r.Event, r.Site, r.Date, r.Round = own[tagEvent], own[tagSite], own[tagDate], own[tagRound]
	if hasSeats > 0 {
		r.Players = seats[:max(hasSeats, 2)]
		for i, p := range r.Players {
			if p == "" {
				r.Players[i] = "?"
			}
		}
	} else {
		r.Players = []string{own[tagWhite], own[tagBlack]}
	}
	r.Variant, r.Game, r.Start = own[tagVariant], own[tagGame], own[tagFEN]
	r.Termination, r.Reason = Termination(own[tagTermination]), own[tagReason]
	var err error
	if v, ok := own[tagOptions]; ok && v != "" {
		if r.Options, err = parseOptions(v); err != nil {
			return Record{}, err
		}
	}
	if r.Left, err = parseLeft(own[tagLeft], r.Seats()); err != nil {
		return Record{}, err
	}
	if r.Results, err = g.results(own, r.Seats()); err != nil {
		return Record{}, err
	}
	return r, nil
}

// results reads each seat's result: a two-seat game's from the Result tag
// (or, without it, the movetext's end), a larger game's from Results.
func (g *rawGame) results(own map[string]string, seats int) ([]game.Result, error) {
	if seats != 2 {
		if w, ok := own[tagResults]; ok {
			return parseResultWords(w, seats)
		}
		return make([]game.Result, seats), nil
	}
	tok, ok := own[tagResult]
	if !ok {
		tok = g.result
	}
	if r, ok := tokenResults(tok); ok {
		return r, nil
	}
	if tok == "" {
		return []game.Result{game.Ongoing, game.Ongoing}, nil
	}
	return nil, fmt.Errorf("Result %q is not 1-0, 0-1, 1/2-1/2 or *", tok)
}
