package server

import "net/http"

func (srv *Server) handleRulesIndex(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "todo", 500)
}

func (srv *Server) handleRules(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "todo", 500)
}
