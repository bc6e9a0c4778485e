package tv

import (
	"testing"
	"time"

	"wyrm/server/lobby"
)

// ended is e over, with a result.
func ended(e *lobby.Entry) lobby.Entry {
	o := *e
	o.List, o.Stage, o.Result, o.Winner = lobby.Finished, "over", "resignation", 0
	return o
}

// A channel's featured game through a story: each step notes an entry (or
// shows the channel to a viewer, or lets time pass), then the channel
// features want ("" for nothing).
func TestChannelSwitches(t *testing.T) {
	const pause = 5 * time.Second
	a := game("a", 1, "a1600", "a1600")
	b := game("b", 2, "a1500", "a1500")
	c := game("c", 3, "a1900", "a1900")
	bot := game("bot", 4, "a1500", "b1500")
	cpu := game("cpu", 5, "a1500", "c")
	type step struct {
		note   *lobby.Entry
		show   bool
		wait   time.Duration
		want   string
		over   bool // the featured game is shown over
		reason string
	}
	e := func(x lobby.Entry) *lobby.Entry { return &x }
	stories := map[string][]step{
		"the best game, kept until it ends, then the next": {
			{note: b, want: "b", reason: "the only game"},
			{note: a, want: "a", reason: "nobody saw b: the better a takes its place"},
			{show: true, want: "a"},
			{note: c, want: "a", reason: "a viewer watches a: it stays although c ranks higher"},
			{note: e(ended(a)), want: "a", over: true, reason: "a ended: its result for a pause"},
			{wait: pause - time.Second, want: "a", over: true},
			{wait: time.Second, want: "c", reason: "after the pause, the best game in progress"},
			{show: true, want: "c"},
			{note: e(ended(b)), want: "c", reason: "another game's end changes nothing"},
			{note: e(ended(c)), want: "c", over: true},
			{wait: pause, want: "", reason: "nothing left in progress"},
		},
		"machines fill in only while people play nothing": {
			{note: bot, want: "bot", reason: "nothing else"},
			{show: true},
			{note: cpu, want: "bot", reason: "a viewer watches the bot's game, and cpu is no people's game"},
			{note: b, want: "b", reason: "people started a game: the bot's gives way at once"},
			{show: true, want: "b"},
			{note: e(ended(b)), want: "b", over: true},
			{wait: pause, want: "cpu", reason: "the newest of the machines' games, equal in rating"},
		},
		"an ended game that nobody saw still shows its result": {
			{note: a, want: "a"},
			{note: e(ended(a)), want: "a", over: true},
			{note: b, want: "a", over: true, reason: "the pause is kept"},
			{wait: pause, want: "b"},
		},
		"a featured game's moves keep it featured": {
			{note: a, want: "a"},
			{show: true},
			{note: e(func() lobby.Entry { x := *a; x.Plies, x.Spectators = 7, 3; return x }()), want: "a"},
		},
		"a game whose players are not read yet waits for them": {
			{note: game("new", 9, "a0", "a0"), want: ""},
			{note: b, want: "b"},
			{note: game("new", 9, "a2000", "a2000"), want: "new", reason: "read, it ranks first"},
		},
		"a game waiting for a seat is not in progress": {
			{note: game("w", 9, "a2000", "-"), want: ""},
			{note: b, want: "b"},
		},
	}
	for name, story := range stories {
		t.Run(name, func(t *testing.T) {
			c := newChannel("toy", "Toy")
			now := time.Unix(1000, 0)
			for i, s := range story {
				now = now.Add(s.wait)
				if s.note != nil {
					c.note(*s.note)
				}
				c.step(now, pause)
				if s.show {
					c.show(pause)
					continue
				}
				got, over := "", false
				if c.cur != nil {
					got, over = c.cur.ID, !InProgress(c.cur)
				}
				if got != s.want || over != s.over {
					t.Fatalf("step %d (%s): featured %q over %v, want %q over %v", i, s.reason, got, over, s.want, s.over)
				}
			}
		})
	}
}

// A channel shows its featured game with what the lobby knows of it, and
// when an ended one gives way.
func TestChannelShow(t *testing.T) {
	c := newChannel("toy", "Toy")
	now := time.UnixMilli(50_000)
	if got := c.show(time.Second); got.Featured != nil || got.Game != "toy" || got.Title != "Toy" || got.Playing != 0 {
		t.Fatalf("empty: %+v", got)
	}
	a := game("a", 1, "a1600", "a1600")
	a.Spectators = 4
	c.note(*a)
	c.note(*game("b", 1, "a1500", "a1500"))
	c.step(now, time.Second)
	got := c.show(time.Second)
	if got.Featured == nil || got.Featured.ID != "a" || got.Featured.Spectators != 4 || got.Featured.Seats[0].Rating != 1600 || got.Until != 0 || got.Playing != 2 {
		t.Fatalf("a in progress: %+v", got)
	}
	c.note(ended(a))
	c.step(now, time.Second)
	if got := c.show(time.Second); got.Until != 51_000 || got.Featured.Result == "" || got.Playing != 1 {
		t.Fatalf("a over: %+v", got)
	}
}
