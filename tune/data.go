package tune

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"wyrm/game"
)

// dataMagic opens every data file, with its format version.
const dataMagic = "wyrm-tune-data 1"

// maxDataLine bounds a line of a data file (a position string, or an
// option carrying a map's text).
const maxDataLine = 1 << 20

// Sample is one position of a data set with the result of its game.
type Sample struct {
	// Result is the first seat's score in the game: 1, 0.5 or 0; or,
	// for a position labelled by an engine's judgement (wyrm tune
	// -relabel), its expected score between 0 and 1.
	Result float64
	// Game numbers the game the position came from: positions of one game
	// are held out together.
	Game int
	// Position is the position string, read by the game's Parse with the
	// data set's options.
	Position string
}

// Data is a data set: the game, the options its positions are read with,
// and the samples.
type Data struct {
	Game    string
	Options game.Options
	Samples []Sample
}

// WriteHeader writes the lines that open a data file.
func WriteHeader(w io.Writer, gameName string, opts game.Options) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\ngame %s\n", dataMagic, gameName)
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		fmt.Fprintf(&b, "option %s %s\n", k, strconv.Quote(opts[k]))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteSample writes one sample line: "result game position".
func WriteSample(w io.Writer, s Sample) error {
	_, err := fmt.Fprintf(w, "%s %d %s\n", formatResult(s.Result), s.Game, s.Position)
	return err
}

func formatResult(r float64) string {
	switch r {
	case 1:
		return "1"
	case 0:
		return "0"
	case 0.5:
		return "0.5"
	}
	return strconv.FormatFloat(r, 'f', 4, 64)
}

// ReadData reads a data file as WriteHeader and WriteSample write it.
func ReadData(r io.Reader) (*Data, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxDataLine)
	d := &Data{Options: game.Options{}}
	n := 0
	next := func() (string, bool) {
		for sc.Scan() {
			n++
			if l := strings.TrimSpace(sc.Text()); l != "" {
				return l, true
			}
		}
		return "", false
	}
	fail := func(format string, args ...any) (*Data, error) {
		return nil, fmt.Errorf("data line %d: %s", n, fmt.Sprintf(format, args...))
	}
	line, ok := next()
	if !ok || line != dataMagic {
		if err := sc.Err(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("not a wyrm tune data file (want %q first)", dataMagic)
	}
	line, ok = next()
	name, found := strings.CutPrefix(line, "game ")
	if !ok || !found || name == "" || strings.ContainsAny(name, " \t") {
		return fail("want \"game NAME\"")
	}
	d.Game = name
	for {
		line, ok = next()
		if !ok {
			break
		}
		if rest, isOpt := strings.CutPrefix(line, "option "); isOpt {
			k, v, _ := strings.Cut(rest, " ")
			val, err := strconv.Unquote(v)
			if k == "" || err != nil {
				return fail("want \"option NAME \\\"VALUE\\\"\"")
			}
			if _, dup := d.Options[k]; dup {
				return fail("option %s given twice", k)
			}
			d.Options[k] = val
			continue
		}
		s, err := parseSample(line)
		if err != nil {
			return fail("%v", err)
		}
		d.Samples = append(d.Samples, s)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fail("longer than %d bytes", maxDataLine)
		}
		return nil, err
	}
	return d, nil
}

// parseSample reads "result game position".
func parseSample(line string) (Sample, error) {
	f := strings.SplitN(line, " ", 3)
	if len(f) != 3 || strings.TrimSpace(f[2]) == "" {
		return Sample{}, errors.New("want \"result game position\"")
	}
	var s Sample
	// The range check turns away NaN and infinities; exponents, hex and
	// digit separators, which ParseFloat also reads, are not decimals.
	r, err := strconv.ParseFloat(f[0], 64)
	if err != nil || !(r >= 0 && r <= 1) || strings.ContainsAny(f[0], "eExX_") {
		return Sample{}, fmt.Errorf("result %q: want a score from 0 to 1 (1, 0.5, 0, or a decimal)", f[0])
	}
	s.Result = r
	g, err := strconv.Atoi(f[1])
	if err != nil || g < 0 {
		return Sample{}, fmt.Errorf("game %q: want a number from 0", f[1])
	}
	s.Game = g
	s.Position = strings.TrimSpace(f[2])
	return s, nil
}
