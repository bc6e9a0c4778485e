// What the game screen reads from the server's state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SPECIAL, mine, myTurn, canPremove, cur, inSetup, seatLabel, dest, kindOf, dropSel, legalFromSel,
  ownSquares, premoveMoves, resultText, statusText, activeSeat, upperHalf, rounds, moveCells, answerNote, claimWait, greetsOpponent, rematchMove, rematchOffer,
} from '../static/play-state.js';

const ply = (seat, text) => ({ seat, text });

// A two-seat game in play, seat 0 (this browser's) to move.
function view(over = {}) {
  const st = {
    stage: 'play', toMove: 0, you: [0], seats: [{}, {}], seatNames: ['white', 'black'], waiting: [0],
    outcome: { over: false, winner: -1, results: ['', ''], reason: '' }, plies: [ply(0, 'e4'), ply(1, 'e5')],
    board: { pieces: [{ sq: 12, owner: 0, royal: false }, { sq: 4, owner: 0, royal: true }, { sq: 60, owner: 1, royal: true }] },
    legal: [
      { from: 12, to: 28, target: -1, text: 'e2e4' },
      { from: 12, to: 20, target: -1, text: 'e2e3' },
      { from: 4, to: 4, target: 60, text: 'e1xe8' }, // from afar: the piece stays
      { from: -1, to: 30, target: -1, drop: 'd', text: 'D@g4' },
      { from: -1, to: -1, target: 60, text: 'hex@e8' },
    ],
    ...over,
  };
  return { st, viewPly: null, sel: null };
}

test('whose turn, and premoves while another seat moves', () => {
  const v = view();
  assert.deepEqual(mine(v), [0]);
  assert.ok(myTurn(v));
  assert.ok(!canPremove(v));
  const theirs = view({ toMove: 1 });
  assert.ok(!myTurn(theirs));
  assert.ok(canPremove(theirs));
  assert.ok(!myTurn({ ...v, viewPly: 1 })); // looking at a past position
  assert.ok(!canPremove(view({ toMove: 1, outcome: { over: true, results: [] } })));
  assert.ok(!canPremove(view({ toMove: 1, you: [] }))); // a spectator
  assert.deepEqual(mine({ st: null }), []);
});

test('cur and inSetup', () => {
  assert.equal(cur(view()), 2);
  assert.equal(cur({ ...view(), viewPly: 1 }), 1);
  assert.ok(!inSetup(view()));
  assert.ok(inSetup(view({ stage: 'draft', setup: ['', ''] })));
  assert.ok(!inSetup(view({ stage: 'over', setup: ['', ''] })));
});

test('seatLabel numbers seats only where names could be confused', () => {
  const st = view().st;
  assert.equal(seatLabel(st, 1), 'Black');
  const four = { seats: [{}, {}, {}, {}], seatNames: ['human', 'undead', '', 'seat 4'] };
  assert.equal(seatLabel(four, 0), 'Human (seat 1)');
  assert.equal(seatLabel(four, 2), 'Seat 3');
  assert.equal(seatLabel(four, 3), 'Seat 4');
});

test('a move shown: its square and its mark', () => {
  const [push, , afar, drop, hex] = view().st.legal;
  assert.equal(dest(push), 28);
  assert.equal(kindOf(push), 'move');
  assert.equal(dest(afar), 60);
  assert.equal(kindOf(afar), 'afar');
  assert.equal(dest(drop), 30);
  assert.equal(kindOf(hex), 'afar');
  assert.equal(kindOf({ from: 1, to: 2, target: 2 }), 'capture');
});

test('selections and their moves', () => {
  const st = view().st;
  assert.deepEqual(dropSel('drop:1:D:2'), { seat: 1, letter: 'D', k: 2 });
  assert.equal(dropSel(12), null);
  assert.equal(dropSel(SPECIAL), null);
  assert.deepEqual(legalFromSel(st, 12).map(m => m.text), ['e2e4', 'e2e3']);
  assert.deepEqual(legalFromSel(st, 'drop:0:D:0').map(m => m.text), ['D@g4']);
  assert.deepEqual(legalFromSel(st, 'drop:1:D:0'), []); // not that seat's turn
  assert.deepEqual(legalFromSel(st, SPECIAL).map(m => m.text), ['hex@e8']); // aimed from no square
  assert.deepEqual(legalFromSel(st, null), []);
  assert.deepEqual([...ownSquares(view())], [12, 4]);
});

test('premoveMoves: what a queued move stands for when the turn comes', () => {
  const st = view().st;
  assert.deepEqual(premoveMoves(st, { from: 12, to: 28 }).map(m => m.text), ['e2e4']);
  assert.deepEqual(premoveMoves(st, { from: -1, drop: 'D', to: 30 }).map(m => m.text), ['D@g4']);
  assert.deepEqual(premoveMoves(st, { from: 12, to: 36 }), []);
});

test('status and result', () => {
  assert.equal(statusText(view()), 'White to move — your move');
  assert.equal(statusText(view({ toMove: 1, thinking: true })), 'Black to move (computer thinking…)');
  assert.equal(statusText(view({ stage: 'deploy', waiting: [0, 1] })), 'Deploy: waiting for White, Black');
  const won = { over: true, winner: 1, results: ['loss', 'win'], reason: 'checkmate' };
  assert.equal(statusText(view({ outcome: won })), 'Black wins — checkmate');
  assert.equal(resultText(view({ outcome: { over: true, winner: -1, results: ['draw', 'draw'], reason: 'stalemate' } }).st), 'Draw — stalemate');
  assert.equal(resultText(view({ outcome: { over: true, winner: -1, results: ['draw', 'loss'], reason: 'agreement' } }).st), 'Game over — agreement');
});

test('activeSeat: the held seat that has to act first', () => {
  assert.equal(activeSeat(view({ you: [0, 1], waiting: [1] })), 1);
  assert.equal(activeSeat(view({ you: [0, 1], waiting: [] })), 0);
});

test('upperHalf: by the zone, else the royal pieces', () => {
  const geometry = { files: 8, ranks: 8, levels: 1 };
  const st = view({ board: { geometry, pieces: [{ sq: 60, owner: 1, royal: true }, { sq: 4, owner: 0, royal: true }] } }).st;
  assert.equal(upperHalf(st, 1), true);
  assert.equal(upperHalf(st, 0), false);
  assert.equal(upperHalf({ ...st, help: [{ zone: [56, 57] }] }, 0), true);
  assert.equal(upperHalf({ ...st, board: { geometry, pieces: [] } }, 0), null);
});

test('rounds: a new round when the seats come round', () => {
  assert.deepEqual(rounds([]), []);
  assert.deepEqual(rounds([ply(0), ply(1), ply(0), ply(1), ply(0)]), [1, 1, 2, 2, 3]);
  // Four seats with the second out: 0, 2, 3 make a round.
  assert.deepEqual(rounds([ply(0), ply(2), ply(3), ply(0), ply(2)]), [1, 1, 1, 2, 2]);
});

test('moveCells: a grid of a round number and a cell a seat', () => {
  const row = cells => cells.map(c => c === null ? '_' : c.n ? `${c.n}.` : `${c.ply}@${c.round}`).join(' ');
  assert.equal(row(moveCells([ply(0), ply(1), ply(0)], 2)), '1. 0@1 1@1 2. 2@2');
  // Seat 1 is out: a round's moves fill its row in turn, the row padded at its end.
  assert.equal(row(moveCells([ply(0), ply(2), ply(0), ply(2)], 3)), '1. 0@1 1@1 _ 2. 2@2 3@2');
  // A game that starts with the second seat (a position set up with it to move).
  assert.equal(row(moveCells([ply(1), ply(0)], 2)), '1. _ 0@1 2. 1@2');
  assert.deepEqual(moveCells([], 2), []);
});

test('an aborted game reads aborted, not drawn', () => {
  const st = view({ outcome: { over: true, aborted: true, winner: -1, results: ['ongoing', 'ongoing'], reason: 'aborted' } }).st;
  assert.equal(resultText(st), 'Aborted');
  st.outcome.reason = 'aborted: a player did not make a first move';
  assert.equal(resultText(st), 'Aborted — a player did not make a first move');
  assert.equal(resultText(view({ outcome: { over: true, winner: -1, results: ['draw', 'draw'], reason: 'agreement' } }).st), 'Draw — agreement');
});

test('a declined offer is told to the one who made it', () => {
  const before = { id: 'g', you: [0], outcome: { over: false }, plies: [1, 2], drawOffers: [0], takeback: -1 };
  const after = { ...before, drawOffers: undefined };
  assert.equal(answerNote(before, after), 'Your draw offer was declined.');
  assert.equal(answerNote(before, { ...after, plies: [1, 2, 3] }), ''); // a move cleared it
  assert.equal(answerNote(before, { ...after, outcome: { over: true } }), ''); // accepted: the game is over
  assert.equal(answerNote(before, before), '');
  assert.equal(answerNote({ ...before, you: [1] }, { ...after, you: [1] }), ''); // the other seat's offer
  const asked = { ...before, drawOffers: undefined, takeback: 0 };
  assert.equal(answerNote(asked, { ...asked, takeback: -1 }), 'Your takeback request was refused.');
  assert.equal(answerNote(asked, { ...asked, takeback: -1, plies: [1] }), ''); // granted
  assert.equal(answerNote(null, after), '');
});

test('the players follow a rematch when it begins, not a page opened later', () => {
  const over = { id: 'g', you: [1], outcome: { over: true }, rematchYes: [0, 1] };
  assert.equal(rematchMove(over, { ...over, rematch: 'n' }), 'n');
  assert.equal(rematchMove(null, { ...over, rematch: 'n' }), ''); // opened after it began
  assert.equal(rematchMove({ ...over, rematch: 'n' }, { ...over, rematch: 'n' }), '');
  assert.equal(rematchMove({ ...over, you: [] }, { ...over, you: [], rematch: 'n' }), ''); // a spectator
  assert.equal(rematchMove({ ...over, id: 'h' }, { ...over, rematch: 'n' }), '');
});

test('a rematch offer says who asks, who is asked, and who declined', () => {
  const label = i => ['White', 'Black'][i];
  const st = { you: [0], seats: [{ kind: 'local' }, { kind: 'invite' }], rematchNo: -1 };
  assert.deepEqual(rematchOffer(st, label), { text: '', answer: false });
  assert.deepEqual(rematchOffer({ ...st, rematchYes: [1] }, label), { text: 'Black asks for a rematch.', answer: true });
  assert.deepEqual(rematchOffer({ ...st, rematchYes: [0] }, label), { text: 'Rematch asked: waiting for Black.', answer: false });
  assert.deepEqual(rematchOffer({ ...st, rematchNo: 1 }, label), { text: 'Black declined the rematch.', answer: false });
  assert.deepEqual(rematchOffer({ ...st, you: [], rematchYes: [1] }, label), { text: 'Black asks for a rematch.', answer: false }); // a spectator
  assert.deepEqual(rematchOffer({ ...st, rematchYes: [1], rematch: 'n' }, label), { text: '', answer: false });
});

test('a claim counts down until it is allowed', () => {
  const st = { stage: 'play', seats: [{}, {}], present: [true, false], goneMs: [0, 1000], claimAfterMs: 5000, receivedAt: 10000 };
  assert.deepEqual(claimWait(st, 0, 11000), { wait: 3000 });
  assert.deepEqual(claimWait(st, 0, 20000), { wait: 0 });
  assert.equal(claimWait({ ...st, present: [true, true] }, 0, 11000), null); // the opponent is here
  assert.equal(claimWait({ ...st, stage: 'draft' }, 0, 11000), null);
  const three = { ...st, seats: [{}, {}, {}], present: [true, false, false], goneMs: [0, 4000, 500] };
  assert.deepEqual(claimWait(three, 0, 10000), { wait: 4500 }); // the last to leave decides
});

test('the chat invites a greeting only with a person to greet', () => {
  const st = (you, kinds, over = false) => ({ you, seats: kinds.map(kind => ({ kind })), outcome: { over } });
  assert.ok(greetsOpponent(st([0], ['invite', 'invite'])));
  assert.ok(!greetsOpponent(st([0, 1], ['local', 'local']))); // one screen: hotseat
  assert.ok(!greetsOpponent(st([0], ['local', 'computer']))); // the computer
  assert.ok(!greetsOpponent(st([0], ['invite', 'invite'], true))); // after the game
  assert.ok(!greetsOpponent(st([], ['invite', 'invite']))); // a spectator
  assert.ok(greetsOpponent(st([0], ['local', 'computer', 'open'])));
});
