package bots

import (
	"os"
	"strings"
	"testing"

	"wyrm/game"
)

// The bot docs list every end reason and status a game stream can carry.
func TestDocsListEveryReason(t *testing.T) {
	b, err := os.ReadFile("../../docs/bots.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	words := []string{"started", "setup", "over", "win", "loss", "draw", "eliminated"}
	for _, r := range []game.EndReason{game.EndCheckmate, game.EndStalemate, game.EndThreefold, game.EndFiftyMoveRule,
		game.EndHundredMoveRule, game.EndInsufficientMaterial, game.EndKingCaptured, game.EndKingsRemovedTogether,
		game.EndQuietRounds, game.EndResignation, game.EndTimeUp, game.EndAgreement, game.EndAbandoned,
		game.EndOpponentsLeft, game.EndAborted, game.EndAbortedNoFirstMove, game.EndNoLegalMove, game.EndMoveLimit} {
		words = append(words, string(r))
	}
	for _, w := range words {
		if !strings.Contains(doc, "`"+w+"`") {
			t.Errorf("docs/bots.md does not list `%s`", w)
		}
	}
}
