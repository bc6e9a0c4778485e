package server

import (
	"errors"
	"net/http"

	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// chatRoutes adds the chat's HTTP endpoints: a signed-in player's blocks.
// Everything else of the chat goes over the game's websocket.
func (srv *Server) chatRoutes(mux *httpkit.Mux) {
	if srv.chat == nil || srv.accounts == nil {
		return
	}
	mux.HandleFunc("GET /api/chat/blocks", srv.handleBlocks)
	mux.HandleFunc("POST /api/chat/blocks", srv.handleBlock)
}

// blocksJSON answers the accounts a player blocks, by name.
type blocksJSON struct {
	Names []string `json:"names"`
}

func (srv *Server) handleBlocks(w http.ResponseWriter, r *http.Request) {
	u, ok := httpkit.UserOf(r)
	if !ok {
		httpkit.WriteError(w, account.ErrNotSignedIn)
		return
	}
	names, err := srv.chat.store.Blocked(r.Context(), u.ID)
	if err != nil {
		srv.log.Error("read blocks", "err", err)
		httpkit.WriteError(w, apierr.New(apierr.Internal, "the blocks could not be read; try again"))
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, blocksJSON{Names: names})
}

// handleBlock blocks ("block": true) or unblocks an account by name, and
// answers the blocks as they are now.
func (srv *Server) handleBlock(w http.ResponseWriter, r *http.Request) {
	u, ok := httpkit.UserOf(r)
	if !ok {
		httpkit.WriteError(w, account.ErrNotSignedIn)
		return
	}
	var req struct {
		Name  string `json:"name"`
		Block bool   `json:"block"`
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		httpkit.WriteError(w, err)
		return
	}
	if len(req.Name) > account.MaxNameLen {
		httpkit.WriteError(w, apierr.New(apierr.Invalid, "a user name has at most %d characters", account.MaxNameLen))
		return
	}
	if err := srv.chat.allowReport(srv.limits, u.ID, httpkit.ClientOf(r)); err != nil {
		httpkit.WriteError(w, err)
		return
	}
	other, err := srv.accounts.UserByName(r.Context(), req.Name)
	if errors.Is(err, account.ErrNoUser) {
		httpkit.WriteError(w, apierr.New(apierr.NotFound, "no such player"))
		return
	}
	if err != nil {
		srv.log.Error("block: find the player", "err", err)
		httpkit.WriteError(w, apierr.New(apierr.Internal, "the player could not be looked up; nothing changed"))
		return
	}
	if req.Block {
		err = srv.chat.store.Block(r.Context(), u.ID, other.ID, other.Name)
	} else {
		err = srv.chat.store.Unblock(r.Context(), u.ID, other.ID)
	}
	if code, _ := apierr.Of(err); err != nil && code == apierr.Internal {
		srv.log.Error("block", "err", err)
		err = apierr.New(apierr.Internal, "the block could not be stored; nothing changed")
	}
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	srv.handleBlocks(w, r)
}
