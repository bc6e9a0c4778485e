package tournament

import (
	"context"

	"wyrm/game"
	"wyrm/server/table"
)

// View is a tournament as the list and its page show it.
type View struct {
	ID          string            `json:"id"`
	Kind        string            `json:"kind"`
	Name        string            `json:"name"`
	Game        string            `json:"game"`
	Options     game.Options      `json:"options"`
	Clock       table.TimeControl `json:"clock"`
	Rated       bool              `json:"rated"`
	Seats       int               `json:"seats"`
	StartsAt    int64             `json:"startsAt"`
	EndsAt      int64             `json:"endsAt,omitempty"`
	FinishedAt  int64             `json:"finishedAt,omitempty"`
	Minutes     int               `json:"minutes,omitempty"`
	Rounds      int               `json:"rounds,omitempty"`
	Round       int               `json:"round"`
	Status      string            `json:"status"`
	Private     bool              `json:"private"`
	Conditions  Terms             `json:"conditions"`
	Creator     string            `json:"creator"`
	Scheduled   bool              `json:"scheduled,omitempty"`
	Description string            `json:"description,omitempty"`
}

func (s *Service) viewOf(t Tournament) View {
	v := View{ID: t.ID, Kind: t.Kind, Name: t.Name, Game: t.Game, Options: t.Options, Clock: t.Clock, Rated: t.Rated,
		Seats: t.Seats, StartsAt: t.StartsMs, EndsAt: t.EndsMs, FinishedAt: t.FinishedMs, Minutes: t.Minutes,
		Rounds: t.Rounds, Round: t.Round, Status: t.Status, Private: t.Private, Conditions: t.Terms,
		Creator: t.CreatorName, Scheduled: t.ScheduleKey != "", Description: t.Terms.Description}
	if v.Options == nil {
		v.Options = game.Options{}
	}
	if t.Status == Created && t.Kind == Arena {
		v.EndsAt = t.StartsMs + int64(t.Minutes)*60_000
	}
	return v
}

// Standing is one line of a tournament's standings.
type Standing struct {
	Rank int `json:"rank"`
	Player
	// Buchholz and SonnebornBerger are a Swiss tournament's tie-breaks,
	// in half points.
	Buchholz        int `json:"buchholz,omitempty"`
	SonnebornBerger int `json:"sonnebornBerger,omitempty"`
	// Playing is the game the player is in now, if any.
	Playing string `json:"playing,omitempty"`
}

// GameView is one game of a tournament as its page shows it.
type GameView struct {
	ID       string   `json:"id"`
	Round    int      `json:"round"`
	Players  []string `json:"players"`
	Berserk  []bool   `json:"berserk"`
	Status   string   `json:"status"`
	Placings []int    `json:"placings,omitempty"`
	Points   []int    `json:"points,omitempty"`
	Reason   string   `json:"reason,omitempty"`
	Bye      bool     `json:"bye,omitempty"`
}

// Mine is what the page tells a player of their own part.
type Mine struct {
	State   string `json:"state"`
	Berserk bool   `json:"berserk"`
	// Game is the player's game under way, with their seat and its token
	// (which names the seat; the account alone plays it).
	Game  string `json:"game,omitempty"`
	Seat  int    `json:"seat"`
	Token string `json:"token,omitempty"`
}

// Detail is GET /api/tournaments/{id}.
type Detail struct {
	View
	Standings []Standing `json:"standings"`
	Games     []GameView `json:"games"`
	// Featured is the game under way whose players stand best (an
	// arena's leading game).
	Featured string `json:"featured,omitempty"`
	Me       *Mine  `json:"me,omitempty"`
	Now      int64  `json:"now"`
}

// detail reads what a tournament's page shows to account user (0: a
// guest).
func (s *Service) detail(ctx context.Context, id string, user int64) (Detail, error) {
	t, err := s.st.Get(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	ps, err := s.st.Players(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	gs, err := s.st.Games(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	d := Detail{View: s.viewOf(t), Standings: standings(t, ps, gs), Games: []GameView{}, Now: s.now().UnixMilli()}
	names := map[int64]string{}
	for _, p := range ps {
		names[p.UserID] = p.Name
	}
	rank := map[int64]int{}
	for _, st := range d.Standings {
		rank[st.UserID] = st.Rank
	}
	best := 0
	for _, g := range gs {
		v := GameView{ID: g.ID, Round: g.Round, Berserk: g.Berserk, Status: g.Status, Placings: g.Placings,
			Points: g.Points, Reason: g.Reason, Bye: g.Bye()}
		if v.Berserk == nil {
			v.Berserk = make([]bool, len(g.Users))
		}
		sum := 0
		for seat, u := range g.Users {
			v.Players = append(v.Players, names[u])
			sum += rank[u]
			if u == user && g.Status != gameOver && d.Me == nil {
				d.Me = &Mine{Game: g.ID, Seat: seat, Token: g.Tokens[seat]}
			}
		}
		if !v.Bye {
			v.ID = g.ID
		} else {
			v.ID = ""
		}
		if g.Status != gameOver && !v.Bye && (best == 0 || sum < best) {
			best, d.Featured = sum, g.ID
		}
		d.Games = append(d.Games, v)
	}
	for _, p := range ps {
		if p.UserID == user && user != 0 {
			if d.Me == nil {
				d.Me = &Mine{Seat: -1}
			}
			d.Me.State, d.Me.Berserk = p.State, p.Berserk
		}
	}
	if d.Me != nil && d.Me.State == "" {
		d.Me = nil
	}
	return d, nil
}
