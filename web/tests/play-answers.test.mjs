// The page gives up on an action the server does not answer in time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerWatch } from '../static/play-answers.js';

// Timers run by hand: advance(ms) fires what is due.
function fakeTimers() {
  let now = 0, next = 1;
  const due = new Map();
  return {
    setTimeout(fn, ms) { due.set(next, { at: now + ms, fn }); return next++; },
    clearTimeout(id) { due.delete(id); },
    advance(ms) {
      now += ms;
      for (const [id, t] of [...due]) if (t.at <= now && due.has(id)) { due.delete(id); t.fn(); }
    },
  };
}

test('an answered move never gives up', () => {
  const timers = fakeTimers();
  let gaveUp = 0;
  const w = answerWatch(() => gaveUp++, 5000, timers);
  w.sent(1);
  timers.advance(4000);
  w.answered(1);
  timers.advance(10000);
  assert.equal(gaveUp, 0);
  assert.equal(w.size, 0);
});

test('an unanswered move gives up once, whatever else waits', () => {
  const timers = fakeTimers();
  let gaveUp = 0;
  const w = answerWatch(() => gaveUp++, 5000, timers);
  w.sent(1);
  timers.advance(1000);
  w.sent(2);
  timers.advance(4000); // 1 is due
  assert.equal(gaveUp, 1);
  assert.equal(w.size, 0, 'every wait is forgotten on giving up');
  timers.advance(10000);
  assert.equal(gaveUp, 1, '2 does not give up again');
  w.answered(2); // a late answer is harmless
});

test('clear forgets the waits of a connection that ended', () => {
  const timers = fakeTimers();
  let gaveUp = 0;
  const w = answerWatch(() => gaveUp++, 5000, timers);
  w.sent(1);
  w.clear();
  timers.advance(10000);
  assert.equal(gaveUp, 0);
});
