package server

import (
	"net/http"

	"wyrm/server/httpkit"
)

// allowRead takes one of the client's reads of the accounts' database for
// a handler still in this package (the challenges' lists), answering 429
// when they are spent. The budget is the lists' (lists.API.AllowRead), so
// that every feature reading the accounts shares it.
func (srv *Server) allowRead(w http.ResponseWriter, r *http.Request) bool {
	if err := srv.listsAPI.AllowRead(r); err != nil {
		httpkit.WriteError(w, err)
		return false
	}
	return true
}
