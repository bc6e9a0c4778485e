package lobby

import "strconv"

// The lobby's lists.
const (
	Open     = "open"     // open challenges: a seat anyone may take
	Playing  = "playing"  // under way (or waiting for an invited player)
	Finished = "finished" // over
)

// Seat is one seat of a game as lists and game states show it.
type Seat struct {
	Kind  string `json:"kind"`
	Level int    `json:"level,omitempty"`
	// Name is who plays the seat: the account's name, "Guest" for a seat
	// taken without an account, a computer's level.
	Name    string `json:"name"`
	Taken   bool   `json:"taken"`
	Out     bool   `json:"out,omitempty"`
	Waiting bool   `json:"waiting,omitempty"`
	// Rating is the account's rating in the game's pool as the game began
	// (Provisional while it is not settled); Bot marks a bot's account;
	// RatingChange is what a rated game that is over did to it.
	Rating       int  `json:"rating,omitempty"`
	Provisional  bool `json:"provisional,omitempty"`
	Bot          bool `json:"bot,omitempty"`
	RatingChange *int `json:"ratingChange,omitempty"`
}

// Entry is one game as the lobby shows it.
type Entry struct {
	ID      string   `json:"id"`
	Game    string   `json:"game"`
	Title   string   `json:"title"`
	Created int64    `json:"created"`
	List    string   `json:"list"` // Open, Playing or Finished
	Stage   string   `json:"stage"`
	Plies   int      `json:"plies"`
	Open    []int    `json:"open"` // seats anyone may take
	Seats   []Seat   `json:"seats"`
	Names   []string `json:"seatNames"` // the game's names of the seats
	Result  string   `json:"result,omitempty"`
	Winner  int      `json:"winner"` // seat that won, -1 when none
	// Aborted: the game ended before it began, with no result at all.
	Aborted bool `json:"aborted,omitempty"`
	// Started is when play began (ms): the first move, else the creation.
	Started int64 `json:"started,omitempty"`
	// Spectators is how many people watch the game: connections holding
	// no seat, a signed-in account counted once however many it opened.
	Spectators int `json:"spectators,omitempty"`
	// Version is the length of the log the entry describes: an entry is
	// never replaced by an older one (from another node, in a cluster).
	Version int `json:"-"`
	// Users are the seats' accounts (0 for none) and Options the game's,
	// kept for an account's list of its games (Lobby.Playing) and never
	// shown in the lobby's lists: account ids are not public.
	Users   []int64           `json:"-"`
	Options map[string]string `json:"-"`
	// IdleSince is when the last player left an untimed game against the
	// computer that nobody now holds a seat of (ms; 0 otherwise): such a
	// game leaves the list of games in progress once it has been idle
	// long enough (Lobby.HideIdle), and stays playable by its link.
	IdleSince int64 `json:"-"`
}

// less orders entries by creation, then id.
func less(a, b *Entry) bool {
	if a.Created != b.Created {
		return a.Created < b.Created
	}
	return a.ID < b.ID
}

// cursorOf writes the position after e in a newest-first list.
func cursorOf(e *Entry) string { return strconv.FormatInt(e.Created, 10) + "-" + e.ID }
