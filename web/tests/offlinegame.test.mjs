// Offline games: kept in the browser's storage, written as PGN records.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const mem = new Map();
globalThis.localStorage = { getItem: k => mem.get(k) ?? null, setItem: (k, v) => mem.set(k, String(v)) };
const { savedGames, saveGame, loadGame, removeGame, recordText, levelLimits } = await import('../static/offlinegame.js');

test('games are kept newest first, replaced by id, removed', () => {
  saveGame({ id: 'a', game: 'x', moves: [] });
  saveGame({ id: 'b', game: 'x', moves: [] });
  saveGame({ id: 'a', game: 'x', moves: [{ text: 'e2e4' }] });
  assert.deepEqual(savedGames().map(g => g.id), ['a', 'b']);
  assert.equal(loadGame('a').moves.length, 1);
  removeGame('a');
  assert.equal(loadGame('a'), null);
});

test('recordText: roster, set position, numbered moves, result', () => {
  const r = recordText({ game: 'chess', seat: 0, start: '', over: true, reason: 'checkmate', results: ['win', 'loss'],
    moves: [{ text: 'f2f3', san: 'f3', seat: 0 }, { text: 'e7e5', san: 'e5', seat: 1 }, { text: 'g2g4', san: 'g4', seat: 0 }] }, new Date(Date.UTC(2026, 0, 2)));
  assert.match(r, /^\[Event "[^"]+"\]\n\[Site "wyrm"\]\n\[Date "2026\.01\.02"\]\n\[Round "-"\]\n\[White "You"\]\n\[Black "Computer"\]\n\[Result "1-0"\]\n\[Game "chess"\]\n\[Reason "checkmate"\]\n\n1\. f3 e5 2\. g4 1-0\n$/);
  const b = recordText({ game: 'g', seat: 1, start: 'POS', over: false, moves: [{ text: 'a', seat: 1 }, { text: 'b', seat: 0 }] });
  assert.match(b, /\[SetUp "1"\]\n\[FEN "POS"\]/);
  assert.match(b, /\n1\.\.\. a 2\. b \*\n$/);
});

test('recordText: long games wrap at 79 without splitting a number from its move', () => {
  const moves = Array.from({ length: 60 }, (_, i) => ({ text: 'abcdef', seat: i % 2 }));
  const body = recordText({ game: 'g', seat: 0, moves }).split('\n\n')[1];
  for (const l of body.trim().split('\n')) {
    assert.ok(l.length <= 79, l);
    assert.ok(!/\d\.$/.test(l), 'a number ends the line: ' + l);
  }
});

test('recordText: four seats name the seats, results in Results', () => {
  const r = recordText({ game: 'g', seat: 2, seatNames: ['a', 'b', 'c', 'd'], over: true, results: ['loss', 'loss', 'win', 'loss'], moves: [] });
  assert.match(r, /\[White "\?"\]\n\[Black "\?"\]\n\[Result "\*"\]\n\[Seat1 "Computer"\]\n\[Seat2 "Computer"\]\n\[Seat3 "You"\]/);
  assert.match(r, /\[Results "loss,loss,win,loss"\]/);
});

test('levelLimits grow with the level, clamped to 1..8', () => {
  assert.deepEqual(levelLimits(0), levelLimits(1));
  assert.ok(levelLimits(8).depth > levelLimits(1).depth);
});
