package match

import "testing"

func TestParseInfo(t *testing.T) {
	for _, c := range []struct {
		line string
		k    int
		want AnalysisLine
		ok   bool
	}{
		{"info depth 12 seldepth 18 multipv 2 score cp -35 nodes 100 pv e2e4 e7e5", 2, AnalysisLine{"e2e4", -35}, true},
		{"info depth 9 multipv 1 score mate 3 pv D@f7 e8d8", 1, AnalysisLine{"D@f7", MateCP - 3}, true},
		{"info depth 9 score mate -2 pv g1h1", 1, AnalysisLine{"g1h1", -(MateCP - 2)}, true},
		{"info depth 9 multipv 1 score cp 20 lowerbound pv a2a3", 0, AnalysisLine{}, false},
		{"info string variant dragon", 0, AnalysisLine{}, false},
		{"bestmove e2e4", 0, AnalysisLine{}, false},
	} {
		k, got, ok := parseInfo(c.line)
		if ok != c.ok || ok && (k != c.k || got != c.want) {
			t.Errorf("%q: %d %+v %v, want %d %+v %v", c.line, k, got, ok, c.k, c.want, c.ok)
		}
	}
}
