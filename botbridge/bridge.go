package botbridge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Config is what a Bridge is built from.
type Config struct {
	// Server is the base URL of the wyrm server (http://localhost:8080).
	Server string
	// Token is the bot account's API token. It is sent only in the
	// Authorization header and never logged.
	Token string
	// Engine is the engine's command line, split on spaces ("wyrm uci").
	Engine string
	// EngineOptions are set on the engine before each game ("Skill
	// Level" -> "5").
	EngineOptions [][2]string
	// Rated and Casual say which challenges to accept.
	Rated, Casual bool
	// Games lists the games to accept by name; empty accepts any.
	Games []string
	// MaxGames bounds the games played at once (each has an engine
	// process); a challenge past it is declined "later". 0 means 2.
	MaxGames int
	// MoveTime is the engine's time per move in a game without a clock
	// (or by correspondence); 0 means one second.
	MoveTime time.Duration
	// MoveOverhead is kept back from the bot's own clock when the engine
	// is told its time: the state's age, the engine's start and the
	// move's way back to the server all run on it. 0 means 300 ms.
	MoveOverhead time.Duration
	// AlwaysFEN sends every position as "position fen", even where the
	// game says "position startpos" names its start.
	AlwaysFEN bool
	// StateDir holds the ids of the games under way, so that a bridge
	// started again resumes them; "" keeps none.
	StateDir string
	// ExitAfter stops the bridge once it has finished that many games;
	// 0 runs until ctx is done.
	ExitAfter int
	// HTTP is the client to use; nil means a new one.
	HTTP *http.Client
	// Log receives what the bridge does; nil discards it.
	Log *slog.Logger
	// EngineStderr receives the engines' standard error; nil discards it.
	EngineStderr io.Writer
}

// Bridge plays a bot account's games with a UCI engine.
type Bridge struct {
	cfg Config
	api *client
	log *slog.Logger

	mu       sync.Mutex
	name     string          // the bot's account name, from the stream's hello
	playing  map[string]bool // games with a player running
	ended    map[string]bool // games played to their end, never resumed
	finished int
	done     chan struct{} // closed once ExitAfter games are finished
	doneOnce sync.Once
}

// New checks cfg and returns its bridge.
func New(cfg Config) (*Bridge, error) {
	u, err := url.Parse(cfg.Server)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("server %q is not an http:// or https:// URL", cfg.Server)
	}
	if cfg.Token == "" {
		return nil, errors.New("no API token: make one on the server (POST /api/account/tokens) and pass it with --token or WYRM_BOT_TOKEN")
	}
	if strings.TrimSpace(cfg.Engine) == "" {
		return nil, errors.New("no engine command")
	}
	if !cfg.Rated && !cfg.Casual {
		return nil, errors.New("accept rated games, casual games or both")
	}
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = 2
	}
	if cfg.MoveOverhead <= 0 {
		cfg.MoveOverhead = 300 * time.Millisecond
	}
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = time.Second
	}
	if cfg.HTTP == nil {
		cfg.HTTP = &http.Client{}
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.EngineStderr == nil {
		cfg.EngineStderr = io.Discard
	}
	return &Bridge{cfg: cfg, api: &client{base: strings.TrimRight(cfg.Server, "/"), token: cfg.Token, hc: cfg.HTTP}, log: cfg.Log,
		playing: map[string]bool{}, ended: map[string]bool{}, done: make(chan struct{})}, nil
}

// Run follows the bot's event stream until ctx is done (or ExitAfter games
// are finished), connecting again after a break with a growing pause; the
// games under way are played to their end or until ctx is done. It
// returns an error only for what trying again cannot mend: a token the
// server refuses, an account that is not a bot.
func (b *Bridge) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-b.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	var games sync.WaitGroup
	defer games.Wait()
	pause := time.Second
	for ctx.Err() == nil {
		started := time.Now()
		err := b.api.stream(ctx, "/api/stream/events", func(line []byte) bool {
			b.event(ctx, line, &games)
			return true
		})
		if ctx.Err() != nil {
			break
		}
		var ae *apiError
		if errors.As(err, &ae) && (ae.Status == http.StatusUnauthorized || ae.Status == http.StatusForbidden) {
			return fmt.Errorf("the server refused the bot: %s", ae.Message)
		}
		if time.Since(started) > time.Minute {
			pause = time.Second
		}
		b.log.Warn("event stream ended; connecting again", "err", err, "in", pause)
		select {
		case <-time.After(pause):
		case <-ctx.Done():
		}
		pause = min(2*pause, 30*time.Second)
	}
	return nil
}

// streamEvent is one line of the event stream, as far as the bridge reads it.
type streamEvent struct {
	Type      string          `json:"type"`
	Name      string          `json:"name"`
	Challenge *challengeEvent `json:"challenge"`
	Game      *struct {
		ID   string `json:"id"`
		Seat int    `json:"seat"`
	} `json:"game"`
	Reason string `json:"reason"`
}

// challengeEvent is a challenge as the stream shows it.
type challengeEvent struct {
	ID     string `json:"id"`
	Game   string `json:"game"`
	Rated  bool   `json:"rated"`
	Author struct {
		Name string `json:"name"`
	} `json:"author"`
	Target *struct {
		Name string `json:"name"`
	} `json:"target"`
}

// event handles one line of the event stream.
func (b *Bridge) event(ctx context.Context, line []byte, games *sync.WaitGroup) {
	var ev streamEvent
	if err := json.Unmarshal(line, &ev); err != nil {
		b.log.Warn("unreadable event", "err", err)
		return
	}
	switch ev.Type {
	case "hello":
		b.mu.Lock()
		b.name = ev.Name
		b.mu.Unlock()
		b.log.Info("connected", "bot", ev.Name)
		// Games begun before a restart are picked up again.
		games.Add(1)
		go func() {
			defer games.Done()
			b.resume(ctx, ev.Name, games)
		}()
	case "challenge":
		c := ev.Challenge
		b.mu.Lock()
		mine := c != nil && c.Target != nil && strings.EqualFold(c.Target.Name, b.name)
		b.mu.Unlock()
		if mine {
			b.answer(ctx, c)
		}
	case "gameStart":
		if ev.Game == nil || ev.Game.ID == "" {
			return
		}
		b.startGame(ctx, ev.Game.ID, games)
	}
}

// startGame plays game id in a goroutine of its own, unless the bridge
// plays it already.
func (b *Bridge) startGame(ctx context.Context, id string, games *sync.WaitGroup) {
	b.mu.Lock()
	if b.playing[id] || b.ended[id] {
		b.mu.Unlock()
		return
	}
	b.playing[id] = true
	b.saveGames()
	b.mu.Unlock()
	games.Add(1)
	go func() {
		defer games.Done()
		b.play(ctx, id)
		b.mu.Lock()
		delete(b.playing, id)
		if ctx.Err() != nil {
			// Stopped, not finished: the state file keeps the game
			// for the next run.
			b.mu.Unlock()
			return
		}
		b.ended[id] = true
		b.saveGames()
		b.finished++
		if b.cfg.ExitAfter > 0 && b.finished >= b.cfg.ExitAfter {
			b.doneOnce.Do(func() { close(b.done) })
		}
		b.mu.Unlock()
	}()
}

// declineReason is why the bridge says no to c, "" to accept it.
func (b *Bridge) declineReason(c *challengeEvent) string {
	switch {
	case c.Rated && !b.cfg.Rated:
		return "casual"
	case !c.Rated && !b.cfg.Casual:
		return "rated"
	case len(b.cfg.Games) > 0 && !contains(b.cfg.Games, c.Game):
		return "options"
	}
	b.mu.Lock()
	busy := len(b.playing) >= b.cfg.MaxGames
	b.mu.Unlock()
	if busy {
		return "later"
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// answer accepts or declines a challenge to the bot.
func (b *Bridge) answer(ctx context.Context, c *challengeEvent) {
	path := "/api/challenges/" + url.PathEscape(c.ID)
	if reason := b.declineReason(c); reason != "" {
		err := b.api.post(ctx, path+"/decline", map[string]string{"reason": reason}, nil)
		b.log.Info("declined", "challenge", c.ID, "from", c.Author.Name, "game", c.Game, "reason", reason, "err", err)
		return
	}
	// The game starts on gameStart, which the stream brings.
	err := b.api.post(ctx, path+"/accept", map[string]any{}, nil)
	b.log.Info("accepted", "challenge", c.ID, "from", c.Author.Name, "game", c.Game, "rated", c.Rated, "err", err)
}
