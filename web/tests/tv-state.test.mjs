import test from 'node:test';
import assert from 'node:assert/strict';
import { matchText, watchingText, channelText, sides, secondsToNext } from '../static/tv-state.js';

const acc = (name, rating, provisional = false) => ({ kind: 'open', name, rating, provisional, taken: true });

test('a featured game names its players with their ratings', () => {
  assert.equal(matchText({ seats: [acc('alice', 1620), acc('bob', 1500, true)] }), 'alice (1620) vs bob (1500?)');
  assert.equal(matchText({ seats: [acc('alice', 1620), { kind: 'computer', level: 3, name: 'Computer level 3', taken: true }] }), 'alice (1620) vs Computer level 3');
  assert.equal(matchText({ seats: [{ kind: 'local', name: 'Guest', taken: true }, { ...acc('rob', 1700), bot: true }] }), 'Guest vs rob (1700) BOT');
  assert.equal(matchText(null), '');
});

test('a channel with nothing on says so', () => {
  assert.equal(channelText({ game: 'g', featured: null }), 'Nothing is being played right now.');
  assert.equal(channelText({ game: 'g', featured: { seats: [acc('a', 1500), acc('b', 1400)] } }), 'a (1500) vs b (1400)');
});

test('spectators read as a count', () => {
  assert.equal(watchingText(0), 'no spectators');
  assert.equal(watchingText(undefined), 'no spectators');
  assert.equal(watchingText(1), '1 watching');
  assert.equal(watchingText(12), '12 watching');
});

test('the first seat stands at the bottom unless the channel is turned', () => {
  assert.deepEqual(sides(2, false), { bottom: [0], top: [1] });
  assert.deepEqual(sides(2, true), { bottom: [1], top: [0] });
  assert.deepEqual(sides(4, false), { bottom: [0], top: [1, 2, 3] });
  assert.deepEqual(sides(3, true), { bottom: [0], top: [1, 2] });
});

test('the next game comes on when the pause is over', () => {
  const ch = { featured: { id: 'x' }, until: 10_000 };
  assert.equal(secondsToNext(ch, 5_500), 5);
  assert.equal(secondsToNext(ch, 10_500), 0);
  assert.equal(secondsToNext({ featured: { id: 'x' } }, 0), 0);
  assert.equal(secondsToNext({ featured: null, until: 9 }, 0), 0);
});
