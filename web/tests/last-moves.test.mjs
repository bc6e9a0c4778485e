// The last moves the game screen marks: one in a game of two, every
// opponent's in a game of more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastPlies } from '../static/play-state.js';

const plies = seats => seats.map((seat, i) => ({ seat, text: 'm' + i }));

test('a game of two marks the last move only', () => {
  assert.deepEqual(lastPlies(plies([0, 1, 0, 1]), 4, 1).map(p => p.text), ['m3']);
  assert.deepEqual(lastPlies(plies([0, 1, 0, 1]), 2, 1).map(p => p.text), ['m1']);
  assert.deepEqual(lastPlies([], 0, 1), []);
});

test('a game of four marks each other seat\'s move since the seat to move moved', () => {
  // Seat 0 to move after a full round: seats 3, 2 and 1.
  assert.deepEqual(lastPlies(plies([0, 1, 2, 3, 0, 1, 2, 3]), 8, 3).map(p => p.text), ['m7', 'm6', 'm5']);
  // Early in the game, fewer moves than seats.
  assert.deepEqual(lastPlies(plies([0, 1]), 2, 3).map(p => p.text), ['m1', 'm0']);
  // Looking back at an earlier position.
  assert.deepEqual(lastPlies(plies([0, 1, 2, 3, 0, 1]), 5, 3).map(p => p.text), ['m4', 'm3', 'm2']);
});

test('a seat out of the game shortens the round, never marking a seat twice', () => {
  // Seat 2 is out: seats 0, 1, 3 play; seat 0 to move sees 3 and 1.
  assert.deepEqual(lastPlies(plies([0, 1, 3, 0, 1, 3]), 6, 2).map(p => p.text), ['m5', 'm4']);
  // A count too large still stops at a seat's earlier move.
  assert.deepEqual(lastPlies(plies([0, 1, 3, 0, 1, 3]), 6, 3).map(p => p.text), ['m5', 'm4', 'm3']);
  assert.deepEqual(lastPlies(plies([0, 1, 0]), 3, 3).map(p => p.text), ['m2', 'm1']);
});
