package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/coder/websocket"

	"wyrm/server/apierr"
	"wyrm/server/cluster"
	"wyrm/server/lobby"
	"wyrm/server/store"
	"wyrm/server/table"
)

// The server's side of server/cluster: the node's Host (the games this
// server serves) and every line that touches a session on the cluster's
// behalf, so that they move with the sessions. Without a cluster
// (srv.cluster nil) the server keeps every game and none of this runs.

// JoinCluster makes the hall a node of the cluster in its store: it says
// where it answers, loads the lobby, and starts renewing, taking over
// orphaned games and publishing. The server calls it in place of Restore.
func (srv *Hall) JoinCluster(cfg cluster.Config) error {
	n, err := cluster.Join(srv.life, cfg, srv.store, srv.node, clusterHost{srv}, srv.log)
	if err != nil {
		return err
	}
	srv.cluster = n
	if err := n.Listen(); err != nil {
		return err
	}
	srv.beat()
	srv.life.Go(srv.heartbeat)
	n.Run()
	return nil
}

// Route wraps h so that requests about a game owned by another node go
// there; without a cluster it is h.
func (srv *Hall) Route(h http.Handler) http.Handler {
	if srv.cluster == nil {
		return h
	}
	return srv.cluster.Route(h)
}

// PeerClient is the client address a forwarding node saw, or "" when r was
// not forwarded by a node of the cluster.
func (srv *Hall) PeerClient(r *http.Request) string {
	if srv.cluster == nil {
		return ""
	}
	return srv.cluster.PeerClient(r)
}

// PeerHTTPS reports whether a request forwarded by a node of the cluster
// came to that node over https.
func (srv *Hall) PeerHTTPS(r *http.Request) bool {
	return srv.cluster != nil && srv.cluster.PeerHTTPS(r)
}

// Health answers /healthz on a node. It reports false without a cluster,
// having written nothing.
func (srv *Hall) Health(w http.ResponseWriter) bool {
	if srv.cluster == nil {
		return false
	}
	srv.cluster.Health(w)
	return true
}

// WriteClusterMetrics adds the node's metrics; nothing without a cluster.
func (srv *Hall) WriteClusterMetrics(b *strings.Builder) {
	if srv.cluster != nil {
		srv.cluster.WriteMetrics(b)
	}
}

// Cluster is the hall's node, nil when it is alone (for tests).
func (srv *Hall) Cluster() *cluster.Node { return srv.cluster }

// storeGame stores a new game; in a cluster the creating node takes its
// lease in the same transaction.
func (srv *Hall) storeGame(ctx context.Context, g store.Game) error {
	if srv.cluster == nil {
		return srv.store.CreateGame(ctx, g)
	}
	return srv.cluster.CreateGame(ctx, g)
}

// appendAction stores one action of s; in a cluster only under the term of
// this node's lease, so that a node that lost the game cannot write to it.
// Caller holds s.mu.
func (srv *Hall) appendAction(ctx context.Context, s *session, a store.Action) error {
	if srv.cluster == nil {
		return srv.store.Append(ctx, s.id, a)
	}
	if s.moved {
		return cluster.ErrMoved
	}
	return srv.cluster.Append(ctx, clusterGame{s}, a)
}

// saveFailed is the answer to an action that could not be stored.
func saveFailed(err error) error {
	if errors.Is(err, cluster.ErrMoved) {
		return apierr.New(apierr.Unavailable, "this game has moved to another server; reconnect and try again")
	}
	return apierr.New(apierr.Internal, "the server could not save this action; nothing changed")
}

// off reports whether the session no longer runs here: the server is
// closing, or another node owns the game. Nothing is scheduled for it then.
func (s *session) off() bool { return s.moved || s.srv.life.Stopping() }

// publish queues a game's changed lobby entry for the other nodes; nothing
// without a cluster. Caller holds s.mu.
func (srv *Hall) publish(s *session, e lobby.Entry) {
	if srv.cluster == nil || s.moved {
		return
	}
	b, err := json.Marshal(summaryOf(e))
	if err != nil {
		return
	}
	srv.cluster.Publish(store.Summary{Game: s.id, CreatedMs: s.created, Version: e.Version, Data: b}, e.List == lobby.Finished)
}

// summary is a lobby entry as the nodes pass it to each other: with the
// fields the lobby's lists leave out, which every node's Lobby.Playing
// needs. Summaries stored before these fields read as games without them.
type summary struct {
	lobby.Entry
	Users   []int64           `json:"users,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	// IdleSince lets every node leave an idle game out of its list.
	IdleSince int64 `json:"idleSince,omitempty"`
}

func summaryOf(e lobby.Entry) summary {
	return summary{Entry: e, Users: e.Users, Options: e.Options, IdleSince: e.IdleSince}
}

// clusterHost is the server as its node's cluster.Host.
type clusterHost struct{ srv *Hall }

// Game is the session of game id, nil when this server has none.
func (h clusterHost) Game(id string) cluster.Game {
	if s := h.srv.session(id); s != nil {
		return clusterGame{s}
	}
	return nil
}

// Apply puts an entry another node published in this server's lobby.
func (h clusterHost) Apply(sum store.Summary) {
	var es summary
	if err := json.Unmarshal(sum.Data, &es); err != nil || es.ID != sum.Game {
		return
	}
	e := es.Entry
	e.Users, e.Options, e.Version, e.IdleSince = es.Users, es.Options, sum.Version, es.IdleSince
	h.srv.lobby.Set(e)
}

// Load replays a stored game and serves it, as a single server's start
// does with every game.
func (h clusterHost) Load(ctx context.Context, sg store.Game, log []store.Action, downSince func() int64) error {
	srv, id := h.srv, sg.ID
	var def table.Def
	if err := json.Unmarshal(sg.Def, &def); err != nil {
		return fmt.Errorf("%w: %v", cluster.ErrUnloadable, err)
	}
	s, err := newSession(srv, id, sg.CreatedMs, def, log)
	if err != nil {
		return fmt.Errorf("%w: %v", cluster.ErrUnloadable, err)
	}
	if s.broken != nil {
		srv.log.Error("game restored only in part", "game", id, "err", s.broken)
	}
	if !s.t.Outcome().Over && s.broken == nil {
		// As at a restart: the game counts against this node's cap of
		// computer-only games, its creator's count stays where it was.
		s.release, _ = srv.holdComputer("", def)
	}
	srv.mu.Lock()
	if srv.life.Stopping() {
		srv.mu.Unlock()
		return cluster.ErrMoved
	}
	srv.sessions[id] = s
	srv.mu.Unlock()
	srv.metrics.Games.Add(1)
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.t; s.broken == nil && t.Clock.Running && !t.Outcome().Over {
		// Nobody ran the clock since the last owner was last known up.
		if down := downSince(); down > 0 {
			if err := s.commit(int(t.ToMove()), table.ActResume, strconv.FormatInt(down, 10)); err != nil {
				srv.log.Error("resume clock", "game", id, "err", err)
			}
		}
	}
	// As at a single server's start: a result its owner died before
	// recording is recorded now (once per game, however often asked).
	s.recordResult()
	s.updateLobby()
	s.schedule()
	return nil
}

// clusterGame is a session as its node sees it.
type clusterGame struct{ s *session }

// ID is the game's id.
func (g clusterGame) ID() string { return g.s.id }

// Idle reports whether the game is over and nobody watches it.
func (g clusterGame) Idle() bool {
	s := g.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.t.Outcome().Over && len(s.subs) == 0
}

// Behind reports whether the game still runs here with fewer than version
// actions.
func (g clusterGame) Behind(version int) bool {
	s := g.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.moved && len(s.t.Log) < version
}

// Evict stops serving the game here: it leaves the server's games, its
// timers stop and its clients are hung up, to reconnect to its new owner.
func (g clusterGame) Evict() (listed, stopped bool) {
	s, srv := g.s, g.s.srv
	srv.mu.Lock()
	listed = srv.sessions[s.id] == s
	if listed {
		delete(srv.sessions, s.id)
	}
	srv.mu.Unlock()
	if listed {
		srv.metrics.Games.Add(-1)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.moved {
		return listed, false
	}
	s.moved = true
	if s.timer != nil {
		s.timer.Stop()
	}
	if s.lifeTimer != nil {
		s.lifeTimer.Stop()
	}
	for c := range s.subs {
		go c.close(websocket.StatusServiceRestart, "this game moved to another server; reconnect")
	}
	s.notifyBots() // their streams end; the bots connect again
	if s.release != nil {
		s.release()
		s.release = nil
	}
	return listed, true
}
