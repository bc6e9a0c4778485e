package botbridge

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/games"
	"wyrm/search"
	"wyrm/uci"
)

// asEngine makes the test binary `wyrm uci`, for the bridge to start.
const asEngine = "WYRM_BOTBRIDGE_TEST_ENGINE"

func TestMain(m *testing.M) {
	if os.Getenv(asEngine) != "" {
		if err := uci.Run(os.Stdin, os.Stdout, search.New(1), games.All()); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// setupServer is a stand-in for the server's side of a two-seat Dungeon
// Chess game's setup in the bot API: the bot holds seat 0, the stand-in
// plays seat 1's choices with the game's suggestion, and the game ends
// once both have deployed.
type setupServer struct {
	t       *testing.T
	mu      sync.Mutex
	st      game.Setup
	wake    chan struct{}
	posted  []string // the bot's choices taken
	suggest int      // GET .../setup/suggest answered
}

func (s *setupServer) state() map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.st.Stage() == "" {
		return map[string]any{"type": "gameState", "status": "over", "results": []string{"draw", "draw"}, "reason": "test", "toMove": -1}
	}
	mine := false
	for _, w := range s.st.Waiting() {
		mine = mine || w == 0
	}
	return map[string]any{"type": "gameState", "status": "setup", "toMove": -1, "moves": []string{},
		"setup": map[string]any{"stage": s.st.Stage(), "toChoose": s.st.Waiting(), "mine": mine, "help": s.st.Help(0)}}
}

func (s *setupServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == "GET" && strings.HasSuffix(r.URL.Path, "/stream"):
		w.Header().Set("Content-Type", "application/x-ndjson")
		enc := json.NewEncoder(w)
		enc.Encode(map[string]any{"type": "gameFull", "id": "g1", "game": "dungeon", "options": map[string]string{"players": "2"},
			"seat": 0, "start": "", "startpos": false, "state": s.state()})
		w.(http.Flusher).Flush()
		for {
			select {
			case <-s.wake:
				st := s.state()
				enc.Encode(st)
				w.(http.Flusher).Flush()
				if st["status"] == "over" {
					return
				}
			case <-r.Context().Done():
				return
			}
		}
	case r.Method == "GET" && strings.HasSuffix(r.URL.Path, "/setup/suggest"):
		s.mu.Lock()
		c, err := s.st.Suggest(0)
		s.suggest++
		s.mu.Unlock()
		if err != nil {
			w.WriteHeader(http.StatusConflict)
			fmt.Fprintf(w, `{"error":%q,"code":"conflict"}`, err)
			return
		}
		json.NewEncoder(w).Encode(map[string]string{"choice": c})
	case r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/setup"):
		var body struct{ Choice string }
		json.NewDecoder(r.Body).Decode(&body)
		s.mu.Lock()
		err := s.st.Submit(0, body.Choice)
		if err == nil {
			s.posted = append(s.posted, body.Choice)
			// The other seat chooses at once.
			for _, o := range s.st.Waiting() {
				if o != 0 {
					c, _ := s.st.Suggest(o)
					if err := s.st.Submit(o, c); err != nil {
						s.t.Error(err)
					}
				}
			}
		}
		s.mu.Unlock()
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintf(w, `{"error":%q,"code":"invalid"}`, err)
			return
		}
		s.wake <- struct{}{}
		w.Write([]byte(`{"ok":true}`))
	default:
		http.NotFound(w, r)
	}
}

// runSetup plays the stand-in's game with the bridge and returns the
// server and the bridge's log.
func runSetup(t *testing.T, opts [][2]string) (*setupServer, string) {
	t.Setenv(asEngine, "1")
	var dungeon game.SetupGame
	for _, g := range games.All() {
		if sg, ok := g.(game.SetupGame); ok {
			dungeon = sg
		}
	}
	st, err := dungeon.NewSetup(game.Options{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	srv := &setupServer{t: t, st: st, wake: make(chan struct{}, 4)}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	var log strings.Builder
	b, err := New(Config{Server: hs.URL, Token: "t", Engine: os.Args[0], EngineOptions: opts, Casual: true,
		Log: slog.New(slog.NewTextHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b.play(ctx, "g1")
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if len(srv.posted) != 2 || srv.st.Stage() != "" {
		t.Fatalf("the bot's choices %q, stage %q:\n%s", srv.posted, srv.st.Stage(), log.String())
	}
	return srv, log.String()
}

// An engine that announces the setup commands drafts and deploys for the
// bot; the server's suggestion is not asked for.
func TestSetupByTheEngine(t *testing.T) {
	srv, log := runSetup(t, nil)
	if srv.suggest != 0 || strings.Count(log, "setup chosen by the engine") != 2 {
		t.Fatalf("%d suggestions asked for:\n%s", srv.suggest, log)
	}
}

// Where the engine has no choice, the bridge takes the server's
// suggestion.
func TestSetupByTheServersSuggestion(t *testing.T) {
	srv, log := runSetup(t, [][2]string{{"SetupChoices", "false"}})
	if srv.suggest != 2 || strings.Count(log, "setup chosen by the server's suggestion") != 2 || !strings.Contains(log, "SetupChoices is off") {
		t.Fatalf("%d suggestions asked for:\n%s", srv.suggest, log)
	}
}
