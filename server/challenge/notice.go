package challenge

import (
	"context"
	"encoding/json"
	"time"
)

// Notice is the kind of an event that carries a message for the streams
// of its Users as it is (Message): news of other features, such as a
// tournament that starts, which travel to every node as challenges do.
const Notice = "notice"

// Tell sends msg to the event streams of users, on every node. It returns
// once the event is published; the streams get it soon after.
func (h *Hub) Tell(ctx context.Context, users []int64, msg map[string]any) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if g, ok := msg["game"].(map[string]any); ok && len(b) > maxPayload {
		// As a challenge's game does, a game too long to tell between
		// nodes starts with its first fields alone (and what the player
		// needs to sit down): its stream has the rest.
		short := map[string]any{}
		for _, k := range []string{"id", "gameId", "seat", "challenge", "tournament", "token"} {
			if v, ok := g[k]; ok {
				short[k] = v
			}
		}
		if b, err = json.Marshal(map[string]any{"type": msg["type"], "game": short}); err != nil {
			return err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return h.st.Publish(ctx, Event{Kind: Notice, Users: users, Message: b})
}

// TellStarted sends a game's gameStart to the stream of the account in
// each of its seats, as a challenge's game is announced, with challenge
// "" and extra fields (a tournament's id and the player's seat token)
// added to each player's game object. The facts are read here, so this
// runs on the node that holds the game.
func (h *Hub) TellStarted(ctx context.Context, id string, users []int64, extra func(seat int) map[string]any) error {
	var facts *GameFacts
	if f, err := h.games.Facts(ctx, id); err == nil {
		facts = &f
	} else {
		h.log.Warn("reading a started game's facts", "game", id, "err", err)
	}
	for seat, u := range users {
		if u == 0 {
			continue
		}
		msg := startMessage(id, seat, "", facts)
		g := msg["game"].(map[string]any)
		for k, v := range extra(seat) {
			g[k] = v
		}
		if err := h.Tell(ctx, []int64{u}, msg); err != nil {
			return err
		}
	}
	return nil
}
