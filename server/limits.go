package server

import (
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/challenge"
	"wyrm/server/limit"
)

// Limits are what one client (an address) may do. Defaults are far above
// what a club meets at one table, and far below what floods a server.
type Limits struct {
	// CreatePerMinute and CreateBurst bound new games.
	CreatePerMinute, CreateBurst int
	// ComputerGames bounds a client's unfinished games with a computer
	// seat; ComputerOnlyGames bounds the node's unfinished games with no
	// person at all (computers against computers), which cost CPU for
	// nobody's play.
	ComputerGames, ComputerOnlyGames int
	// Conns bounds a client's open websockets.
	Conns int
	// MessagesPerMinute and MessagesBurst bound a client's websocket
	// messages over all its connections (each connection also has its own
	// smaller bucket).
	MessagesPerMinute, MessagesBurst int
	// HellosPerMinute and HellosBurst bound seat proofs, each of which
	// rebuilds a whole view.
	HellosPerMinute, HellosBurst int
	// ChallengesPerMinute and ChallengesBurst bound posting, accepting,
	// declining and cancelling challenges and seeks (challenges.go).
	ChallengesPerMinute, ChallengesBurst int
	// Seeks bounds a player's open seeks, Challenges the challenges a
	// player has sent that wait for an answer, Incoming those waiting for
	// one player's answer.
	Seeks, Challenges, Incoming int
	// Streams bounds an account's open event streams (its tabs);
	// StreamsPerMinute and StreamsBurst how often a client may open one
	// (each open and close writes to the database).
	Streams, StreamsPerMinute, StreamsBurst int
	// ReadsPerMinute and ReadsBurst bound reads of the accounts' database
	// (profiles, players' games, head to head, leaderboards).
	ReadsPerMinute, ReadsBurst int
	// EditsPerMinute and EditsBurst bound the board editor's requests
	// (compose and decompose), cheap but each a parse by the game.
	EditsPerMinute, EditsBurst int
	// APIPerMinute and APIBurst bound requests made with an API token
	// (Authorization: Bearer), per account and per client (apiauth.go).
	APIPerMinute, APIBurst int
}

// DefaultLimits are the limits of a server that sets none.
var DefaultLimits = Limits{
	CreatePerMinute: 30, CreateBurst: 30,
	ComputerGames: 8, ComputerOnlyGames: 8,
	Conns:             64,
	MessagesPerMinute: 1800, MessagesBurst: 300,
	HellosPerMinute: 600, HellosBurst: 120,
	ChallengesPerMinute: 30, ChallengesBurst: 10,
	Seeks: 3, Challenges: 5, Incoming: 20,
	Streams: 16, StreamsPerMinute: 60, StreamsBurst: 30,
	ReadsPerMinute: 300, ReadsBurst: 60,
	EditsPerMinute: 600, EditsBurst: 120,
	APIPerMinute: 600, APIBurst: 120,
}

// limiters holds the live limits of a server.
type limiters struct {
	create, messages, hellos *limit.Rate
	reads                    *limit.Rate
	edits                    *limit.Rate
	api, tokens              *limit.Rate // bearer requests; token and bot changes
	computer, conns          *limit.Count
	challenge                *limit.Rate
	streams                  *limit.Count // by account
	streamOpens              *limit.Rate
	open                     challenge.Limits
	computerOnly             atomic.Int64
	maxComputerOnly          int64
	refused                  map[string]*atomic.Int64 // by limit name, for /metrics
}

// The names limits are counted under in /metrics.
const (
	limCreate       = "create"
	limComputer     = "computer_games"
	limComputerOnly = "computer_only_games"
	limConns        = "ws_connections"
	limMessages     = "ws_messages"
	limHellos       = "ws_hellos"
	limChallenge    = "challenges"
	limSeeks        = "open_seeks"
	limOpen         = "open_challenges"
	limIncoming     = "incoming_challenges"
	limStreams      = "event_streams"
	limReads        = "account_reads"
	limChat         = "chat"
	limChatReports  = "chat_reports"
	limEdits        = "edits"
	limAPI          = "api"
	limTokens       = "api_tokens"
)

// tokensPerMinute and tokensBurst bound the making and revoking of API
// tokens and becoming a bot, per account and per client.
const tokensPerMinute, tokensBurst = 10, 5

func newLimiters(l Limits) *limiters {
	def := DefaultLimits
	pick := func(v, d int) int {
		if v == 0 {
			return d
		}
		return v
	}
	// A burst is never more than a minute's worth: lowering a rate lowers
	// its burst with it.
	rate := func(perMinute, burst, defPerMinute, defBurst int) *limit.Rate {
		perMinute = pick(perMinute, defPerMinute)
		return limit.NewRate(perMinute, min(pick(burst, defBurst), perMinute))
	}
	ls := &limiters{
		create:          rate(l.CreatePerMinute, l.CreateBurst, def.CreatePerMinute, def.CreateBurst),
		messages:        rate(l.MessagesPerMinute, l.MessagesBurst, def.MessagesPerMinute, def.MessagesBurst),
		hellos:          rate(l.HellosPerMinute, l.HellosBurst, def.HellosPerMinute, def.HellosBurst),
		reads:           rate(l.ReadsPerMinute, l.ReadsBurst, def.ReadsPerMinute, def.ReadsBurst),
		edits:           rate(l.EditsPerMinute, l.EditsBurst, def.EditsPerMinute, def.EditsBurst),
		api:             rate(l.APIPerMinute, l.APIBurst, def.APIPerMinute, def.APIBurst),
		tokens:          limit.NewRate(tokensPerMinute, tokensBurst),
		computer:        limit.NewCount(pick(l.ComputerGames, def.ComputerGames)),
		conns:           limit.NewCount(pick(l.Conns, def.Conns)),
		maxComputerOnly: int64(pick(l.ComputerOnlyGames, def.ComputerOnlyGames)),
		challenge:       rate(l.ChallengesPerMinute, l.ChallengesBurst, def.ChallengesPerMinute, def.ChallengesBurst),
		streams:         limit.NewCount(pick(l.Streams, def.Streams)),
		streamOpens:     rate(l.StreamsPerMinute, l.StreamsBurst, def.StreamsPerMinute, def.StreamsBurst),
		open: challenge.Limits{Seeks: pick(l.Seeks, def.Seeks), Challenges: pick(l.Challenges, def.Challenges),
			Incoming: pick(l.Incoming, def.Incoming)},
		refused: map[string]*atomic.Int64{},
	}
	for _, n := range limitNames {
		ls.refused[n] = &atomic.Int64{}
	}
	return ls
}

// limitNames are the names of every limit, in the order /metrics lists
// them.
var limitNames = []string{limCreate, limComputer, limComputerOnly, limConns, limMessages, limHellos, limReads, limChat, limChatReports,
	limChallenge, limSeeks, limOpen, limIncoming, limStreams, limEdits, limAPI, limTokens}

// tooMany counts a refusal by the limit named and returns its error.
func (ls *limiters) tooMany(name string, retry time.Duration, format string, args ...any) error {
	ls.refused[name].Add(1)
	return &retryError{err: apierr.New(apierr.TooMany, format, args...), retry: retry}
}

// retryError is a TooMany error that says when to try again.
type retryError struct {
	err   error
	retry time.Duration
}

func (e *retryError) Error() string { return e.err.Error() }
func (e *retryError) Unwrap() error { return e.err }

// setRetryAfter adds the Retry-After header for an error that says when.
func setRetryAfter(w http.ResponseWriter, err error) {
	if re, ok := err.(*retryError); ok && re.retry > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int((re.retry+time.Second-1)/time.Second)))
	}
}
