package dragonchess

import (
	"strings"
	"testing"
)

// Every optional rule reads in words: the rulebook's title and a sentence
// saying what it changes, never its identifier alone.
func TestVariantsAreExplainedInWords(t *testing.T) {
	o := Game.Options()[0]
	if len(o.ChoiceLabels) != len(o.Choices) || len(o.ChoiceHelp) != len(o.Choices) {
		t.Fatalf("%d choices, %d labels, %d explanations", len(o.Choices), len(o.ChoiceLabels), len(o.ChoiceHelp))
	}
	for i, c := range o.Choices {
		label, help := o.ChoiceLabels[i], o.ChoiceHelp[i]
		if label == "" || label == c || strings.Contains(label, "-") {
			t.Errorf("%s is labelled %q", c, label)
		}
		if !strings.HasSuffix(help, ".") || strings.Count(help, ". ") > 0 || len(help) < 30 {
			t.Errorf("%s is explained as %q, want one sentence", c, help)
		}
	}
}
