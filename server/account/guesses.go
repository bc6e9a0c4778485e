package account

import (
	"context"
	"math"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/limit"
	"wyrm/server/store"
)

// Sign-in attempts are counted in the database, not in a node's memory,
// so that two nodes of a cluster give a guesser one allowance, not two.
// Three buckets are taken from: the address's (all names), the name's
// from this address, and the name's from everywhere. The last is large
// and refills faster than one address's share of it, so a stranger at one
// address cannot empty it and lock the owner out; only many addresses at
// once can, and then the owner waits minutes, not days.

// forgetAfter is how long an untouched bucket is kept: longer than any
// bucket takes to fill again.
const forgetAfter = 24 * time.Hour

// allow takes one attempt from the address's bucket and, when nameKey is
// not empty, from the name's from this address and the name's own; it
// refuses when any is spent, saying when to try again.
func (a *Accounts) allow(ctx context.Context, address, nameKey string) error {
	now := a.cfg.Now()
	type take struct {
		bucket string
		rate   *limit.Rate
		msg    string
	}
	var takes []take
	if address != "" {
		takes = append(takes, take{"a:" + address, a.cfg.LoginPerAddress, "too many attempts from this address; try again later"})
	}
	if nameKey != "" {
		if address != "" {
			takes = append(takes, take{"na:" + nameKey + " " + address, a.cfg.LoginPerNameAddress, "too many attempts for this user from this address; try again later"})
		}
		takes = append(takes, take{"n:" + nameKey, a.cfg.LoginPerName, "too many attempts for this user; try again later"})
	}
	for _, t := range takes {
		ok, wait, err := a.takeGuess(ctx, t.bucket, t.rate, now)
		if err != nil {
			return internal("sign-in limit", err)
		}
		if !ok {
			return &RetryError{Err: apierr.New(apierr.TooMany, "%s", t.msg), After: wait}
		}
	}
	return nil
}

// takeGuess takes one token of bucket, of rate r's size and refill, at now.
func (a *Accounts) takeGuess(ctx context.Context, bucket string, r *limit.Rate, now time.Time) (ok bool, wait time.Duration, err error) {
	nowMs := now.UnixMilli()
	err = a.inTx(ctx, func(tx *store.Tx) error {
		res, err := tx.ExecContext(ctx, "INSERT INTO sign_in_limits(bucket, tokens, at_ms) VALUES(?, ?, ?) ON CONFLICT (bucket) DO NOTHING",
			bucket, r.Burst, nowMs)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			// A new bucket: forget those that have long been full again.
			if _, err := tx.ExecContext(ctx, "DELETE FROM sign_in_limits WHERE at_ms < ?", now.Add(-forgetAfter).UnixMilli()); err != nil {
				return err
			}
		}
		var tokens float64
		var at int64
		if err := tx.QueryRowContext(ctx, "SELECT tokens, at_ms FROM sign_in_limits WHERE bucket = ?"+a.d.ForUpdate, bucket).Scan(&tokens, &at); err != nil {
			return err
		}
		elapsed := max(0, float64(nowMs-at)/1000)
		tokens = math.Min(r.Burst, tokens+elapsed*r.PerSecond)
		if tokens < 1 {
			ok, wait = false, max(time.Second, time.Duration((1-tokens)/r.PerSecond*float64(time.Second)))
		} else {
			ok, tokens = true, tokens-1
		}
		_, err = tx.ExecContext(ctx, "UPDATE sign_in_limits SET tokens = ?, at_ms = ? WHERE bucket = ?", tokens, max(nowMs, at), bucket)
		return err
	})
	return ok, wait, err
}
