package botbridge

import (
	"bufio"
	"context"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// The bridge keeps the ids of the games it plays in a file of its state
// directory, one a line, one file per server and bot: a bridge started
// again reads it and goes on with those games instead of letting their
// clocks run out. (The server's lists do not name a challenge game's
// players, so they cannot tell the bot's games.)

// maxResumed bounds the ids read back from the file, which the bridge
// itself writes with at most MaxGames of them.
const maxResumed = 100

// stateFile is the file of the bot named name, "" without a state
// directory.
func (b *Bridge) stateFile(name string) string {
	if b.cfg.StateDir == "" || name == "" {
		return ""
	}
	host := "server"
	if u, err := url.Parse(b.cfg.Server); err == nil && u.Host != "" {
		host = u.Host
	}
	return filepath.Join(b.cfg.StateDir, safeName(host)+"-"+safeName(name)+".games")
}

// safeName keeps letters, digits, dots and dashes of s for a file name.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' {
			return r
		}
		return '_'
	}, s)
}

// saveGames writes the games under way to the state file. Caller holds
// b.mu.
func (b *Bridge) saveGames() {
	file := b.stateFile(b.name)
	if file == "" {
		return
	}
	ids := make([]string, 0, len(b.playing))
	for id := range b.playing {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	text := strings.Join(ids, "\n")
	if text != "" {
		text += "\n"
	}
	err := os.MkdirAll(filepath.Dir(file), 0o700)
	if err == nil {
		tmp := file + ".new"
		if err = os.WriteFile(tmp, []byte(text), 0o600); err == nil {
			err = os.Rename(tmp, file)
		}
	}
	if err != nil {
		b.log.Warn("could not keep the games under way", "err", err)
	}
}

// resume plays the games the state file names that the bridge does not
// play yet; a game that is over or gone ends at once.
func (b *Bridge) resume(ctx context.Context, name string, games *sync.WaitGroup) {
	file := b.stateFile(name)
	if file == "" {
		return
	}
	f, err := os.Open(file)
	if err != nil {
		if !os.IsNotExist(err) {
			b.log.Warn("could not read the games under way", "err", err)
		}
		return
	}
	var ids []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(ids) < maxResumed {
		if id := strings.TrimSpace(sc.Text()); id != "" {
			ids = append(ids, id)
		}
	}
	f.Close()
	for _, id := range ids {
		b.mu.Lock()
		known := b.playing[id] || b.ended[id]
		b.mu.Unlock()
		if !known {
			b.log.Info("resuming a game under way", "game", id)
			b.startGame(ctx, id, games)
		}
	}
}
