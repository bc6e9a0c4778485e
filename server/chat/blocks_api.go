package chat

import (
	"context"
	"errors"
	"net/http"

	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// Users finds accounts by name, so that a player can block one.
type Users interface {
	UserByName(ctx context.Context, name string) (account.User, error)
}

// BlocksAPI serves a signed-in player's blocks over HTTP; everything else
// of the chat goes over the game's websocket (see Service.Respond).
type BlocksAPI struct {
	Chat  *Service
	Users Users
}

// Routes adds the blocks' endpoints: GET lists the accounts a player
// blocks, POST blocks or unblocks one ({name, block}).
func (a *BlocksAPI) Routes(mux *httpkit.Mux) {
	mux.HandleErr("GET /api/chat/blocks", a.list)
	mux.HandleErr("POST /api/chat/blocks", a.block)
}

// blocksJSON answers the accounts a player blocks, by name.
type blocksJSON struct {
	Names []string `json:"names"`
}

func (a *BlocksAPI) list(w http.ResponseWriter, r *http.Request) error {
	u, ok := httpkit.UserOf(r)
	if !ok {
		return httpkit.ErrNotSignedIn
	}
	names, err := a.Chat.store.Blocked(r.Context(), u.ID)
	if err != nil {
		a.Chat.log.Error("read blocks", "err", err)
		return apierr.New(apierr.Internal, "the blocks could not be read; try again")
	}
	httpkit.WriteJSON(w, http.StatusOK, blocksJSON{Names: names})
	return nil
}

// block blocks ("block": true) or unblocks an account by name, and
// answers the blocks as they are now.
func (a *BlocksAPI) block(w http.ResponseWriter, r *http.Request) error {
	u, ok := httpkit.UserOf(r)
	if !ok {
		return httpkit.ErrNotSignedIn
	}
	var req struct {
		Name  string `json:"name"`
		Block bool   `json:"block"`
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	if len(req.Name) > account.MaxNameLen {
		return apierr.New(apierr.Invalid, "a user name has at most %d characters", account.MaxNameLen)
	}
	if err := a.Chat.allowReport(u.ID, httpkit.ClientOf(r)); err != nil {
		return err
	}
	other, err := a.Users.UserByName(r.Context(), req.Name)
	if errors.Is(err, account.ErrNoUser) {
		return apierr.New(apierr.NotFound, "no such player")
	}
	if err != nil {
		a.Chat.log.Error("block: find the player", "err", err)
		return apierr.New(apierr.Internal, "the player could not be looked up; nothing changed")
	}
	if req.Block {
		err = a.Chat.store.Block(r.Context(), u.ID, other.ID, other.Name)
	} else {
		err = a.Chat.store.Unblock(r.Context(), u.ID, other.ID)
	}
	if code, _ := apierr.Of(err); err != nil && code == apierr.Internal {
		a.Chat.log.Error("block", "err", err)
		err = apierr.New(apierr.Internal, "the block could not be stored; nothing changed")
	}
	if err != nil {
		return err
	}
	return a.list(w, r)
}
