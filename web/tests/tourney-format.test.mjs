import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clockText, countdown, kindText, scoreText, phase, ordinal } from '../static/tourney-format.js';

test('clocks as minutes and seconds a move', () => {
  assert.equal(clockText({ initialMs: 180000, incrementMs: 2000 }), '3+2');
  assert.equal(clockText({ initialMs: 30000, incrementMs: 0 }), '0.5+0');
});

test('countdowns never go below zero and show hours when there are some', () => {
  assert.equal(countdown(7000), '0:07');
  assert.equal(countdown(249000), '4:09');
  assert.equal(countdown(3725000), '1:02:05');
  assert.equal(countdown(-5000), '0:00');
});

test('kinds and scores', () => {
  assert.equal(kindText({ kind: 'swiss', rounds: 1, seats: 2 }), 'Swiss, 1 round');
  assert.equal(kindText({ kind: 'arena', minutes: 60, seats: 4 }), 'Arena, 60 minutes, 4 players a game');
  assert.equal(scoreText('swiss', 5), '2½');
  assert.equal(scoreText('swiss', 4), '2');
  assert.equal(scoreText('arena', 9), '9');
});

test('the countdown counts to the start, then to an arena\'s end', () => {
  assert.deepEqual(phase({ status: 'created', startsAt: 5 }, 0), { label: 'Starts in', at: 5 });
  assert.deepEqual(phase({ status: 'started', kind: 'arena', endsAt: 9 }, 0), { label: 'Ends in', at: 9 });
  assert.equal(phase({ status: 'started', kind: 'swiss' }, 0), null);
  assert.equal(phase({ status: 'finished', kind: 'arena', endsAt: 9 }, 0), null);
});

test('places as ordinals', () => {
  assert.equal(ordinal(1), '1st');
  assert.equal(ordinal(2), '2nd');
  assert.equal(ordinal(3), '3rd');
  assert.equal(ordinal(11), '11th');
  assert.equal(ordinal(22), '22nd');
  assert.equal(ordinal(104), '104th');
});
