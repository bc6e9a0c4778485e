// The rating plot's axes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { niceTicks, dateLabel } from '../static/plotaxes.js';

test('round ticks that cover the values', () => {
  assert.deepEqual(niceTicks(1480, 1620), [1450, 1500, 1550, 1600, 1650]);
  assert.deepEqual(niceTicks(1500, 1510), [1500, 1505, 1510]);
  assert.deepEqual(niceTicks(1500, 1500), [1490, 1500, 1510]); // one value
  for (const [lo, hi] of [[0, 3000], [1234, 1999], [800, 801]]) {
    const t = niceTicks(lo, hi);
    assert.ok(t[0] <= lo && t[t.length - 1] >= hi && t.length >= 2 && t.length <= 8, `${lo}-${hi}: ${t}`);
  }
});

test('dates on the axis', () => {
  assert.equal(dateLabel(Date.UTC(2025, 2, 3, 12)), '3 Mar 2025');
  assert.equal(dateLabel('2024-12-31T23:00:00Z'), '31 Dec 2024');
});
