package server

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"wyrm/game"
)

func (srv *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	s := srv.session(r.PathValue("id"))
	if s == nil {
		writeErr(w, errNoGame)
		return
	}
	s.mu.Lock()
	text := s.record()
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="wyrm-%s-%s.pgn"`, s.g.Info().Name, s.id))
	_, _ = w.Write([]byte(text))
}

// pgnEscape makes s safe inside a PGN tag value.
func pgnEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ").Replace(s)
}

// record writes the game in PGN style: the usual seven tags, the game's
// own tags with the start and current position strings, then the moves
// (SAN where the game has it). Caller holds s.mu.
func (s *session) record() string {
	var b strings.Builder
	tag := func(k, v string) { fmt.Fprintf(&b, "[%s \"%s\"]\n", k, pgnEscape(v)) }
	n := len(s.t.Def.Seats)
	o := s.t.Outcome()
	result := "*"
	if o.Over && n == 2 {
		switch {
		case o.Results[0] == game.Win:
			result = "1-0"
		case o.Results[1] == game.Win:
			result = "0-1"
		default:
			result = "1/2-1/2"
		}
	}
	tag("Event", "wyrm "+s.g.Info().Title)
	tag("Site", "wyrm")
	tag("Date", time.UnixMilli(s.created).UTC().Format("2006.01.02"))
	tag("Round", "-")
	if n == 2 {
		tag("White", s.playerName(0))
		tag("Black", s.playerName(1))
	} else {
		for i := range n {
			tag(fmt.Sprintf("Seat%d", i+1), s.playerName(i))
		}
	}
	tag("Result", result)
	if v := s.g.Info().Variant; v != "" {
		tag("Variant", v)
	}
	tag("Game", s.g.Info().Name)
	if len(s.t.Def.Options) > 0 {
		keys := make([]string, 0, len(s.t.Def.Options))
		for k := range s.t.Def.Options {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var kv []string
		for _, k := range keys {
			kv = append(kv, k+"="+s.t.Def.Options[k])
		}
		tag("Options", strings.Join(kv, ";"))
	}
	if c := s.t.Def.Clock; c.InitialMs > 0 {
		tag("TimeControl", fmt.Sprintf("%d+%d", c.InitialMs/1000, c.IncrementMs/1000))
	}
	if s.t.Start != "" {
		tag("FEN", s.t.Start)
		tag("SetUp", "1")
	}
	if o.Over {
		tag("Termination", o.Reason)
		if n > 2 {
			var rs []string
			for i := range n {
				rs = append(rs, o.Results[i].String())
			}
			tag("Results", strings.Join(rs, ","))
		}
	}
	if s.t.Pos != nil {
		tag("Position", s.t.Pos.String())
	}
	b.WriteByte('\n')
	var line strings.Builder
	flush := func(tok string) {
		if line.Len()+len(tok)+1 > 79 {
			b.WriteString(line.String() + "\n")
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(tok)
	}
	round := 0
	for i, p := range s.t.Plies {
		mv := p.Text
		if p.SAN != "" {
			mv = p.SAN
		}
		if i == 0 || p.Seat <= s.t.Plies[i-1].Seat {
			round++
			if i == 0 && p.Seat != 0 && n == 2 {
				flush(fmt.Sprintf("%d...", round))
			} else {
				flush(fmt.Sprintf("%d.", round))
			}
		}
		flush(mv)
	}
	flush(result)
	b.WriteString(line.String() + "\n")
	return b.String()
}
