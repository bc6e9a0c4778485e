package game

// SetupGame is a Game with phases before play, such as Dungeon Chess's army
// draft and deployment.
type SetupGame interface {
	Game
	// NewSetup begins the phases before play.
	NewSetup(opts Options) (Setup, error)
}

// Setup collects each seat's choices before play. Choices are plain text in
// the game's notation so that they can be stored, replayed and typed.
type Setup interface {
	// Stage names the current phase ("draft", "deploy") or is "" once play
	// can begin.
	Stage() string
	// Waiting lists the seats that still have to submit in this stage.
	Waiting() []Player
	// Submit records p's choice for the current stage, or explains why it is
	// refused (and then changes nothing).
	Submit(p Player, choice string) error
	// Visible returns what seat p may see of the setup so far, as text; a
	// secret draft stays hidden until every seat has drafted.
	Visible(p Player) string
	// Position returns the position to play once Stage is "".
	Position() (Position, error)
}
