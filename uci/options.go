package uci

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wyrm/game"
	"wyrm/search"
)

// option is one engine option as UCI declares it: "uci" prints it from
// here and "setoption" checks a value against it before calling set, so
// that the two never disagree.
type option struct {
	name string
	kind string // "check", "spin", "combo", "string" or "button"
	def  string // the default as "uci" prints it
	// min and max bound a spin; with clamp a number outside them is
	// brought within instead of refused.
	min, max int
	clamp    bool
	vars     []string // a combo's choices
	// hidden options are taken by setoption but not announced (those the
	// engine cannot honour, which a GUI should not offer).
	hidden bool
	// refusal, when set, words the answer to a refused value in place of
	// the kind's own.
	refusal func(value string) string
	// set takes a value that passed the kind's checks: a spin's in range,
	// one of a combo's vars, "true" or "false" for a check (anything else
	// reads as false), "" for a button. Nil takes any value and does
	// nothing.
	set func(value string)
}

func spin(name string, def, lo, hi int, set func(int)) option {
	o := option{name: name, kind: "spin", def: strconv.Itoa(def), min: lo, max: hi}
	if set != nil {
		o.set = func(v string) { n, _ := strconv.Atoi(v); set(n) }
	}
	return o
}

func check(name string, def bool, set func(bool)) option {
	return option{name: name, kind: "check", def: strconv.FormatBool(def), set: func(v string) { set(v == "true") }}
}

func combo(name, def string, vars []string, set func(string)) option {
	return option{name: name, kind: "combo", def: def, vars: vars, set: set}
}

// line is what "uci" prints of o.
func (o option) line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "option name %s type %s", o.name, o.kind)
	switch o.kind {
	case "spin":
		fmt.Fprintf(&b, " default %s min %d max %d", o.def, o.min, o.max)
	case "combo":
		fmt.Fprintf(&b, " default %s", o.def)
		for _, v := range o.vars {
			b.WriteString(" var " + v)
		}
	case "check", "string":
		fmt.Fprintf(&b, " default %s", o.def)
	}
	return b.String()
}

// take checks value against o and sets it; it returns what to tell the
// GUI of a refused value, "" when it took it.
func (o option) take(value string) string {
	if o.set == nil {
		return ""
	}
	why := ""
	switch o.kind {
	case "spin":
		n, err := strconv.Atoi(value)
		switch {
		case err != nil && o.clamp:
			why = fmt.Sprintf("%s: %q is not a number", o.name, value)
		case err != nil || !o.clamp && (n < o.min || n > o.max):
			why = fmt.Sprintf("%s: %q is not %d..%d", o.name, value, o.min, o.max)
		default:
			value = strconv.Itoa(min(max(n, o.min), o.max))
		}
	case "combo":
		if !slices.Contains(o.vars, value) {
			why = fmt.Sprintf("%s: %q is not %s", o.name, value, strings.Join(o.vars, " or "))
		}
	case "button":
		value = ""
	}
	if why != "" {
		if o.refusal != nil {
			why = o.refusal(value)
		}
		return why
	}
	o.set(value)
	return ""
}

const minElo, maxElo = 800, 2400

// maxMultiPV bounds the MultiPV option; a search gives at most one line per
// legal move anyway.
const maxMultiPV = 256

// modeSetter is implemented by engines that search games of more than two
// players in more than one way.
type modeSetter interface{ SetMultiMode(search.MultiMode) }

// contemptSetter is implemented by engines that can rate a draw below even.
type contemptSetter interface{ SetContempt(cp int) }

// options is the session's table of engine options, in the order "uci"
// announces them. It is built when asked for, since the variant's default
// is the current game.
func (s *Session) options() []option {
	var vars []string
	for _, g := range s.games {
		vars = append(vars, g.Info().Name)
	}
	def := ""
	if s.g != nil {
		def = s.g.Info().Name
	}
	variant := combo("UCI_Variant", def, vars, func(v string) {
		for _, g := range s.games {
			if g.Info().Name == v {
				s.g, s.opts = g, game.Options{}
				s.resetPosition()
				return
			}
		}
	})
	variant.refusal = func(v string) string { return fmt.Sprintf("unknown variant %q", v) }
	threads := spin("Threads", 1, 1, 1, func(int) {})
	threads.refusal = func(string) string { return "wyrm searches with one thread" }
	elo := spin("UCI_Elo", maxElo, minElo, maxElo, func(n int) { s.elo = n; s.applyLevel() })
	elo.clamp = true
	var setMode func(string)
	if ms, ok := s.eng.(modeSetter); ok {
		setMode = func(v string) {
			if v == "paranoid" {
				ms.SetMultiMode(search.Paranoid)
			} else {
				ms.SetMultiMode(search.BRS)
			}
		}
	}
	var setContempt func(int)
	cs, canContempt := s.eng.(contemptSetter)
	if canContempt {
		setContempt = cs.SetContempt
	}
	contempt := spin("Contempt", search.DefaultContempt, -search.MaxContempt, search.MaxContempt, setContempt)
	contempt.hidden = !canContempt
	// SetupChoices announces the setup commands, where a game has stages
	// before play.
	setupChoices := check("SetupChoices", true, func(on bool) { s.setupOn = on })
	setupChoices.hidden = !slices.ContainsFunc(s.games, func(g game.Game) bool { _, ok := g.(game.SetupGame); return ok })
	return []option{
		variant,
		spin("Hash", search.DefaultHashMB, 1, 4096, s.eng.SetHash),
		threads,
		spin("Skill Level", search.MaxLevel, 1, search.MaxLevel, func(n int) { s.skill = n; s.applyLevel() }),
		check("UCI_LimitStrength", false, func(on bool) { s.limitStrength = on; s.applyLevel() }),
		elo,
		spin("MultiPV", 1, 1, maxMultiPV, func(n int) { s.multiPV = n }),
		combo("MultiPlayer", search.DefaultMultiMode.String(), []string{search.BRS.String(), search.Paranoid.String()}, setMode),
		contempt,
		setupChoices,
	}
}

func (s *Session) cmdUCI() {
	s.printf("id name wyrm")
	s.printf("id author the wyrm authors")
	for _, o := range s.options() {
		if !o.hidden {
			s.printf("%s", o.line())
		}
	}
	s.printf("uciok")
}

func (s *Session) cmdSetOption(line string) {
	rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "setoption"))
	if !strings.HasPrefix(rest, "name ") {
		s.printf("info string setoption: want 'setoption name <name> [value <value>]'")
		return
	}
	rest = strings.TrimPrefix(rest, "name ")
	name, value, _ := strings.Cut(rest, " value ")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	for _, o := range s.options() {
		if strings.EqualFold(o.name, name) {
			if why := o.take(value); why != "" {
				s.printf("info string %s", why)
			}
			return
		}
	}
	s.setGameOption(name, value)
}

// setGameOption sets an option of the current game ("players" in a game
// for several) by its own name.
func (s *Session) setGameOption(name, value string) {
	if s.g == nil || !slices.Contains(optionNames(s.g.Options()), name) {
		s.printf("info string unknown option %q", name)
		return
	}
	next := game.Options{}
	for k, v := range s.opts {
		next[k] = v
	}
	next[name] = value
	if s.Files != nil {
		var err error
		if next, err = s.Files(s.g.Options(), next); err != nil {
			s.printf("info string %v", err)
			return
		}
	}
	if err := game.Validate(s.g.Options(), next); err != nil {
		s.printf("info string %v", err)
		return
	}
	s.opts = next
	s.resetPosition()
}

func optionNames(opts []game.Option) []string {
	names := make([]string, len(opts))
	for i, o := range opts {
		names[i] = o.Name
	}
	return names
}
