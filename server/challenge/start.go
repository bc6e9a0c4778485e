package challenge

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"

	"wyrm/server/httpkit"
	"wyrm/server/table"
)

// answerStarted starts the game of a challenge taken and answers the
// acceptor with it.
func (h *Hub) answerStarted(w http.ResponseWriter, ctx context.Context, c Challenge, t Terms,
	acceptor Party, acceptorStream, token, tokenHash string) error {
	id, seat, err := h.start(ctx, c, t, acceptor, acceptorStream, tokenHash)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"game": id, "seat": seat, "token": token})
	return nil
}

// start creates the game of an accepted challenge, each seat bound to its
// player's account (if any) and seat token, as a rated game binds its
// seats, and tells both players' streams. It returns the game's id and the
// acceptor's seat.
func (h *Hub) start(ctx context.Context, c Challenge, t Terms,
	acceptor Party, acceptorStream, tokenHash string) (string, int, error) {
	authorSeat := t.Seat
	if authorSeat < 0 {
		authorSeat = rand.IntN(2)
	}
	seats := make([]table.Seat, 2)
	seats[authorSeat] = table.Seat{Kind: table.SeatLocal, TokenHash: c.TokenHash, UserID: c.Author.ID}
	seats[1-authorSeat] = table.Seat{Kind: table.SeatLocal, TokenHash: tokenHash, UserID: acceptor.ID}
	def := table.Def{Game: c.Game, Options: t.Options, Seats: seats, Clock: t.Clock, Rated: t.Rated}
	// The author hears of the game on their stream, the acceptor on
	// theirs too (their answer says it already).
	ev := Event{Challenge: &c}
	for _, p := range []struct {
		party  Party
		stream string
	}{{c.Author, c.Stream}, {acceptor, acceptorStream}} {
		if p.party.ID != 0 {
			ev.Users = append(ev.Users, p.party.ID)
		} else if p.stream != "" {
			ev.Streams = append(ev.Streams, p.stream)
		}
	}
	// The challenge is taken: the game is made even if the acceptor hangs
	// up meanwhile, since the author is told of it.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	id, err := h.games.Start(ctx, def)
	if err != nil {
		// The challenge is taken: its author must not wait on.
		ev.Kind, ev.Reason = Removed, Canceled
		if perr := h.st.Publish(context.Background(), ev); perr != nil {
			h.log.Warn("telling of a challenge that failed", "err", perr)
		}
		return "", 0, err
	}
	started := c
	started.Target = acceptor
	ev.Kind, ev.Challenge, ev.GameID, ev.AuthorSeat = Started, &started, id, authorSeat
	// Without its facts the game still starts: the streams get what they
	// always had, and the game's stream has the rest.
	if f, err := h.games.Facts(ctx, id); err == nil {
		ev.Facts = &f
	} else {
		h.log.Warn("reading a started game's facts", "game", id, "err", err)
	}
	if err := h.st.Publish(ctx, ev); err != nil {
		h.log.Warn("telling of a game started", "game", id, "err", err)
	}
	return id, 1 - authorSeat, nil
}
