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
    [24 * 3600000, '1d 0h'], // correspondence: days and hours
    [3 * 86400000 + 5 * 3600000 + 59 * 60000, '3d 5h'],
  ]) assert.equal(formatClock(ms), want, `formatClock(${ms})`);
});
