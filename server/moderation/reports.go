package moderation

import (
	"context"
	"net/http"

	"wyrm/server/chat"
	"wyrm/server/httpkit"
)

// The bounds of the reports queue.
const (
	// QueueLen is how many of the latest reports the queue shows.
	QueueLen = 100
	// Around is how many messages of the reported one's room the queue
	// shows before and after it.
	Around = 5
)

// messageJSON is a chat message as the moderators read it.
type messageJSON struct {
	ID       int64  `json:"id"`
	Room     string `json:"room"`
	Name     string `json:"name"`
	Account  bool   `json:"account"` // false: a guest
	Text     string `json:"text"`
	At       int64  `json:"at"`
	Reported bool   `json:"reported,omitempty"`
}

// reportJSON is one report of the queue, with the chat around it.
type reportJSON struct {
	ID       int64         `json:"id"`
	GameID   string        `json:"gameId"`
	Reporter string        `json:"reporter"`
	At       int64         `json:"at"`
	Message  messageJSON   `json:"message"`
	Context  []messageJSON `json:"context"`
}

func viewMessage(m chat.Message) messageJSON {
	return messageJSON{ID: m.ID, Room: string(m.Room), Name: m.Name, Account: m.UserID != 0, Text: m.Text, At: m.AtMs}
}

// reports answers the queue: the latest reports, newest first, each with
// the messages of its room around it; and the accounts fair play flagged.
func (a *API) reports(w http.ResponseWriter, r *http.Request) error {
	out := map[string]any{"reports": []reportJSON{}, "flags": []Flag{}}
	if a.Chat != nil {
		reps, err := a.Chat.Reports(r.Context(), QueueLen)
		if err != nil {
			return err
		}
		list := make([]reportJSON, 0, len(reps))
		logs := map[string][]chat.Message{} // one read of each game's chat
		for _, rep := range reps {
			j, err := a.withContext(r.Context(), rep, logs)
			if err != nil {
				return err
			}
			list = append(list, j)
		}
		out["reports"] = list
	}
	if a.Queue != nil {
		flags, err := a.Queue(r.Context(), QueueLen)
		if err != nil {
			return err
		}
		if flags != nil {
			out["flags"] = flags
		}
	}
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

// withContext writes rep with the messages said around it in its room.
func (a *API) withContext(ctx context.Context, rep chat.Report, logs map[string][]chat.Message) (reportJSON, error) {
	m := rep.Message
	j := reportJSON{ID: rep.ID, GameID: m.Game, Reporter: rep.Reporter, At: rep.AtMs, Message: viewMessage(m), Context: []messageJSON{}}
	log, ok := logs[m.Game]
	if !ok {
		var err error
		if log, err = a.Chat.Log(ctx, m.Game); err != nil {
			return j, err
		}
		logs[m.Game] = log
	}
	var room []chat.Message
	at := -1
	for _, x := range log {
		if x.Room == m.Room {
			if x.ID == m.ID {
				at = len(room)
			}
			room = append(room, x)
		}
	}
	if at < 0 { // the message is gone: the report's copy alone
		j.Context = append(j.Context, j.Message)
		j.Context[0].Reported = true
		return j, nil
	}
	for i := max(0, at-Around); i <= min(len(room)-1, at+Around); i++ {
		v := viewMessage(room[i])
		v.Reported = i == at
		j.Context = append(j.Context, v)
	}
	return j, nil
}
