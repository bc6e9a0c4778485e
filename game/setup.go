package game

// SetupGame is a Game with phases before play, such as Dungeon Chess's army
// draft and deployment. Games without one start at once.
type SetupGame interface {
	Game
	// NewSetup begins the phases before play.
	NewSetup(opts Options) (Setup, error)
}

// Setup collects each seat's choices before play. Choices are plain text in
// the game's notation so that they can be stored, replayed and typed; the
// game's own parser is the only one, and clients reach it through Check.
type Setup interface {
	// Stage names the current phase ("draft", "deploy") or is "" once play
	// can begin.
	Stage() string
	// Waiting lists the seats that still have to submit in this stage.
	Waiting() []Player
	// Check reads p's choice for the current stage as Submit would,
	// without recording it, and sums it up for the player ("76 of 80 XP,
	// 12 units"), or explains why Submit would refuse it.
	Check(p Player, choice string) (summary string, err error)
	// Submit records p's choice for the current stage, or explains why it is
	// refused (and then changes nothing).
	Submit(p Player, choice string) error
	// Suggest proposes a valid choice for p in the current stage, so that
	// computer seats can take part and people can start from something.
	Suggest(p Player) (string, error)
	// Visible returns what seat p may see of the setup so far, as text; a
	// secret draft stays hidden until every seat has drafted.
	Visible(p Player) string
	// Help explains the current stage to seat p.
	Help(p Player) SetupHelp
	// Board is what seat p may see of the board during setup: the terrain,
	// and the pieces placed so far that p may see.
	Board(p Player) Board
	// SeatName names seat p in the current stage (a faction once it is
	// chosen, say).
	SeatName(p Player) string
	// Position returns the position to play once Stage is "".
	Position() (Position, error)
}

// SetupHelp explains a setup stage to a person.
type SetupHelp struct {
	// Text says how to write a choice in this stage.
	Text string `json:"text"`
	// Budget is what a draft may spend, 0 when the stage has no budget.
	Budget int `json:"budget,omitempty"`
	// Units are the pieces a draft chooses from; in a deployment, those
	// of the seat's army, naming the letters of Place.
	Units []UnitHelp `json:"units,omitempty"`
	// Place lists the letters a deployment still has to place, one per
	// piece, so that a page can offer them to drag onto Zone.
	Place []string `json:"place,omitempty"`
	// Zone lists the squares (Board numbering) where the seat places its
	// pieces in a deployment.
	Zone []int `json:"zone,omitempty"`
}

// UnitHelp is one piece a draft may choose.
type UnitHelp struct {
	Letter  string `json:"letter"`
	Name    string `json:"name"`
	Group   string `json:"group,omitempty"` // the faction or side it belongs to
	Role    string `json:"role,omitempty"`  // what it stands for ("Knight")
	Cost    int    `json:"cost"`
	Ability string `json:"ability,omitempty"`
	// Art names the unit's picture among its game's Pictures.
	Art string `json:"art,omitempty"`
}
