package game

import (
	"encoding/json"
	"strings"
	"testing"
)

var schema = []Option{
	{Name: "dragons", Kind: Choice, Choices: []string{"1", "2"}, Default: "2"},
	{Name: "fast", Kind: Bool},
	{Name: "players", Kind: Int, Min: 2, Max: 4},
	{Name: "rules", Kind: Set, Choices: []string{"a", "b", "c"}},
	{Name: "sides", Kind: PerSeat, Choices: []string{"red", "blue", "green"}},
	{Name: "note", Kind: Text},
	{Name: "map", Kind: Choice, Choices: []string{"small"}, File: "map-data"},
	{Name: "map-data", Kind: Text, Internal: true},
}

func TestNormalizeWritesCanonicalValues(t *testing.T) {
	cases := []struct {
		in   Options
		want Options
		err  string
	}{
		{in: Options{"players": "+2"}, want: Options{"players": "2"}},
		{in: Options{"players": "03"}, want: Options{"players": "3"}},
		{in: Options{"fast": "1"}, want: Options{"fast": "true"}},
		{in: Options{"rules": "c, a"}, want: Options{"rules": "a,c"}},
		{in: Options{"rules": ""}, want: Options{"rules": ""}},
		{in: Options{"sides": "Blue,red"}, want: Options{"sides": "blue,red"}},
		{in: Options{"note": "  hello "}, want: Options{"note": "hello"}},
		{in: Options{"rules": "a,a"}, err: "given twice"},
		{in: Options{"rules": "d"}, err: "not one of a, b, c"},
		{in: Options{"sides": "red,red"}, err: "chosen twice"},
		{in: Options{"sides": "red,"}, err: "for every seat, or none"},
		{in: Options{"players": "5"}, err: "from 2 to 4"},
		{in: Options{"players": "two"}, err: "from 2 to 4"},
		{in: Options{"dragons": "3"}, err: "not one of 1, 2"},
		{in: Options{"note": strings.Repeat("x", MaxTextOption+1)}, err: "at most"},
		{in: Options{"note": "a\x00b"}, err: "plain text"},
		{in: Options{"colour": "red"}, err: `unknown option "colour"`},
		{in: Options{"map-data": "anything"}, err: `unknown option "map-data"`},
		{in: Options{"map": "/dev/zero"}, err: "not one of small"},
	}
	for _, c := range cases {
		got, err := Normalize(schema, c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Normalize(%v) = %v, %v; want an error with %q", c.in, got, err, c.err)
			}
			continue
		}
		if err != nil || len(got) != len(c.want) {
			t.Errorf("Normalize(%v) = %v, %v; want %v", c.in, got, err, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("Normalize(%v)[%s] = %q, want %q", c.in, k, got[k], v)
			}
		}
	}
}

func TestValidateAcceptsWhatTheGameCarries(t *testing.T) {
	if err := Validate(schema, Options{"map": "vault", "map-data": "name Vault"}); err != nil {
		t.Fatalf("a carried map: %v", err)
	}
	if err := Validate(schema, Options{"map": "vault"}); err == nil {
		t.Fatal("a map neither offered nor carried was accepted")
	}
}

func TestOptionKindsTravelAsNames(t *testing.T) {
	b, err := json.Marshal(schema[3])
	if err != nil || !strings.Contains(string(b), `"kind":"set"`) || strings.Contains(string(b), "File") {
		t.Fatalf("marshal: %s %v", b, err)
	}
	var o Option
	if err := json.Unmarshal([]byte(`{"name":"x","kind":"perseat"}`), &o); err != nil || o.Kind != PerSeat {
		t.Fatalf("unmarshal: %+v %v", o, err)
	}
	if err := json.Unmarshal([]byte(`{"name":"x","kind":"file"}`), &o); err == nil {
		t.Fatal("an unknown kind was read")
	}
}

// An option's value reads in the game's words: choices by their labels,
// a missing label the choice itself.
func TestOptionDescribe(t *testing.T) {
	o := Option{Name: "sides", Label: "Sides", Kind: PerSeat, Choices: []string{"a", "b", "c"}, ChoiceLabels: []string{"Alpha", "", "Gamma"}}
	if got := o.Describe("c,a,b"); got != "Sides: Gamma, Alpha, b" {
		t.Errorf("per seat: %q", got)
	}
	o.Kind = Choice
	if got := o.Describe("a"); got != "Sides: Alpha" {
		t.Errorf("choice: %q", got)
	}
	if got := (Option{Name: "seed", Kind: Int}).Describe("7"); got != "seed: 7" {
		t.Errorf("int: %q", got)
	}
}
