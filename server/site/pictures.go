package site

import (
	"io/fs"
	"net/http"
	"regexp"

	"wyrm/server/apierr"
)

// pictureName is the only shape of name a picture request may have: the
// name is looked up in the game's own embedded pictures, never on disk.
var pictureName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}\.svg$`)

// handlePicture serves one of a game's piece pictures.
func (s *Site) handlePicture(w http.ResponseWriter, r *http.Request) error {
	g, ok := s.games[r.PathValue("game")]
	name := r.PathValue("name")
	if !ok || g.Pictures() == nil || !pictureName.MatchString(name) {
		return apierr.New(apierr.NotFound, "no such picture")
	}
	b, err := fs.ReadFile(g.Pictures(), name)
	if err != nil {
		return apierr.New(apierr.NotFound, "no such picture")
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	_, _ = w.Write(b)
	return nil
}
