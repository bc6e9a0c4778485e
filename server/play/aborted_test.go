package play

import (
	"testing"

	toy "wyrm/internal/toysetup"
	"wyrm/server/table"
)

// An aborted game says so in its state and its lobby entry, so that pages
// read "aborted" rather than a draw or a game still going; a game won is
// not marked aborted.
func TestAbortedIsMarked(t *testing.T) {
	h := testHall(t, nil, toy.Game{})
	s := twoLocal(t, h, toy.Game{}.Info().Name)
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.state([]int{0, 1}); st.Outcome.Aborted {
		t.Fatal("a new game reads as aborted")
	}
	if err := s.commit(0, table.ActAbort, ""); err != nil {
		t.Fatal(err)
	}
	if st := s.state([]int{0, 1}); !st.Outcome.Over || !st.Outcome.Aborted || st.Outcome.Winner != -1 {
		t.Errorf("aborted game's outcome %+v", st.Outcome)
	}
	if e := s.entry(); !e.Aborted || e.List != "finished" {
		t.Errorf("aborted game's lobby entry %+v", e)
	}

	w := twoLocal(t, h, toy.Game{}.Info().Name)
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.commit(1, table.ActResign, ""); err != nil {
		t.Fatal(err)
	}
	if st := w.state(nil); !st.Outcome.Over || st.Outcome.Aborted || w.entry().Aborted {
		t.Errorf("a resigned game reads as aborted: %+v", st.Outcome)
	}
}
