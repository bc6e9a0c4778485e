// The puzzle page: positions from engine self-play games in which one move
// wins clearly (found by "wyrm puzzles"; each game comes with its own, listed by /api/puzzles). Find the move
// on the board; a hint marks the piece; Next goes on.
import { api } from './api.js';
import { h } from './dom.js';
import { renderBoard } from './board.js';
import { fitUnit, autoLayout } from './layouts.js';
import { get } from './settings.js';
import { startEngine } from './engine.js';
import { drawHands, dropsLetter } from './hands.js';
import { t } from './i18n.js';

const dest = m => (m.to >= 0 && m.to !== m.from) ? m.to : m.target;

/** Shows puzzle k of game (both optional) in root; returns a clean-up. */
export function showPuzzles(root, game, k) {
  const engine = startEngine();
  let list = [], view = null, flip = false, sel = null, marks = [], solved = false, closed = false, meta = [];
  const title = h('h1', {}, t('Puzzles'));
  const status = h('p', { class: 'status', id: 'puzzle-status', 'aria-live': 'polite' }, t('Loading…'));
  const boardEl = h('div', { class: 'levels' });
  const handsTop = h('div', { class: 'hand' }), handsBottom = h('div', { class: 'hand' });
  const picker = h('div', { class: 'tools', role: 'group', 'aria-label': t('Game') });
  const hintBtn = h('button', { type: 'button', id: 'hint', onclick: hint }, t('Hint'));
  const nextBtn = h('button', { type: 'button', id: 'next', class: 'primary', onclick: () => { location.hash = `#/puzzles/${encodeURIComponent(game)}/${(k + 1) % mine().length}`; } }, t('Next'));
  const analyse = h('a', { class: 'btn', id: 'puzzle-analyse' }, t('Analyse'));
  const dialog = h('dialog', { 'aria-label': t('Choose a move') });
  root.append(h('div', { class: 'play' },
    h('section', { class: 'board-area', 'aria-label': t('Board') }, h('div', { class: 'bar' }, status), handsTop, h('div', { class: 'board-wrap' }, boardEl), handsBottom),
    h('aside', { class: 'side' }, title, h('div', { class: 'card' }, picker, h('p', { class: 'muted' }, t('One move wins clearly here: find it.')),
      h('div', { class: 'row' }, hintBtn, nextBtn, analyse)))), dialog);
  addEventListener('resize', draw);

  const mine = () => list.filter(p => p.game === game);
  const seatName = i => t((view && view.seatNames && view.seatNames[i]) || ((meta.find(g => g.name === game) || {}).seats || [])[i] || '') || t('Seat {x}', { x: i + 1 });

  function hint() {
    const p = mine()[k], m = view && view.legal.find(x => x.text === p.solution);
    if (m) { marks = [{ from: m.from >= 0 ? m.from : dest(m), to: m.from >= 0 ? m.from : dest(m), c: 'g' }]; draw(); }
  }

  async function tryMove(m) {
    const p = mine()[k];
    sel = null;
    if (m.text !== p.solution) { status.textContent = t('{text} is not it: try again.', { text: m.san || m.text }); draw(); return; }
    view = await engine.board({ game, position: p.position, moves: [m.text] });
    solved = true; marks = [];
    status.textContent = t('Solved: {san} wins.', { san: p.san });
    status.classList.add('solved');
    draw();
  }

  // sel: a square, or a piece in hand ({seat, letter, k}).
  const dropping = () => sel !== null && typeof sel === 'object';
  const fromSel = () => sel === null ? [] : dropping() ? view.legal.filter(m => dropsLetter(m, sel.letter)) : view.legal.filter(m => m.from === sel && !m.drop);

  function onSquare(sq) {
    if (solved || !view) return;
    const legal = view.legal;
    if (dropping()) {
      const c = fromSel().filter(m => dest(m) === sq);
      sel = null;
      if (c.length) { tryMove(c[0]); return; }
    } else if (sel !== null) {
      const c = legal.filter(m => m.from === sel && !m.drop && dest(m) === sq);
      if (c.length === 1) { tryMove(c[0]); return; }
      if (c.length > 1) {
        dialog.replaceChildren(h('p', {}, t('Which move?')), h('div', { class: 'choices' }, c.map(m => h('button', { onclick: () => { dialog.close(); tryMove(m); } }, m.san || m.text))),
          h('button', { onclick: () => dialog.close() }, t('Cancel')));
        dialog.showModal();
        return;
      }
    }
    const afar = legal.filter(m => m.from < 0 && !m.drop && m.target === sq);
    if (afar.length && sel === null) { tryMove(afar[0]); return; }
    sel = legal.some(m => m.from === sq && !m.drop) && sel !== sq ? sq : null;
    draw();
  }

  function draw() {
    if (!view || closed) return;
    const g = view.board.geometry, layout = g.levels === 1 ? 'one' : autoLayout(g.levels, innerWidth);
    const unit = fitUnit(g, layout, Math.max(200, boardEl.closest('.board-area').getBoundingClientRect().width - 20), Math.max(220, innerHeight - 200));
    const targets = new Map();
    if (!solved) for (const m of fromSel()) targets.set(dest(m), m.target >= 0 ? 'capture' : 'move');
    renderBoard(boardEl, view.board, {
      flip, selected: dropping() ? null : sel, targets, movable: solved ? new Set() : new Set(view.legal.filter(m => m.from >= 0 && !m.drop).map(m => m.from)),
      check: view.board.check, onSquare, marks, onMarks: l => { marks = l; draw(); }, last: solved && view.last ? view.last : null,
      seatNames: Array.from({ length: view.players }, (_, i) => seatName(i)), game, pictures: get('pieces') === 'pictures', unit, layout,
    });
    drawHands(handsTop, handsBottom, view.board, {
      game, pictures: get('pieces') === 'pictures', legal: view.legal, bottom: flip ? 1 : 0, seatName, selected: dropping() ? sel : null,
      can: (i, letter) => !solved && i === view.toMove && view.legal.some(m => dropsLetter(m, letter)),
      onPick: (seat, letter, k) => { sel = dropping() && sel.seat === seat && sel.k === k ? null : { seat, letter, k }; draw(); },
      onDragStart: (seat, letter, k) => { sel = { seat, letter, k }; draw(); },
      onDrop: onSquare,
    });
  }

  (async () => {
    try {
      [list, meta] = await Promise.all([api('/api/puzzles').then(d => d.puzzles || []), api('/api/meta').then(d => d.games).catch(() => [])]);
      const names = [...new Set(list.map(p => p.game))];
      if (!names.length) { status.textContent = t('No puzzles yet.'); return; }
      if (!names.includes(game)) game = names[0];
      k = Math.min(Math.max(0, k || 0), mine().length - 1);
      picker.replaceChildren(...names.map(n => h('a', { class: 'btn' + (n === game ? ' on' : ''), href: `#/puzzles/${encodeURIComponent(n)}/0`,
        'aria-current': n === game ? 'true' : null }, t((meta.find(g => g.name === n) || {}).title || n))));
      const p = mine()[k];
      title.textContent = t('Puzzle {x} of {n}', { x: k + 1, n: mine().length });
      analyse.href = '/analysis?' + new URLSearchParams({ game, pos: p.position });
      view = await engine.board({ game, position: p.position });
      if (closed) return;
      // The solver's side at the bottom, as in a game of two.
      flip = view.players === 2 && view.toMove === 1;
      status.textContent = t('{x} to move and win.', { x: seatName(view.toMove) });
      draw();
    } catch (e) { status.textContent = e.message; }
  })();

  return () => { closed = true; engine.close(); removeEventListener('resize', draw); };
}
