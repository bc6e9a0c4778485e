// The player's event stream (/api/stream/events): challenges to them,
// answers to theirs and games starting, wherever they are on the site. A
// signed-in page keeps it open; a guest's opens when they first seek. Its
// secret (from the hello) is what their seeks and challenges live by: when
// the stream reconnects it has a new one, and what it held is gone.

let source = null;
let secret = null;
let waiting = [];
const handlers = new Map(); // message type -> Set of functions

/** Calls fn with every message of type; returns the unsubscribe function. */
export function on(type, fn) {
  if (!handlers.has(type)) handlers.set(type, new Set());
  handlers.get(type).add(fn);
  return () => handlers.get(type).delete(fn);
}

function dispatch(type, data) {
  for (const fn of handlers.get(type) || []) {
    try { fn(data); } catch (e) { console.warn(e); }
  }
}

const types = ['hello', 'challenge', 'challengeCanceled', 'challengeDeclined', 'gameStart', 'tournamentStart'];

/** Opens the stream unless it is open. */
export function openStream() {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource('/api/stream/events');
  for (const type of types) {
    source.addEventListener(type, ev => {
      let data;
      try { data = JSON.parse(ev.data); } catch { return; }
      if (type === 'hello') {
        secret = data.stream;
        for (const w of waiting) w(secret);
        waiting = [];
      }
      dispatch(type, data);
    });
  }
  // A dropped stream reconnects by itself and says hello again.
  source.addEventListener('error', () => { secret = null; });
}

/** Closes the stream (signing out): what it held ends with it. */
export function closeStream() {
  if (source) source.close();
  source = null;
  secret = null;
  dispatch('hello', null);
}

/** Resolves with the stream's secret, opening the stream if need be. */
export function streamSecret() {
  openStream();
  if (secret) return Promise.resolve(secret);
  return new Promise((resolve, reject) => {
    waiting.push(resolve);
    setTimeout(() => reject(new Error('the event stream did not open; check your connection')), 10000);
  });
}

/** The stream's secret if it is open now, else null. */
export function currentSecret() { return secret; }
