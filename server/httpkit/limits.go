package httpkit

import (
	"sync/atomic"
	"time"

	"wyrm/server/apierr"
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
	// declining and cancelling challenges and seeks.
	ChallengesPerMinute, ChallengesBurst int
	// Seeks bounds a player's open seeks, Challenges the challenges a
	// player has sent that wait for an answer, Incoming those waiting for
	// one player's answer; NewcomerChallenges is Challenges for a new
	// account (under a day old, or with no rated game), so that a handful
	// of puppets cannot fill a player's Incoming.
	Seeks, Challenges, Incoming, NewcomerChallenges int
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
	// (Authorization: Bearer), per account and per client.
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
	Seeks: 3, Challenges: 5, Incoming: 20, NewcomerChallenges: 1,
	Streams: 16, StreamsPerMinute: 60, StreamsBurst: 30,
	ReadsPerMinute: 300, ReadsBurst: 60,
	EditsPerMinute: 600, EditsBurst: 120,
	APIPerMinute: 600, APIBurst: 120,
}

// Limiters are a server's live limits, shared by its features.
type Limiters struct {
	Create, Messages, Hellos *limit.Rate
	Reads                    *limit.Rate
	Edits                    *limit.Rate
	API, Tokens              *limit.Rate // bearer requests; token and bot changes
	Computer, Conns          *limit.Count
	Challenge                *limit.Rate
	Streams                  *limit.Count // by account
	StreamOpens              *limit.Rate
	// Seeks, Challenges, Incoming and NewcomerChallenges bound open seeks
	// and challenges (see Limits).
	Seeks, Challenges, Incoming, NewcomerChallenges int
	// ComputerOnly counts the node's unfinished games with no person,
	// up to MaxComputerOnly.
	ComputerOnly    atomic.Int64
	MaxComputerOnly int64
	refused         map[string]*atomic.Int64 // by limit name, for /metrics
}

// The names limits are counted under in /metrics.
const (
	LimCreate       = "create"
	LimComputer     = "computer_games"
	LimComputerOnly = "computer_only_games"
	LimConns        = "ws_connections"
	LimMessages     = "ws_messages"
	LimHellos       = "ws_hellos"
	LimChallenge    = "challenges"
	LimSeeks        = "open_seeks"
	LimOpen         = "open_challenges"
	LimIncoming     = "incoming_challenges"
	LimStreams      = "event_streams"
	LimReads        = "account_reads"
	LimChat         = "chat"
	LimChatReports  = "chat_reports"
	LimEdits        = "edits"
	LimAPI          = "api"
	LimTokens       = "api_tokens"
	LimHashing      = "password_hashing"
	LimTournaments  = "tournaments"
)

// LimitNames are the names of every limit, in the order /metrics lists
// them.
var LimitNames = []string{LimCreate, LimComputer, LimComputerOnly, LimConns, LimMessages, LimHellos, LimReads, LimChat, LimChatReports,
	LimChallenge, LimSeeks, LimOpen, LimIncoming, LimStreams, LimEdits, LimAPI, LimTokens, LimHashing, LimTournaments}

// TokensPerMinute and TokensBurst bound the making and revoking of API
// tokens and becoming a bot, per account and per client.
const TokensPerMinute, TokensBurst = 10, 5

// NewLimiters returns the live limits of l; its zero fields take
// DefaultLimits.
func NewLimiters(l Limits) *Limiters {
	def := DefaultLimits
	pick := func(v, d int) int {
		if v == 0 {
			return d
		}
		return v
	}
	rate := limit.NewRateOr
	ls := &Limiters{
		Create:             rate(l.CreatePerMinute, l.CreateBurst, def.CreatePerMinute, def.CreateBurst),
		Messages:           rate(l.MessagesPerMinute, l.MessagesBurst, def.MessagesPerMinute, def.MessagesBurst),
		Hellos:             rate(l.HellosPerMinute, l.HellosBurst, def.HellosPerMinute, def.HellosBurst),
		Reads:              rate(l.ReadsPerMinute, l.ReadsBurst, def.ReadsPerMinute, def.ReadsBurst),
		Edits:              rate(l.EditsPerMinute, l.EditsBurst, def.EditsPerMinute, def.EditsBurst),
		API:                rate(l.APIPerMinute, l.APIBurst, def.APIPerMinute, def.APIBurst),
		Tokens:             limit.NewRate(TokensPerMinute, TokensBurst),
		Computer:           limit.NewCount(pick(l.ComputerGames, def.ComputerGames)),
		Conns:              limit.NewCount(pick(l.Conns, def.Conns)),
		MaxComputerOnly:    int64(pick(l.ComputerOnlyGames, def.ComputerOnlyGames)),
		Challenge:          rate(l.ChallengesPerMinute, l.ChallengesBurst, def.ChallengesPerMinute, def.ChallengesBurst),
		Streams:            limit.NewCount(pick(l.Streams, def.Streams)),
		StreamOpens:        rate(l.StreamsPerMinute, l.StreamsBurst, def.StreamsPerMinute, def.StreamsBurst),
		Seeks:              pick(l.Seeks, def.Seeks),
		Challenges:         pick(l.Challenges, def.Challenges),
		Incoming:           pick(l.Incoming, def.Incoming),
		NewcomerChallenges: pick(l.NewcomerChallenges, def.NewcomerChallenges),
		refused:            map[string]*atomic.Int64{},
	}
	for _, n := range LimitNames {
		ls.refused[n] = &atomic.Int64{}
	}
	return ls
}

// TooMany counts a refusal by the limit named and returns its error, which
// says when to try again.
func (ls *Limiters) TooMany(name string, retry time.Duration, format string, args ...any) error {
	ls.Refuse(name)
	return Retry(apierr.New(apierr.TooMany, format, args...), retry)
}

// Refuse counts a refusal by the limit named.
func (ls *Limiters) Refuse(name string) { ls.refused[name].Add(1) }

// Refused is how many requests the limit named has refused.
func (ls *Limiters) Refused(name string) int64 { return ls.refused[name].Load() }

// Allow takes a token of rate for key at now, or returns the limit's
// refusal: msg (with a %v for the wait) as a TooMany error counted under
// name.
func (ls *Limiters) Allow(rate *limit.Rate, name, key string, now time.Time, msg string) error {
	if ok, retry := rate.Allow(key, now); !ok {
		return ls.TooMany(name, retry, msg, retry.Round(time.Second))
	}
	return nil
}
