// How a seat's player reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ratingText, changeText, playerText } from '../static/players.js';

test('ratingText', () => {
  assert.equal(ratingText({ name: 'Guest' }), '');
  assert.equal(ratingText({ name: 'alice', rating: 1500, provisional: true }), '1500?');
  assert.equal(ratingText({ name: 'bob', rating: 1623 }), '1623');
});

test('changeText', () => {
  assert.equal(changeText({ rating: 1500 }), '');
  assert.equal(changeText({ rating: 1500, ratingChange: 12 }), '+12');
  assert.equal(changeText({ rating: 1500, ratingChange: -8 }), '\u22128');
  assert.equal(changeText({ rating: 1500, ratingChange: 0 }), '\u00b10');
});

test('playerText', () => {
  assert.equal(playerText({ name: 'Guest' }), 'Guest');
  assert.equal(playerText({ name: 'Computer level 3' }), 'Computer level 3');
  assert.equal(playerText({ name: 'alice', rating: 1500, provisional: true }), 'alice (1500?)');
  assert.equal(playerText({ name: 'robo', rating: 1712, bot: true, ratingChange: -5 }), 'robo (1712) BOT \u22125');
});
