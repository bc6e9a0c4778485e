// How a clock reads, from tenths of a second to days.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatClock } from '../static/clockfmt.js';

test('formatClock', () => {
  for (const [ms, want] of [
    [-500, '0:00.0'], // run out: never below zero
    [0, '0:00.0'],
    [7450, '0:07.4'], // tenths under ten seconds
    [9999, '0:09.9'],
    [10000, '0:10'],
    [65000, '1:05'],
    [59 * 60000 + 59000, '59:59'],
    [3600000, '1:00:00'],
    [3723000, '1:02:03'],
    [24 * 3600000 - 1, '23:59:59'],
    [24 * 3600000, '1 day'], // over a day: days and hours
    [3 * 86400000 + 5 * 3600000 + 59 * 60000, '3 days 5 h'],
  ]) assert.equal(formatClock(ms), want, `formatClock(${ms})`);
});

test('formatClock of a correspondence clock', () => {
  for (const [ms, want] of [
    [24 * 3600000 - 3000, '1 day'], // a fresh "1 day a move", not 23:59:57
    [2 * 86400000 - 1, '2 days'],
    [36 * 3600000, '1 day 12 h'],
    [7 * 3600000 + 19 * 60000 + 5000, '7 h 20 min'],
    [5 * 3600000, '5 h'],
    [59 * 60000, '59:00'], // the last hour as a clock
    [9000, '0:09.0'],
  ]) assert.equal(formatClock(ms, true), want, `formatClock(${ms}, true)`);
});
