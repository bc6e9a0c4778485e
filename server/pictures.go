package server

import (
	"io/fs"
	"net/http"
	"regexp"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// pictureName is the only shape of name a picture request may have: the
// name is looked up in the game's own embedded pictures, never on disk.
var pictureName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}\.svg$`)

// handlePicture serves one of a game's piece pictures.
func (srv *Server) handlePicture(w http.ResponseWriter, r *http.Request) {
	g, ok := srv.games[r.PathValue("game")]
	name := r.PathValue("name")
	if !ok || g.Pictures() == nil || !pictureName.MatchString(name) {
		httpkit.WriteError(w, apierr.New(apierr.NotFound, "no such picture"))
		return
	}
	b, err := fs.ReadFile(g.Pictures(), name)
	if err != nil {
		httpkit.WriteError(w, apierr.New(apierr.NotFound, "no such picture"))
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	_, _ = w.Write(b)
}
