package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"wyrm/botbridge"
)

// runBot connects a UCI engine to a wyrm server as a bot account, until
// interrupted (SIGINT or SIGTERM).
func runBot(args []string, _ io.Reader, _, stderr io.Writer) int {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	server := fs.String("server", "http://localhost:8080", "the wyrm server's URL")
	token := fs.String("token", "", "the bot account's API token (default: $WYRM_BOT_TOKEN, which keeps it out of the process list)")
	engineCmd := fs.String("engine", "wyrm uci", "the UCI engine's command line, split on spaces")
	accept := fs.String("accept", "rated,casual", "challenges to accept: rated, casual, or both")
	gameList := fs.String("games", "", "games to accept, comma-separated (dragon,dragonchess,...); empty accepts all")
	maxGames := fs.Int("max-games", 2, "games at once, one engine process each")
	moveTime := fs.Duration("movetime", time.Second, "the engine's time per move in games without a clock")
	overhead := fs.Duration("move-overhead", 300*time.Millisecond, "kept back from the bot's own clock for the way to the server and back")
	alwaysFEN := fs.Bool("always-fen", false, "send every position as \"position fen\", never \"position startpos\"")
	stateDir := fs.String("state-dir", defaultStateDir(), "where the bridge keeps the ids of its games under way, to resume them after a restart (\"\": nowhere)")
	exitAfter := fs.Int("exit-after", 0, "stop after this many finished games (0: run until interrupted)")
	var opts engineOptions
	fs.Var(&opts, "option", `an engine option "Name=Value", set before each game; repeatable`)
	quiet := fs.Bool("quiet", false, "log only problems")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "wyrm bot: takes only flags")
		return 2
	}
	if *token == "" {
		*token = os.Getenv("WYRM_BOT_TOKEN")
	}
	cfg := botbridge.Config{Server: *server, Token: *token, Engine: *engineCmd, EngineOptions: opts, MaxGames: *maxGames,
		MoveTime: *moveTime, MoveOverhead: *overhead, ExitAfter: *exitAfter, AlwaysFEN: *alwaysFEN, StateDir: *stateDir, EngineStderr: stderr}
	for _, a := range strings.Split(*accept, ",") {
		switch strings.TrimSpace(a) {
		case "rated":
			cfg.Rated = true
		case "casual":
			cfg.Casual = true
		default:
			fmt.Fprintf(stderr, "wyrm bot: --accept %q: want rated, casual or both\n", a)
			return 2
		}
	}
	for _, g := range strings.Split(*gameList, ",") {
		if g = strings.TrimSpace(g); g != "" {
			cfg.Games = append(cfg.Games, g)
		}
	}
	level := slog.LevelInfo
	if *quiet {
		level = slog.LevelWarn
	}
	cfg.Log = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	b, err := botbridge.New(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm bot:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := b.Run(ctx); err != nil {
		fmt.Fprintln(stderr, "wyrm bot:", err)
		return 1
	}
	return 0
}

// defaultStateDir is the bridge's directory in the user's cache, "" when
// there is none.
func defaultStateDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "wyrm", "bot")
}

// engineOptions are --option flags: "Name=Value" each.
type engineOptions [][2]string

func (o *engineOptions) String() string { return fmt.Sprint(*o) }

func (o *engineOptions) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(name) == "" {
		return fmt.Errorf("want Name=Value, got %q", s)
	}
	*o = append(*o, [2]string{strings.TrimSpace(name), strings.TrimSpace(value)})
	return nil
}
