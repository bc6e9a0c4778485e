// The puzzle page's line and what the browser keeps for a guest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judge, change } from '../static/puzzle-line.js';
import { guestRating, setGuestRating, bestStreak, noteStreak, seen, noteSeen, maxSeen } from '../static/puzzle-store.js';

const line = ['d2d8', 'g8f8', 'd8c7'];

test('judge', () => {
  assert.equal(judge(line, 0, 'd2d8'), 'right');
  assert.equal(judge(line, 0, 'd2d7'), 'wrong');
  assert.equal(judge(line, 2, 'd8c7'), 'solved');
  assert.equal(judge(line, 3, 'd8c7'), 'wrong');
  assert.equal(judge(['a1a8'], 0, 'a1a8'), 'solved');
});

test('change', () => {
  assert.equal(change(1500, 1512.4), '+12');
  assert.equal(change(1500, 1492.6), '−7');
  assert.equal(change(1500.2, 1499.8), '±0');
});

function memory() {
  const m = new Map();
  return { getItem: k => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)) };
}

test('guest storage', () => {
  const s = memory();
  assert.equal(guestRating(s, 'g'), null);
  setGuestRating(s, 'g', { rating: 1600, rd: 200, volatility: 0.06 });
  assert.deepEqual(guestRating(s, 'g'), { rating: 1600, rd: 200, volatility: 0.06 });
  assert.equal(guestRating(s, 'h'), null);
  s.setItem('wyrm.puzzle.rating.bad', '{"rating":"x"}');
  assert.equal(guestRating(s, 'bad'), null);
  assert.equal(noteStreak(s, 'g', 3), 3);
  assert.equal(noteStreak(s, 'g', 1), 3);
  assert.equal(bestStreak(s, 'g'), 3);
  for (let i = 0; i < maxSeen + 5; i++) noteSeen(s, 'g', `p${i}`);
  noteSeen(s, 'g', 'p10'); // again: moved to the end, not doubled
  const got = seen(s, 'g');
  assert.equal(got.length, maxSeen);
  assert.equal(got.at(-1), 'p10');
  assert.equal(got.filter(x => x === 'p10').length, 1);
});
