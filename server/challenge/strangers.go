package challenge

import (
	"context"
	"time"

	"wyrm/server/apierr"
)

// Puppet accounts are cheap to make, and each could keep a few challenges
// waiting for one player until that player's queue (Limits.Incoming) is
// full and friends are refused. So a new account may keep fewer challenges
// waiting (httpkit.Limits.NewcomerChallenges), and a player may refuse
// challenges from strangers, the accounts they have never played
// (account.RefusesStrangers).

// NewcomerAge is how long an account is new, whatever it has played; past
// it, an account is new until it has finished a rated game.
const NewcomerAge = 24 * time.Hour

// challengeLimits returns the limits a challenge from author to target is
// held to, or refuses it: a target who refuses strangers takes challenges
// only from players they have played, and a new author has fewer
// challenges waiting.
func (h *Hub) challengeLimits(ctx context.Context, author, target Party) (Limits, error) {
	lim := h.storeLimits()
	refuses, err := h.accounts.RefusesStrangers(ctx, target.ID)
	if err != nil {
		return lim, err
	}
	if refuses {
		played, err := h.accounts.HavePlayed(ctx, author.ID, target.ID)
		if err != nil {
			return lim, err
		}
		if !played {
			return lim, apierr.New(apierr.Forbidden, "%s takes challenges only from players they have played", target.Name)
		}
	}
	if lim.Challenges <= h.limits.NewcomerChallenges {
		return lim, nil
	}
	newcomer, err := h.newcomer(ctx, author.ID)
	if err != nil {
		return lim, err
	}
	if newcomer {
		lim.Challenges, lim.Newcomer = h.limits.NewcomerChallenges, true
	}
	return lim, nil
}

// newcomer reports whether the account is new: under NewcomerAge old, or
// without a finished rated game.
func (h *Hub) newcomer(ctx context.Context, user int64) (bool, error) {
	u, err := h.accounts.UserByID(ctx, user)
	if err != nil {
		return false, err
	}
	if h.now().Sub(u.Created) < NewcomerAge {
		return true, nil
	}
	rated, err := h.accounts.HasRatedGame(ctx, user)
	return !rated, err
}
