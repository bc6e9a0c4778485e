package play

import (
	"time"
)

// spectatorsEvery is the least time between two announcements of a game's
// spectator count: a crowd arriving at once costs one message to each
// watcher a second, not one per arrival.
const spectatorsEvery = time.Second

// countSpectators is how many people watch the game without a seat: each
// guest connection once, each signed-in account once however many
// connections it has open. Caller holds s.mu.
func (s *session) countSpectators() int {
	n := 0
	var users map[int64]bool
	for c := range s.subs {
		if len(c.seats) > 0 {
			continue
		}
		if c.user == 0 {
			n++
			continue
		}
		if users == nil {
			users = map[int64]bool{}
		}
		if !users[c.user] {
			users[c.user] = true
			n++
		}
	}
	return n
}

// spectatorsChanged is called when a connection arrives, leaves or takes a
// seat: the new count is announced within spectatorsEvery (to the game's
// watchers and, through its lobby entry, to every node). Caller holds s.mu.
func (s *session) spectatorsChanged() {
	if s.specTimer != nil || s.off() {
		return
	}
	s.specTimer = time.AfterFunc(spectatorsEvery, s.announceSpectators)
}

// announceSpectators tells everyone the count, if it changed.
func (s *session) announceSpectators() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.specTimer = nil
	if s.off() {
		return
	}
	n := s.countSpectators()
	if n == s.spectators {
		return
	}
	s.spectators = n
	msg := map[string]any{"type": "spectators", "count": n}
	for c := range s.subs {
		c.queue(msg)
	}
	s.updateLobby()
}
