package lists

import (
	"net/url"
	"testing"

	"wyrm/game"
	toy "wyrm/internal/toysetup"
)

// FuzzListQueries feeds arbitrary queries to the parsers of the players'
// games and the leaderboard: they never panic, and what they accept is
// within the lists' bounds; a cursor they accept is written back as it
// came.
func FuzzListQueries(f *testing.F) {
	for _, s := range []string{
		"", "game=toy&result=win&rated=true&opponent=bob&limit=5", "cursor=1712345678901.3fa9c0e1d2b4",
		"cursor=.x", "cursor=12.", "cursor=-1.ab", "cursor=1.a/b", "limit=0", "limit=51", "limit=1e3", "result=maybe",
		"rated=yes", "game=nope", "opponent=" + string(make([]byte, 40)), "game=toy&speed=blitz&page=10&limit=50",
		"game=toy&speed=blitz&page=11", "game=toy&speed=warp", "game=toy&speed=rapid&page=-1", "game=toy&speed=bullet&limit=%00",
	} {
		f.Add(s)
	}
	games := map[string]game.Game{"toy": toy.Game{}}
	f.Fuzz(func(t *testing.T, raw string) {
		q, _ := url.ParseQuery(raw)
		if req, err := parseGamesRequest(q, games); err == nil {
			if req.limit < 1 || req.limit > pageMax || len(req.opponent) > 20 {
				t.Fatalf("accepted %q as %+v", raw, req)
			}
			if c := q.Get("cursor"); c != "" && gameCursorText(req.cursor) != c {
				t.Fatalf("cursor %q read as %+v", c, req.cursor)
			}
			if req.filter.Game != "" && req.filter.Game != "toy" {
				t.Fatalf("game %q accepted", req.filter.Game)
			}
		}
		if req, err := parseLeaderboardRequest(q, games); err == nil {
			if req.take < 1 || req.take > leaderboardPageMax || req.offset < 0 || req.offset+req.take > leaderboardDepth || !req.speed.Valid() {
				t.Fatalf("accepted %q as %+v", raw, req)
			}
		}
	})
}
