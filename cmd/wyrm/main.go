// Command wyrm is the engine and play server for Dragonchess, Dragon Chess and
// Dungeon Chess. Run "wyrm help" for its subcommands.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// command is one subcommand. Each lives in its own file.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"perft", "count legal move trees (rules check and speed)", runPerft},
		{"serve", "serve the web app to play in a browser", runServe},
		{"render", "draw a position as text", runRender},
		{"play", "play in the terminal against the computer or another person", runPlay},
		{"uci", "speak the UCI engine protocol on stdin/stdout", runUCI},
		{"match", "play an engine match and report score and Elo", runMatch},
		{"bench", "search speed in nodes/s per game from fixed positions", runBench},
		{"tactics", "solve a tactics suite, or build one from games with a reference engine", runTactics},
		{"tune", "fit the evaluation's weights to self-play positions (Texel's method)", runTune},
		{"train", "train a game's network (NNUE-style evaluation) on positions labelled by searches", runTrain},
		{"balance", "play Dungeon Chess faction against faction and army against army; table of scores", runBalance},
		{"loadtest", "play many games against a local server and measure it", runLoadtest},
		{"puzzles", "find puzzles (lines, themes, first ratings) in engine self-play games", runPuzzles},
		{"attack", "abuse a local server as a hostile client would, while a person plays", runAttack},
		{"reports", "read the chat messages players reported, or one game's chat", runReports},
		{"mod", "grant or revoke the moderator role (mod grant NAME, mod revoke NAME), read the moderators' log (mod log)", runMod},
		{"bot", "connect a UCI engine to a wyrm server as a bot account", runBot},
		{"backup", "copy a live SQLite game store consistently", runBackup},
		{"restore", "put back a SQLite game store from a copy made by backup", runRestore},
		{"version", "print which wyrm this is", runVersion},
	}
}

// run is main without the process: it returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "wyrm: unknown command %q; run \"wyrm help\"\n", args[0])
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "wyrm: engine and play server for Dragonchess, Dragon Chess and Dungeon Chess")
	fmt.Fprintln(w, "\nusage: wyrm <command> [flags]   (wyrm <command> -h for its flags)")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
}
