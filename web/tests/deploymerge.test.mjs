// "Suggest" in deployment keeps the units placed by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeSuggestion } from '../static/deploymerge.js';

test('hand-placed units stay; the suggestion fills the rest', () => {
  const zone = [0, 1, 2, 3, 4, 5];
  const suggestion = new Map([[0, 'K'], [1, 'P'], [2, 'P'], [3, 'W']]);
  // The King by hand on 5: kept there; the suggestion's King square stays free.
  const got = mergeSuggestion(new Map([[5, 'K']]), suggestion, ['P', 'P', 'W'], zone);
  assert.deepEqual([...got].sort((a, b) => a[0] - b[0]), [[1, 'P'], [2, 'P'], [3, 'W'], [5, 'K']]);
  // A Pawn by hand on the suggestion's Wizard square: the Wizard moves to a free square.
  const moved = mergeSuggestion(new Map([[3, 'P']]), suggestion, ['K', 'P', 'W'], zone);
  assert.equal(moved.get(3), 'P');
  assert.equal(moved.size, 4);
  assert.deepEqual([...moved.values()].sort(), ['K', 'P', 'P', 'W']);
  // Nothing placed: the suggestion as it is.
  assert.deepEqual(mergeSuggestion(new Map(), suggestion, ['K', 'P', 'P', 'W'], zone), suggestion);
});
