package account

import (
	"context"
	"strings"
	"sync"
	"time"

	"wyrm/server/httpkit"
)

// ErrCredentialsEnded is httpkit's, the cause a held request's context
// ends with.
var ErrCredentialsEnded = httpkit.ErrCredentialsEnded

// DefaultRecheckEvery is how often a Watcher asks the database whether the
// credentials of open requests still live.
const DefaultRecheckEvery = 2 * time.Second

// Watcher ends the requests still open with credentials that have ended.
// A sign-out or revocation deletes the credential's row, on whichever node
// it happens; every node's Watcher looks for its open requests' rows every
// RecheckEvery (one query for all of them), so that a websocket, a bot's
// game stream or an event stream opened before dies within seconds on
// every node. A change made on this node checks at once (Kick).
type Watcher struct {
	a  *Accounts
	mu sync.Mutex
	// held maps a credential's stored key ("s:" session id, "t:" token id)
	// to the cancels of the requests made with it.
	held map[string]map[*holding]struct{}
	kick chan struct{}
}

type holding struct{ cancel context.CancelCauseFunc }

// NewWatcher returns a Watcher over a's credentials; Run makes it watch.
func NewWatcher(a *Accounts) *Watcher {
	return &Watcher{a: a, held: map[string]map[*holding]struct{}{}, kick: make(chan struct{}, 1)}
}

// sessionKey and tokenKey name a credential in the Watcher.
func sessionKey(token string) string { return "s:" + tokenID(token) }
func tokenKey(token string) string   { return "t:" + tokenID(token) }

// hold returns ctx, cancelled with ErrCredentialsEnded once the credential
// named key ends, and the release to call when the request is done.
func (w *Watcher) hold(ctx context.Context, key string) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	h := &holding{cancel: cancel}
	w.mu.Lock()
	if w.held[key] == nil {
		w.held[key] = map[*holding]struct{}{}
	}
	w.held[key][h] = struct{}{}
	w.mu.Unlock()
	return ctx, func() {
		w.mu.Lock()
		delete(w.held[key], h)
		if len(w.held[key]) == 0 {
			delete(w.held, key)
		}
		w.mu.Unlock()
		cancel(nil)
	}
}

// Kick asks for a check now: a credential ended on this node.
func (w *Watcher) Kick() {
	select {
	case w.kick <- struct{}{}:
	default:
	}
}

// Run checks every every (0: DefaultRecheckEvery) and at each Kick, until
// ctx ends.
func (w *Watcher) Run(ctx context.Context, every time.Duration) {
	if every <= 0 {
		every = DefaultRecheckEvery
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-w.kick:
		}
		w.Check(ctx)
	}
}

// Check ends the held requests whose credentials no longer live. A
// database that cannot answer ends nothing: a fault is not a sign-out.
func (w *Watcher) Check(ctx context.Context) {
	w.mu.Lock()
	var sessions, tokens []string
	for k := range w.held {
		if id, ok := strings.CutPrefix(k, "s:"); ok {
			sessions = append(sessions, id)
		} else {
			tokens = append(tokens, strings.TrimPrefix(k, "t:"))
		}
	}
	w.mu.Unlock()
	if len(sessions)+len(tokens) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	liveS, err := w.a.live(ctx, "sessions", "expires_ms > ?", sessions)
	if err != nil {
		return
	}
	liveT, err := w.a.live(ctx, "api_tokens", "", tokens)
	if err != nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, id := range sessions {
		if !liveS[id] {
			w.end("s:" + id)
		}
	}
	for _, id := range tokens {
		if !liveT[id] {
			w.end("t:" + id)
		}
	}
}

// end cancels every request held under key. Caller holds w.mu.
func (w *Watcher) end(key string) {
	for h := range w.held[key] {
		h.cancel(ErrCredentialsEnded)
	}
	delete(w.held, key)
}

// liveBatch bounds the ids asked about in one query.
const liveBatch = 200

// live returns which of ids are still rows of table (sessions or
// api_tokens), with a session's end still ahead when extra says so.
func (a *Accounts) live(ctx context.Context, table, extra string, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	for len(ids) > 0 {
		n := min(len(ids), liveBatch)
		batch := ids[:n]
		ids = ids[n:]
		q := "SELECT id FROM " + table + " WHERE id IN (?" + strings.Repeat(", ?", n-1) + ")"
		args := make([]any, 0, n+1)
		for _, id := range batch {
			args = append(args, id)
		}
		if extra != "" {
			q += " AND " + extra
			args = append(args, a.cfg.Now().UnixMilli())
		}
		rows, err := a.db.QueryContext(ctx, q, args...)
		if err != nil {
			return nil, internal("check credentials", err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, internal("check credentials", err)
			}
			out[id] = true
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, internal("check credentials", err)
		}
	}
	return out, nil
}
