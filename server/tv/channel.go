package tv

import (
	"maps"
	"slices"
	"time"

	"wyrm/server/lobby"
)

// DefaultPause is how long a featured game that ended stays on its
// channel, showing its result, before the next game is featured.
const DefaultPause = 8 * time.Second

// channel is one game's TV: the family's games in progress and the one
// featured. It is pure (no clock of its own, no locking); TV guards it.
type channel struct {
	game, title string
	// live holds the family's games in progress by id.
	live map[string]*lobby.Entry
	// cur is the featured game as last heard of, nil when none.
	cur *lobby.Entry
	// endedAt is when cur was first seen over; zero while it runs.
	endedAt time.Time
	// seen: a viewer has been shown cur. Until then a better game may
	// take its place unnoticed; after, cur stays until it ends (unless it
	// is a machines' game and people have started one).
	seen bool
	// top is the best of live while topOK: kept as entries come in, so
	// that a move in one game does not rank all of them again (every node
	// hears every game's moves).
	top   *lobby.Entry
	topOK bool
}

func newChannel(game, title string) *channel {
	return &channel{game: game, title: title, live: map[string]*lobby.Entry{}, topOK: true}
}

// note takes in an entry of the channel's game and reports whether it is
// the featured one's.
func (c *channel) note(e lobby.Entry) bool {
	if InProgress(&e) && known(&e) {
		c.live[e.ID] = &e
		c.keepTop(&e)
	} else {
		delete(c.live, e.ID)
		if c.top != nil && c.top.ID == e.ID {
			c.topOK = false
		}
	}
	if c.cur != nil && c.cur.ID == e.ID {
		c.cur = &e
		return true
	}
	return false
}

// step decides what the channel features at now and returns when it must
// be asked again (zero: not before the next entry).
func (c *channel) step(now time.Time, pause time.Duration) time.Time {
	if c.cur != nil && !InProgress(c.cur) {
		if c.endedAt.IsZero() {
			c.endedAt = now
		}
		if until := c.endedAt.Add(pause); now.Before(until) {
			return until
		}
		c.feature(c.best())
		return time.Time{}
	}
	best := c.best()
	switch {
	case c.cur == nil, !c.seen:
		c.feature(best)
	case tierOf(c.cur) == tierMachines && best != nil && tierOf(best) < tierMachines:
		// A machines' game only fills the channel while people play none.
		c.feature(best)
	}
	return time.Time{}
}

// feature puts e on the channel (nil: nothing).
func (c *channel) feature(e *lobby.Entry) {
	if e != nil && c.cur != nil && e.ID == c.cur.ID {
		c.cur = e
		return
	}
	c.cur, c.endedAt, c.seen = e, time.Time{}, false
}

// keepTop updates top for e, a live game's new entry.
func (c *channel) keepTop(e *lobby.Entry) {
	switch {
	case !c.topOK:
		// Ranked again when next asked.
	case c.top != nil && c.top.ID == e.ID:
		if sameRank(c.top, e) {
			c.top = e
		} else {
			c.topOK = false // it may have fallen below another
		}
	case c.top == nil || Better(e, c.top):
		c.top = e
	}
}

// best is the game in progress that ranks first, nil when none is.
func (c *channel) best() *lobby.Entry {
	if !c.topOK {
		c.top, c.topOK = Best(slices.Collect(maps.Values(c.live))), true
	}
	return c.top
}

// Channel is a game's TV as the API shows it.
type Channel struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	// Featured is the game on the channel (its lobby entry: players with
	// names and ratings, moves so far, spectators, result), nil when
	// nothing is being played.
	Featured *lobby.Entry `json:"featured"`
	// Until, once the featured game is over, is when the next one takes
	// its place (ms).
	Until int64 `json:"until,omitempty"`
	// Playing is how many of the game's games are in progress.
	Playing int `json:"playing"`
}

// show is the channel as a viewer is shown it, which keeps its game on.
func (c *channel) show(pause time.Duration) Channel {
	out := Channel{Game: c.game, Title: c.title, Playing: len(c.live)}
	if c.cur != nil {
		e := *c.cur
		out.Featured = &e
		c.seen = true
		if !c.endedAt.IsZero() {
			out.Until = c.endedAt.Add(pause).UnixMilli()
		}
	}
	return out
}
