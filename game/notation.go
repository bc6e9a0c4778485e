package game

// SAN writes m, legal in pos, in the game's separate human notation
// (SANer), or returns "" when the game has none: for views that show it
// only beside the move notation.
func SAN(pos Position, m Move) string {
	if s, ok := pos.(SANer); ok {
		return s.SAN(m)
	}
	return ""
}

// Notation writes m, legal in pos, for people to read: in the game's human
// notation where it has one (SANer), otherwise in its move notation. Game
// records, move lists and engine lines all write moves this way.
func Notation(pos Position, m Move) string {
	if s, ok := pos.(SANer); ok {
		return s.SAN(m)
	}
	return pos.MoveString(m)
}
