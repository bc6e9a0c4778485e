package challenge

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"time"
)

// The lobby's event stream (/api/lobby/events) carries, besides the games,
// the open seeks of every node and who is online: "seeks" events hold
// {"seeks": [changed or new], "gone": [ids]}, and "online" events the
// names of the players online. The hub keeps what each lobby page has not
// yet been told; the lobby wakes the page and asks for its news.

// lobbyPage is one lobby page watching: the seeks that changed and whether
// who is online changed since its last news.
type lobbyPage struct {
	wake   func()
	seeks  map[string]bool
	online bool
}

// WatchLobby registers one page of the lobby's event stream: wake is
// called, without blocking and with the hub's lock held, whenever the
// seeks or who is online change; news returns the events that bring the
// page up to date ("" when nothing changed for it); stop forgets the page.
func (h *Hub) WatchLobby(wake func()) (news func() string, stop func()) {
	p := &lobbyPage{wake: wake, seeks: map[string]bool{}}
	h.mu.Lock()
	h.pages[p] = struct{}{}
	h.mu.Unlock()
	return func() string { return h.news(p) }, func() {
		h.mu.Lock()
		delete(h.pages, p)
		h.mu.Unlock()
	}
}

// markLobby tells every lobby page that the seeks named changed, and who
// is online if online. Caller does not hold h.mu.
func (h *Hub) markLobby(seeks []string, online bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for p := range h.pages {
		for _, id := range seeks {
			p.seeks[id] = true
		}
		p.online = p.online || online
		p.wake()
	}
}

// news returns the events that bring p up to date with the seeks and who
// is online, "" when nothing changed for it.
func (h *Hub) news(p *lobbyPage) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := ""
	if len(p.seeks) > 0 {
		news := struct {
			Seeks []View   `json:"seeks"`
			Gone  []string `json:"gone"`
		}{Seeks: []View{}, Gone: []string{}}
		for id := range p.seeks {
			if v, ok := h.seeks[id]; ok {
				news.Seeks = append(news.Seeks, v)
			} else {
				news.Gone = append(news.Gone, id)
			}
		}
		b, _ := json.Marshal(news)
		out += "event: seeks\ndata: " + string(b) + "\n\n"
	}
	if p.online {
		b, _ := json.Marshal(h.online)
		out += "event: online\ndata: " + string(b) + "\n\n"
	}
	clear(p.seeks)
	p.online = false
	return out
}

// resync reads every open seek again (at start, and after the listener
// lost its connection) and tells the lobby what changed.
func (h *Hub) resync() {
	ctx, cancel := context.WithTimeout(h.ctx, 30*time.Second)
	defer cancel()
	all, err := h.st.Seeks(ctx)
	if err != nil {
		h.log.Warn("reading the seeks", "err", err)
		return
	}
	fresh := map[string]View{}
	for _, c := range all {
		if v, err := h.view(c); err == nil {
			fresh[c.ID] = v
		}
	}
	h.mu.Lock()
	var changed []string
	for id := range h.seeks {
		if _, ok := fresh[id]; !ok {
			changed = append(changed, id)
		}
	}
	for id := range fresh {
		if _, ok := h.seeks[id]; !ok {
			changed = append(changed, id)
		}
	}
	h.seeks = fresh
	h.mu.Unlock()
	h.markLobby(changed, false)
}

func (h *Hub) setSeek(v View) {
	h.mu.Lock()
	h.seeks[v.ID] = v
	h.mu.Unlock()
	h.markLobby([]string{v.ID}, false)
}

func (h *Hub) dropSeek(id string) {
	h.mu.Lock()
	delete(h.seeks, id)
	h.mu.Unlock()
	h.markLobby([]string{id}, false)
}

// seekList returns up to n open seeks, newest first.
func (h *Hub) seekList(n int) []View {
	h.mu.Lock()
	out := make([]View, 0, len(h.seeks))
	for _, v := range h.seeks {
		out = append(out, v)
	}
	h.mu.Unlock()
	slices.SortFunc(out, func(a, b View) int {
		return cmp.Or(cmp.Compare(b.Created, a.Created), cmp.Compare(b.ID, a.ID))
	})
	return out[:min(n, len(out))]
}

// maxOnline bounds the players the lobby lists as online.
const maxOnline = 200

// onlineEvery is the least time between two readings of who is online.
const onlineEvery = time.Second

func (h *Hub) wakeOnline() {
	select {
	case h.onlineWake <- struct{}{}:
	default:
	}
}

// refreshOnline reads who is online when told to (at most once a second)
// and at each stream renewal, and tells the lobby when it changed.
func (h *Hub) refreshOnline() {
	t := time.NewTicker(h.st.StreamTTL() / 3)
	defer t.Stop()
	for {
		select {
		case <-h.onlineWake:
		case <-t.C:
		case <-h.ctx.Done():
			return
		}
		ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
		players, err := h.st.Online(ctx, maxOnline)
		cancel()
		if err == nil {
			names := make([]string, len(players))
			for i, p := range players {
				names[i] = p.Name
			}
			h.mu.Lock()
			changed := !slices.Equal(names, h.online)
			h.online = names
			h.mu.Unlock()
			if changed {
				h.markLobby(nil, true)
			}
		}
		select {
		case <-time.After(onlineEvery):
		case <-h.ctx.Done():
			return
		}
	}
}

// onlineNames returns who is online, by name.
func (h *Hub) onlineNames() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.online)
}
