// How long an action waits for the server's answer. A server that froze
// after taking a move may apply it much later, when the player has long
// given up; the page gives up first and reconnects, so that it shows the
// game as the server has it rather than waiting on a dead connection.

/** How long (ms) a sent move waits for its ack or error. */
export const ANSWER_WAIT = 5000;

/**
 * A watch over the actions waiting for an answer: sent(id) starts one's
 * wait, answered(id) ends it, clear() forgets them all (the connection
 * ended). When any waits longer than wait ms, giveUp() is called once and
 * every wait is forgotten. timers replaces setTimeout and clearTimeout
 * (tests).
 */
export function answerWatch(giveUp, wait = ANSWER_WAIT, timers = globalThis) {
  const waiting = new Map(); // message id -> timer
  function clear() {
    for (const t of waiting.values()) timers.clearTimeout(t);
    waiting.clear();
  }
  return {
    sent(id) {
      waiting.set(id, timers.setTimeout(() => { clear(); giveUp(); }, wait));
    },
    answered(id) {
      const t = waiting.get(id);
      if (t === undefined) return;
      timers.clearTimeout(t);
      waiting.delete(id);
    },
    clear,
    /** How many actions wait for an answer. */
    get size() { return waiting.size; },
  };
}
