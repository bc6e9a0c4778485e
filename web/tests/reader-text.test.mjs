// The screen-reader mode's sentences and its reading of typed text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describePly, piecesText, attackersText, lastText, readInput } from '../static/reader-text.js';

const names = ['a1', 'b1', 'a2', 'b2', 'x1', 'x2', 'y1', 'y2'];
const geometry = { levels: 2, files: 2, ranks: 2, levelNames: ['Sky', 'Ground'], squareNames: names };
const seat = i => ['White', 'Black'][i];
const board = (pieces, check) => ({ geometry, pieces, check });
const K = (sq, owner, name = 'King') => ({ sq, owner, name, letter: 'K' });

test('describePly: a move, a capture, a capture from afar, a drop, a promotion, check', () => {
  const b0 = board([K(0, 0, 'Knight'), K(3, 1, 'Pawn')]);
  assert.equal(describePly({ seat: 0, from: 0, to: 2, target: -1, text: 'a1a2' }, b0, board([K(2, 0, 'Knight'), K(3, 1, 'Pawn')]), names, seat),
    'White: Knight a1 to a2 (a1a2)');
  assert.equal(describePly({ seat: 0, from: 0, to: 3, target: 3, text: 'a1b2', san: 'Nxb2' }, b0, board([K(3, 0, 'Knight')], [3]), names, seat),
    'White: Knight a1 takes Pawn on b2, check (Nxb2)');
  assert.equal(describePly({ seat: 0, from: 0, to: -1, target: 3, text: 'a1xb2' }, b0, null, names, seat),
    'White: Knight a1 takes Pawn on b2 from afar (a1xb2)');
  assert.equal(describePly({ seat: 1, from: -1, to: 1, target: -1, drop: 'D', text: 'D@b1' }, null, board([K(1, 1, 'Wyvern')]), names, seat),
    'Black: Wyvern dropped on b1 (D@b1)');
  assert.equal(describePly({ seat: 1, from: 3, to: 1, target: -1, text: 'b2b1q' }, b0, board([K(1, 1, 'Queen')]), names, seat),
    'Black: Pawn b2 to b1, becomes Queen (b2b1q)');
  // Without the board before it, the sentence still names the squares.
  assert.equal(describePly({ seat: 1, from: 3, to: 1, target: -1, text: 'b2b1' }, null, null, names, seat), 'Black: Piece b2 to b1 (b2b1)');
});

test('piecesText: the board by seat, one level by name or number', () => {
  const b = board([K(0, 0), K(5, 1, 'Wyvern'), K(1, 0, 'Rook')]);
  assert.equal(piecesText(b, seat), 'On the board: White: King a1, Rook b1. Black: Wyvern x2.');
  assert.equal(piecesText(b, seat, 'ground'), 'On Ground: Black: Wyvern x2.');
  assert.equal(piecesText(b, seat, '1'), 'On Sky: White: King a1, Rook b1.');
  assert.match(piecesText(b, seat, 'moon'), /^No level moon\. The levels: Sky, Ground\.$/);
});

test('attackersText: from the legal moves of the side to move', () => {
  const b = board([K(0, 0, 'Rook'), K(3, 1, 'Pawn'), K(2, 0, 'Bishop')]);
  const legal = [{ from: 0, to: 3, target: 3 }, { from: 2, to: -1, target: 3 }, { from: 0, to: 1, target: -1 }, { from: -1, to: 3, target: -1, drop: 'D' }];
  assert.equal(attackersText(b, legal, 3, seat, 0), "b2, Black's Pawn: White can move there with Rook a1, Bishop a2, a drop from hand (D).");
  assert.equal(attackersText(b, legal, 4, seat, 0), 'x1, empty: no piece of White can move there now.');
});

test('lastText: the last n plies with their round', () => {
  const plies = [{ seat: 0, text: 'e2e4', san: 'e4' }, { seat: 1, text: 'e7e5' }, { seat: 0, text: 'g1f3', san: 'Nf3' }];
  assert.equal(lastText(plies, 2, seat, [1, 1, 2]), '1. Black: e7e5; 2. White: Nf3.');
  assert.equal(lastText([], 3, seat, []), 'No moves yet.');
});

test('readInput: moves by notation or squares, commands, errors', () => {
  const legal = [{ text: 'a1a2', san: 'Ra2', from: 0, to: 2, target: -1 }, { text: 'a1b2=Q', from: 0, to: 3, target: -1 }, { text: 'a1b2=N', from: 0, to: 3, target: -1 },
    { text: 'c', from: 1, to: 0, target: -1 }];
  assert.equal(readInput('Ra2', legal, names).move, legal[0]);
  assert.equal(readInput('ra2', legal, names).move, legal[0]);
  assert.equal(readInput('a1 a2', legal, names).move, legal[0]);
  assert.equal(readInput('A1-A2', legal, names).move, legal[0]);
  assert.equal(readInput('a1 b2', legal, names).choices.length, 2);
  assert.match(readInput('a2 a1', legal, names).error, /No legal move from a2 to a1/);
  // A move spelled like a command is the move.
  assert.equal(readInput('c', legal, names).move, legal[3]);
  assert.deepEqual(readInput('c', [], names), { command: 'c', arg: '' });
  assert.deepEqual(readInput('pieces Sky', [], names), { command: 'p', arg: 'Sky' });
  assert.deepEqual(readInput('a  b2', [], names), { command: 'a', arg: 'b2' });
  assert.deepEqual(readInput('last 5', [], names), { command: 'l', arg: '5' });
  assert.match(readInput('zz', legal, names).error, /neither a legal move/);
});
