// engine.js: a page's handle on the engine worker (engine-worker.js): one
// running job at a time, answers routed by id, stale ones dropped.

// The worker boot.js started before the modules loaded, for the first
// page that wants one.
let early = self.wyrmEarlyWorker || null;
delete self.wyrmEarlyWorker;

/** Starts the worker; the engine loads while the page draws. */
export function startEngine() {
  const worker = early || new Worker('/engine-worker.js');
  early = null;
  let next = 1, job = null;
  const asks = new Map(); // id -> {resolve, reject} of a board request
  worker.onmessage = ({ data: m }) => {
    if (asks.has(m.id)) {
      const a = asks.get(m.id);
      asks.delete(m.id);
      if (m.type === 'error') a.reject(new Error(m.message)); else a.resolve(m);
      return;
    }
    if (job && m.id === job.id) job.on(m);
    else if (m.type === 'error' && m.id === undefined && job) job.on(m); // the engine did not load
  };
  return {
    /** The position request makes, with its pieces and legal moves. */
    board(request) {
      const id = next++;
      return new Promise((resolve, reject) => { asks.set(id, { resolve, reject }); worker.postMessage({ ...request, type: 'board', id }); });
    },
    /** Starts an analyse or evaluate job; on gets its messages only. */
    run(type, request, on) {
      job = { id: next++, on };
      worker.postMessage({ ...request, type, id: job.id });
    },
    /** Ends the running job; its late messages are dropped. */
    stop() { job = null; worker.postMessage({ type: 'stop' }); },
    close() { job = null; worker.terminate(); },
  };
}
