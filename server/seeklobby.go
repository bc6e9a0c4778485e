package server

import "encoding/json"

// The lobby's event stream (/api/lobby/events) carries, besides the games,
// the open seeks of every node and who is online: "seeks" events hold
// {"seeks": [changed or new], "gone": [ids]}, and "online" events the
// names of the players online.

// markLobby tells every lobby page that the seeks named changed, and who
// is online if online. Caller holds neither lobby.mu nor hub.mu.
func (srv *Server) markLobby(seeks []string, online bool) {
	l := srv.lobby
	l.mu.Lock()
	defer l.mu.Unlock()
	for w := range l.watchers {
		if w.seeks == nil {
			w.seeks = map[string]bool{}
		}
		for _, id := range seeks {
			w.seeks[id] = true
		}
		w.online = w.online || online
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
}

// lobbyNews returns the events that bring w up to date with the seeks and
// who is online, "" when nothing changed for it. Caller holds lobby.mu.
func (srv *Server) lobbyNews(w *lobbyWatcher) string {
	h := srv.hub
	if h == nil || (len(w.seeks) == 0 && !w.online) {
		return ""
	}
	out := ""
	h.mu.Lock()
	if len(w.seeks) > 0 {
		news := struct {
			Seeks []challengeJSON `json:"seeks"`
			Gone  []string        `json:"gone"`
		}{Seeks: []challengeJSON{}, Gone: []string{}}
		for id := range w.seeks {
			if v, ok := h.seeks[id]; ok {
				news.Seeks = append(news.Seeks, v)
			} else {
				news.Gone = append(news.Gone, id)
			}
		}
		b, _ := json.Marshal(news)
		out += "event: seeks\ndata: " + string(b) + "\n\n"
	}
	if w.online {
		b, _ := json.Marshal(h.online)
		out += "event: online\ndata: " + string(b) + "\n\n"
	}
	h.mu.Unlock()
	clear(w.seeks)
	w.online = false
	return out
}
