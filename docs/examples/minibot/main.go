// Command minibot is the smallest bot docs/bots.md describes: with the
// standard library alone it follows its account's event stream, accepts
// the challenges made to it, and plays each game to its end with a random
// move from the state's "legal" list (and the game's own suggestion in a
// setup stage). It is an example to start from, not a player.
//
//	WYRM_BOT_TOKEN=wyrm_... go run ./docs/examples/minibot -server http://localhost:8080
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
)

func main() {
	server := flag.String("server", "http://localhost:8080", "the wyrm server")
	games := flag.Int("games", 0, "stop after this many games have finished (0: never)")
	flag.Parse()
	if err := run(context.Background(), *server, os.Getenv("WYRM_BOT_TOKEN"), *games); err != nil {
		log.Fatal(err)
	}
}

// bot is one account's connection: the server and its API token.
type bot struct{ server, token string }

// call sends method path with the token and returns the answer's body
// (the caller closes it); an answer other than 2xx is an error.
func (b bot) call(ctx context.Context, method, path, body string) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, method, b.server+path, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+b.token)
	req.Header.Set("Accept", "application/x-ndjson") // the event stream is server-sent events otherwise
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 != 2 {
		msg, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return nil, fmt.Errorf("%s %s: %s", method, path, msg)
	}
	return resp.Body, nil
}

// post sends a request whose answer only says it worked.
func (b bot) post(ctx context.Context, path, body string) error {
	rc, err := b.call(ctx, "POST", path, body)
	if err == nil {
		rc.Close()
	}
	return err
}

// lines calls fn with each JSON line of the NDJSON stream at path until fn
// returns false or the stream ends; empty lines only keep it open.
func (b bot) lines(ctx context.Context, path string, fn func(line []byte) bool) error {
	rc, err := b.call(ctx, "GET", path, "")
	if err != nil {
		return err
	}
	defer rc.Close()
	sc := bufio.NewScanner(rc)
	sc.Buffer(nil, 1<<20) // a Dragonchess state with its legal moves is long
	for sc.Scan() {
		if len(sc.Bytes()) > 0 && !fn(sc.Bytes()) {
			return nil
		}
	}
	return sc.Err()
}

// run follows the event stream until games games have finished.
func run(ctx context.Context, server, token string, games int) error {
	b, me, finished := bot{server, token}, "", 0
	return b.lines(ctx, "/api/stream/events", func(line []byte) bool {
		var ev struct {
			Type      string
			Name      string
			Challenge struct {
				ID     string
				Target struct{ Name string }
			}
			Game struct{ ID string }
		}
		if json.Unmarshal(line, &ev) != nil {
			return true
		}
		switch ev.Type {
		case "hello":
			me = ev.Name
		case "challenge": // our own challenges come here too
			if ev.Challenge.Target.Name == me {
				if err := b.post(ctx, "/api/challenges/"+ev.Challenge.ID+"/accept", "{}"); err != nil {
					log.Print(err)
				}
			}
		case "gameStart":
			go func() {
				if err := b.play(ctx, ev.Game.ID); err != nil {
					log.Print(err)
				}
			}()
		case "gameFinish":
			finished++
		}
		return games == 0 || finished < games
	})
}

// play follows one game's stream and moves whenever the state lists the
// bot's legal moves.
func (b bot) play(ctx context.Context, id string) error {
	movedAt := -1 // the ply of our last move: a repeated state is not our turn again
	return b.lines(ctx, "/api/bot/game/"+id+"/stream", func(line []byte) bool {
		type state struct {
			Status string
			Moves  []string
			Legal  []string
			Setup  *struct{ Mine bool }
		}
		var msg struct {
			Type  string
			State state
			state
		}
		if json.Unmarshal(line, &msg) != nil {
			return true
		}
		st := msg.state
		if msg.Type == "gameFull" {
			st = msg.State
		}
		switch {
		case st.Status == "over":
			return false
		case st.Setup != nil && st.Setup.Mine:
			if err := b.setup(ctx, id); err != nil {
				log.Print(err)
			}
		case len(st.Legal) > 0 && len(st.Moves) != movedAt:
			movedAt = len(st.Moves)
			mv := st.Legal[rand.IntN(len(st.Legal))]
			if err := b.post(ctx, "/api/bot/game/"+id+"/move/"+mv, ""); err != nil {
				log.Print(err)
			}
		}
		return true
	})
}

// setup submits the game's own suggestion for the bot's setup choice.
func (b bot) setup(ctx context.Context, id string) error {
	rc, err := b.call(ctx, "GET", "/api/bot/game/"+id+"/setup/suggest", "")
	if err != nil {
		return err
	}
	defer rc.Close()
	body, err := io.ReadAll(rc)
	if err != nil {
		return err
	}
	return b.post(ctx, "/api/bot/game/"+id+"/setup", string(body))
}
