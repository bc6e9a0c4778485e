// What the game screen reads from the server's state, apart from the page:
// whose turn it is, what a seat is called, what a selection may play, how
// the status and the result read, how the move list is laid out. Pure, so
// that node's test runner checks it.
//
// v is the screen's view: {st, viewPly, sel, ...}; st is the last state
// the server sent (null before the first), viewPly a past position being
// looked at (null: the latest).

/** The selection of the moves aimed at a unit from no square (a hex). */
export const SPECIAL = '@special';

/** The seats this browser holds. */
export const mine = v => v.st ? v.st.you : [];

/** Whether one of this browser's seats is to move in the latest position. */
export const myTurn = v => v.st && v.viewPly === null && v.st.stage === 'play' && mine(v).includes(v.st.toMove);

/** Whether a move may be queued while another seat moves (a premove). */
export const canPremove = v => v.st && v.viewPly === null && v.st.stage === 'play' && !v.st.outcome.over && mine(v).length > 0 && !mine(v).includes(v.st.toMove);

/** The ply shown: viewPly, or the latest. */
export const cur = v => v.viewPly === null ? v.st.plies.length : v.viewPly;

/** Whether the game is in a setup stage (a draft, a deployment). */
export const inSetup = v => v.st && v.st.setup && v.st.stage !== 'play' && v.st.stage !== 'over';

/** Seat i's name as the game gives it in every stage ("White", "Human",
 * "seat 2"), with its number where more than two seats could be confused. */
export function seatLabel(st, i) {
  const given = (st.seatNames && st.seatNames[i]) || `seat ${i + 1}`;
  const name = given[0].toUpperCase() + given.slice(1);
  return st.seats.length === 2 || /^seat \d+$/i.test(given) ? name : `${name} (seat ${i + 1})`;
}

/** The square a move is shown going to: its destination, or for a capture
 * from afar its target. */
export const dest = m => (m.to >= 0 && m.to !== m.from) ? m.to : m.target;

/** How a move's target is marked: 'afar', 'capture' or 'move'. */
export const kindOf = m => (m.to < 0 || m.to === m.from) && m.target >= 0 ? 'afar' : m.target >= 0 ? 'capture' : 'move';

/** A selected hand piece, "drop:<seat>:<letter>:<place in the hand>", read
 * as {seat, letter, k}; null for any other selection. */
export function dropSel(sel) {
  if (typeof sel !== 'string' || !sel.startsWith('drop:')) return null;
  const [, seat, letter, k] = sel.split(':');
  return { seat: Number(seat), letter, k: Number(k) };
}

/** The legal moves of the selection sel: a square's, a hand piece's, or
 * those aimed at a unit (SPECIAL). */
export function legalFromSel(st, sel) {
  if (!st.legal || sel === null) return [];
  if (sel === SPECIAL) return st.legal.filter(m => m.from < 0 && !m.drop && m.target >= 0);
  const d = dropSel(sel);
  if (d) return d.seat === st.toMove ? st.legal.filter(m => m.drop && m.drop.toUpperCase() === d.letter) : [];
  return st.legal.filter(m => m.from === sel && !m.drop);
}

/** The squares of the pieces of this browser's seats. */
export const ownSquares = v => new Set((v.st.board ? v.st.board.pieces : []).filter(p => mine(v).includes(p.owner)).map(p => p.sq));

/** The legal moves a queued premove p ({from, to} or {drop, to}) stands for now. */
export function premoveMoves(st, p) {
  return st.legal.filter(m => p.drop ? m.drop && m.drop.toUpperCase() === p.drop && dest(m) === p.to : m.from === p.from && !m.drop && dest(m) === p.to);
}

/**
 * The plies marked as last moves in the position after the first n plies:
 * the latest ply of each seat still playing, newest first, back to a
 * seat's earlier move (at most one a seat, and count in all: the seats
 * still in, less one). In a game of two that is the last move; in one of
 * more, every opponent's move since the one to move last moved.
 */
export function lastPlies(plies, n, count) {
  const out = [], seen = new Set();
  for (let i = n - 1; i >= 0 && out.length < Math.max(1, count); i--) {
    if (seen.has(plies[i].seat)) break;
    seen.add(plies[i].seat);
    out.push(plies[i]);
  }
  return out;
}

/** "White wins — checkmate", "Draw — stalemate", "Aborted". */
export function resultText(st) {
  const o = st.outcome;
  if (o.aborted) return o.reason && o.reason !== 'aborted' ? `Aborted — ${o.reason.replace(/^aborted: /, '')}` : 'Aborted';
  if (o.winner >= 0) return `${seatLabel(st, o.winner)} wins — ${o.reason}`;
  if (o.results.every(r => r === 'draw' || r === 'eliminated')) return `Draw — ${o.reason}`;
  return `Game over — ${o.reason}`;
}

/** The status line of the latest position: the result, the setup stage and
 * who it waits for, or who is to move. */
export function statusText(v) {
  const st = v.st;
  if (st.outcome.over) return resultText(st);
  if (st.stage !== 'play') {
    const w = st.waiting.map(i => seatLabel(st, i)).join(', ');
    return `${st.stage[0].toUpperCase() + st.stage.slice(1)}: waiting for ${w}`;
  }
  const you = mine(v).includes(st.toMove) ? ' — your move' : '';
  return `${seatLabel(st, st.toMove)} to move${you}${st.thinking ? ' (computer thinking…)' : ''}`;
}

/** The held seat whose setup screen shows: the first that has to act, else the first held. */
export function activeSeat(v) {
  const me = mine(v);
  return me.find(i => v.st.waiting.includes(i)) ?? me[0];
}

/**
 * Whether a game of more than two seats is best seen turned round by seat:
 * true when the seat's deployment zone, or else its royal pieces, lie in
 * the board's upper half; null while the state shows neither.
 */
export function upperHalf(st, seat) {
  const g = st.board && st.board.geometry;
  const help = st.help && st.help[seat];
  let sqs = help && help.zone ? help.zone : [];
  if (!sqs.length && st.board) sqs = st.board.pieces.filter(p => p.owner === seat && p.royal).map(p => p.sq);
  if (!g || !sqs.length) return null;
  const per = g.files * g.ranks;
  const avg = sqs.reduce((n, sq) => n + Math.floor((sq % per) / g.files), 0) / sqs.length;
  return avg > (g.ranks - 1) / 2;
}

/** The number of the round each ply belongs to, as the move list counts them. */
export function rounds(plies) {
  const out = [];
  let r = 0;
  plies.forEach((p, i) => { if (i === 0 || p.seat <= plies[i - 1].seat) r++; out.push(r); });
  return out;
}

/**
 * The move list's cells, row by row in a grid of a round number and cols
 * seats: {n} a round's number, null an empty cell (a seat that did not
 * move), {ply, round} the ply at index ply. A round starts again when the
 * seats come round or a row is full.
 */
export function moveCells(plies, cols) {
  const out = [];
  let round = 0, col = cols;
  plies.forEach((p, i) => {
    if (i === 0 || p.seat <= plies[i - 1].seat || col >= cols) {
      if (i > 0) for (; col < cols; col++) out.push(null);
      round++; col = 0;
      out.push({ n: round });
      for (; col < p.seat; col++) out.push(null);
    }
    out.push({ ply: i, round });
    col++;
  });
  return out;
}

/**
 * What the others answered to an offer of this browser's seats, told to
 * the offerer: a note when a draw offer or a takeback request of a held
 * seat is gone from state after although no move was played or taken
 * back and the game goes on ('' otherwise). A move clears an offer
 * without an answer, so a new ply says nothing.
 */
export function answerNote(before, after) {
  if (!before || !after || before.id !== after.id || after.outcome.over || after.plies.length !== before.plies.length) return '';
  const held = after.you || [];
  const offered = (before.drawOffers || []).filter(i => held.includes(i));
  if (offered.length && !offered.some(i => (after.drawOffers || []).includes(i))) return 'Your draw offer was declined.';
  if (held.includes(before.takeback) && after.takeback < 0) return 'Your takeback request was refused.';
  return '';
}

/**
 * The rematch to move to: its id when it began between states before and
 * after of one game and the viewer holds a seat ('' otherwise), so that
 * every player's page follows the agreement, while a page opened later on
 * the finished game stays on it.
 */
export function rematchMove(before, after) {
  if (!before || !after || before.id !== after.id || before.rematch || !after.rematch || !(after.you || []).length) return '';
  return after.rematch;
}

/**
 * What the rematch offer of finished state st says to its viewer: who asks,
 * whether the viewer is asked to answer, and who declined. label(i) names
 * seat i. Returns {text, answer} where answer means the viewer's seats have
 * not agreed to a rematch others ask for.
 */
export function rematchOffer(st, label) {
  const held = st.you || [], yes = st.rematchYes || [];
  const others = yes.filter(i => !held.includes(i));
  const mineAsked = held.length > 0 && held.every(i => yes.includes(i));
  if (st.rematch) return { text: '', answer: false };
  if (mineAsked) {
    const waiting = st.seats.map((_, i) => i).filter(i => !yes.includes(i) && !held.includes(i) && st.seats[i].kind !== 'computer');
    return { text: waiting.length ? `Rematch asked: waiting for ${waiting.map(label).join(', ')}.` : 'Rematch asked.', answer: false };
  }
  if (others.length) return { text: `${others.map(label).join(', ')} ${others.length > 1 ? 'ask' : 'asks'} for a rematch.`, answer: held.length > 0 };
  if (st.rematchNo >= 0 && st.rematchNo !== undefined && !held.includes(st.rematchNo)) return { text: `${label(st.rematchNo)} declined the rematch.`, answer: false };
  return { text: '', answer: false };
}

/**
 * The claim a seat may make when all its opponents are away: null when
 * some opponent is at the table (or none is left), else {wait} the
 * milliseconds until it is allowed (0: now). now is the browser's clock;
 * st.receivedAt when the state came.
 */
export function claimWait(st, seat, now) {
  if (st.stage !== 'play' || !st.present || !st.goneMs) return null;
  const others = st.seats.map((_, i) => i).filter(i => i !== seat && !st.seats[i].out);
  if (!others.length || others.some(i => st.present[i])) return null;
  const since = now - st.receivedAt;
  return { wait: Math.max(0, ...others.map(i => st.claimAfterMs - st.goneMs[i] - since)) };
}


/** Whether the chat may invite the viewer to greet an opponent: the game
 * goes on and some seat is neither the viewer's (a game on one screen)
 * nor the computer's. */
export const greetsOpponent = st => !st.outcome.over && st.you.length > 0 &&
  st.seats.some((s, i) => !st.you.includes(i) && s.kind !== 'computer');
