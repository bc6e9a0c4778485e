// review.js: judging a finished game's moves from the engine's evaluation
// of every position, and its evaluation graph. docs/analysis.md explains
// the thresholds and the accuracy formula.
import { t, mark } from './i18n.js';

const CAP = 1000; // centipawns: a mate counts as this much, and no more

/** A score for the side to move as capped centipawns. */
export function centipawns(score) {
  if (!score) return 0;
  if (score.kind === 'mate') return score.value > 0 ? CAP : -CAP;
  return Math.max(-CAP, Math.min(CAP, score.value));
}

/** The judgement of a move that lost loss centipawns, or ''. */
export function judge(loss) {
  return loss >= 300 ? mark('blunder') : loss >= 100 ? mark('mistake') : loss >= 50 ? mark('inaccuracy') : '';
}
export const symbol = { blunder: '??', mistake: '?', inaccuracy: '?!' };

/** Accuracy in percent from an average centipawn loss. */
export function accuracy(avgLoss) { return 100 * Math.exp(-avgLoss / 200); }

/**
 * Judges every move. evals[i] is the evaluation of the position before
 * ply i (evals has one more entry than plies); plies[i] has seat and text.
 * Returns per ply {loss, kind, better} and per seat {moves, avgLoss, accuracy}.
 */
export function reviewGame(evals, plies, seats) {
  const moves = plies.map((p, i) => {
    const before = evals[i], after = evals[i + 1];
    if (!before || !after || !before.lines || !before.lines.length) return { loss: 0, kind: '' };
    const best = centipawns(before.lines[0].score);
    // After the move, the next seat's score stands against the mover's.
    let got = after.over ? (after.results[p.seat] === 'win' ? CAP : after.results[p.seat] === 'draw' ? 0 : -CAP)
      : -centipawns(after.lines[0] && after.lines[0].score);
    const bestMove = before.lines[0].moves[0];
    const loss = bestMove === p.text ? 0 : Math.max(0, best - got);
    const kind = judge(loss);
    return { loss, kind, better: kind ? before.lines[0].pv[0] : '' };
  });
  const per = Array.from({ length: seats }, () => ({ moves: 0, total: 0 }));
  plies.forEach((p, i) => { per[p.seat].moves++; per[p.seat].total += moves[i].loss; });
  return { moves, seats: per.map(s => { const avg = s.moves ? s.total / s.moves : 0; return { moves: s.moves, avgLoss: avg, accuracy: accuracy(avg) }; }) };
}

/** Each position's score from seat 0's side, capped (two seats), or the
 * score of the seat to move (more seats); null where unknown. */
export function graphPoints(evals) {
  return evals.map(e => {
    if (!e) return null;
    if (e.over) return { seat: -1, cp: e.results[0] === 'win' ? CAP : e.results[0] === 'draw' ? 0 : -CAP };
    const cp = centipawns(e.lines[0] && e.lines[0].score);
    return { seat: e.toMove, cp };
  });
}

const SVGNS = 'http://www.w3.org/2000/svg';
const el = (tag, attrs) => { const e = document.createElementNS(SVGNS, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); return e; };

/**
 * Draws the evaluation graph: x the ply, y the score from seat 0's side
 * (two seats) or each seat's own (more: one line per seat, its colour).
 * onPick(i) is called with the position clicked; cur is marked.
 */
export function drawGraph(evals, seats, colours, cur, onPick, marks = []) {
  const W = 600, H = 120, n = Math.max(1, evals.length - 1);
  // Heights follow winning chances, so that a piece lost in an even game
  // shows more than one lost in a won one.
  const x = i => (i / n) * W, y = cp => H / 2 - (2 / (1 + Math.exp(-cp / 250)) - 1) * (H / 2 - 4);
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'evalgraph', role: 'img', 'aria-label': t('Evaluation graph: click a point to go to its position') });
  svg.append(el('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, stroke: 'currentColor', 'stroke-opacity': '.3' }));
  const pts = graphPoints(evals);
  const series = seats === 2 ? [pts.map(p => p && { cp: p.seat === 1 ? -p.cp : p.cp })]
    : Array.from({ length: seats }, (_, s) => pts.map(p => p && p.seat === s ? { cp: p.cp } : null));
  series.forEach((ser, s) => {
    const d = ser.map((p, i) => p ? `${x(i)},${y(p.cp)}` : '').filter(Boolean).join(' ');
    if (d) svg.append(el('polyline', { points: d, fill: 'none', stroke: seats === 2 ? 'var(--accent)' : colours[s], 'stroke-width': 2 }));
  });
  if (cur >= 0 && cur < evals.length) svg.append(el('line', { x1: x(cur), x2: x(cur), y1: 0, y2: H, stroke: 'var(--focus)', 'stroke-width': 1.5 }));
  pts.forEach((p, i) => {
    const mark = marks[i - 1] || ''; // ply i-1 led to position i
    const c = el('circle', { cx: x(i), cy: p ? y(seats === 2 && p.seat === 1 ? -p.cp : p.cp) : H / 2, r: mark ? 5 : 3.5,
      class: 'pt' + (mark ? ' ' + mark : ''), 'data-i': i, tabindex: -1 });
    c.addEventListener('click', () => onPick(i));
    svg.append(c);
  });
  return svg;
}
