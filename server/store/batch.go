package store

import (
	"context"
	"sync"
)

// maxBatch bounds one group commit, so that a flood of appends still
// reaches the disk in steady steps.
const maxBatch = 512

// appendReq is one action waiting for the writer; done receives its result.
type appendReq struct {
	gameID string
	a      Action
	// fenced appends go through only while term is the game's lease term.
	fenced bool
	term   int64
	done   chan error
}

// committer is the group commit shared by both stores: Append queues a
// request, and one writer goroutine hands every request waiting at that
// moment to commit as one batch. commit returns one error per request and
// must not report success for a request before its transaction committed.
type committer struct {
	commit  func(batch []*appendReq) []error
	reqs    chan *appendReq
	stop    chan struct{} // closed by close: no new appends
	stopped chan struct{} // closed when the writer has finished
	once    sync.Once
}

func newCommitter(commit func([]*appendReq) []error) *committer {
	c := &committer{commit: commit, reqs: make(chan *appendReq, maxBatch),
		stop: make(chan struct{}), stopped: make(chan struct{})}
	go c.writer()
	return c
}

// append queues r and waits for its result.
func (c *committer) append(ctx context.Context, r *appendReq) error {
	r.done = make(chan error, 1)
	select {
	case c.reqs <- r:
	case <-c.stop:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-r.done:
		return err
	case <-c.stopped:
		// The writer may have finished this one just before stopping.
		select {
		case err := <-r.done:
			return err
		default:
			return ErrClosed
		}
	case <-ctx.Done():
		// The action may still be committed; the server replays the log
		// after a failed save, so it never acts on a guess.
		return ctx.Err()
	}
}

// close refuses new appends and waits until the queued ones are done.
func (c *committer) close() {
	c.once.Do(func() { close(c.stop) })
	<-c.stopped
}

// writer commits queued appends in batches until close.
func (c *committer) writer() {
	defer close(c.stopped)
	batch := make([]*appendReq, 0, maxBatch)
	for {
		select {
		case r := <-c.reqs:
			batch = append(batch[:0], r)
		case <-c.stop:
			// Finish what was queued before close.
			for {
				batch = c.fill(batch[:0])
				if len(batch) == 0 {
					return
				}
				c.run(batch)
			}
		}
		c.run(c.fill(batch))
	}
}

// fill adds the requests waiting now, up to maxBatch.
func (c *committer) fill(batch []*appendReq) []*appendReq {
	for len(batch) < maxBatch {
		select {
		case r := <-c.reqs:
			batch = append(batch, r)
		default:
			return batch
		}
	}
	return batch
}

func (c *committer) run(batch []*appendReq) {
	errs := c.commit(batch)
	for i, r := range batch {
		r.done <- errs[i]
	}
}
