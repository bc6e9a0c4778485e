package bots

import (
	"net/http"
	"strings"
	"unicode/utf8"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// MaxChoice bounds a setup choice sent to the bot API, in bytes: a full
// deployment of the largest army fits many times over.
const MaxChoice = 4096

// answerOf reads the {yes|no} of a draw or takeback path.
func answerOf(r *http.Request, what string) (bool, error) {
	switch r.PathValue("answer") {
	case "yes":
		return true, nil
	case "no":
		return false, nil
	}
	return false, apierr.New(apierr.BadRequest, "answer a %s with yes or no: POST /api/bot/game/{id}/%s/yes", what, what)
}

// ok answers a request that changed the game.
func ok(w http.ResponseWriter) error {
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// setup submits the bot's draft or deployment: {"choice": "..."}, the
// text a websocket setup message carries.
func (a *API) setup(w http.ResponseWriter, r *http.Request) error {
	bot, err := botOf(r)
	if err != nil {
		return err
	}
	var req struct {
		Choice string `json:"choice"`
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	switch {
	case strings.TrimSpace(req.Choice) == "":
		return apierr.New(apierr.BadRequest, "send your setup choice as choice (GET /api/bot/game/{id}/setup/suggest proposes one)")
	case len(req.Choice) > MaxChoice:
		return apierr.New(apierr.BadRequest, "a setup choice is at most %d bytes", MaxChoice)
	}
	if err := a.Games.Setup(r.PathValue("id"), bot.ID, req.Choice); err != nil {
		return err
	}
	return ok(w)
}

// suggest answers the game's own choice for the bot's seat that must
// choose now, changing nothing.
func (a *API) suggest(w http.ResponseWriter, r *http.Request) error {
	bot, err := botOf(r)
	if err != nil {
		return err
	}
	choice, err := a.Games.Suggest(r.PathValue("id"), bot.ID)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]string{"choice": choice})
	return nil
}

// draw offers or accepts a draw (yes), or declines the offers (no).
func (a *API) draw(w http.ResponseWriter, r *http.Request) error {
	bot, err := botOf(r)
	if err != nil {
		return err
	}
	yes, err := answerOf(r, "draw")
	if err != nil {
		return err
	}
	if err := a.Games.Draw(r.PathValue("id"), bot.ID, yes); err != nil {
		return err
	}
	return ok(w)
}

// takeback asks for or agrees to a takeback (yes), or refuses it (no).
func (a *API) takeback(w http.ResponseWriter, r *http.Request) error {
	bot, err := botOf(r)
	if err != nil {
		return err
	}
	yes, err := answerOf(r, "takeback")
	if err != nil {
		return err
	}
	if err := a.Games.Takeback(r.PathValue("id"), bot.ID, yes); err != nil {
		return err
	}
	return ok(w)
}

// chatRooms are the rooms a bot may name, lichess's names beside the
// server's own.
var chatRooms = map[string]string{"player": "players", "players": "players", "spectator": "spectators", "spectators": "spectators"}

// chat says a line in one of the game's rooms: {"room": "player" |
// "spectator", "text": "..."}. The chat's own limits and rules apply, as
// to a player at the board.
func (a *API) chat(w http.ResponseWriter, r *http.Request) error {
	bot, err := botOf(r)
	if err != nil {
		return err
	}
	var req struct {
		Room string `json:"room"`
		Text string `json:"text"`
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	room, known := chatRooms[req.Room]
	switch {
	case !known:
		return apierr.New(apierr.BadRequest, `room must be "player" or "spectator"`)
	case strings.TrimSpace(req.Text) == "" || !utf8.ValidString(req.Text):
		return apierr.New(apierr.BadRequest, "say something: text is empty")
	}
	if err := a.Games.Chat(r.Context(), r.PathValue("id"), bot.ID, bot.Name, httpkit.ClientOf(r), room, req.Text); err != nil {
		return err
	}
	return ok(w)
}
