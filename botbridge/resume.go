package botbridge

import (
	"context"
	"net/url"
	"strings"
	"sync"
)

// resumePages bounds the pages of the lobby's games under way read to find
// the bot's own: 20 pages of 50 games.
const resumePages = 20

// lobbyPage is a page of the lobby's list of games under way, as far as
// the bridge reads it.
type lobbyPage struct {
	Games []struct {
		ID    string `json:"id"`
		Seats []struct {
			Name string `json:"name"`
		} `json:"seats"`
	} `json:"games"`
	Next string `json:"next"`
}

// resume finds the games under way in which the bot named name holds a
// seat, and plays those the bridge does not play yet: a bridge started
// again goes on with its games instead of letting their clocks run out.
func (b *Bridge) resume(ctx context.Context, name string, games *sync.WaitGroup) {
	cursor := ""
	for range resumePages {
		var page lobbyPage
		path := "/api/games?list=playing&limit=50"
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		if err := b.api.get(ctx, path, &page); err != nil {
			b.log.Warn("could not list the games under way", "err", err)
			return
		}
		for _, g := range page.Games {
			for _, s := range g.Seats {
				if strings.EqualFold(s.Name, name) {
					b.mu.Lock()
					known := b.playing[g.ID]
					b.mu.Unlock()
					if !known {
						b.log.Info("resuming a game under way", "game", g.ID)
						b.startGame(ctx, g.ID, games)
					}
					break
				}
			}
		}
		if page.Next == "" {
			return
		}
		cursor = page.Next
	}
	b.log.Warn("more games under way than the bridge reads; some of the bot's may not be resumed", "pages", resumePages)
}
