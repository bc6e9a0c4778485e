package play

import "wyrm/server/apierr"

// current refuses an action chosen on an older state of the game than
// the one it meets, when the client says which (its version). Without it a
// move that a client sent, gave up on and replaced through another
// connection could still be taken from the first one later, where it may
// be legal again in another position: the connection may pass through a
// node that stalled and delivers it long after. Caller holds s.mu.
func (s *session) current(version *int) error {
	if version != nil && *version != len(s.t.Log) {
		return apierr.New(apierr.Conflict, "the game has moved on since this was chosen (version %d, now %d)", *version, len(s.t.Log))
	}
	return nil
}
