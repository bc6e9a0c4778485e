// The game screen's board and what a player does on it: select a piece or
// a hand piece, then a target; choose among moves that share a square (a
// promotion, a move with further steps); queue a premove while another
// seat moves; act on a unit from no square (a hex); or type a move.
import { h } from './dom.js';
import { renderBoard } from './board.js';
import { drawHands, dropsLetter } from './hands.js';
import { get } from './settings.js';
import { SPECIAL, mine, myTurn, canPremove, inSetup, seatLabel, dest, kindOf, dropSel, legalFromSel, ownSquares, premoveMoves, activeSeat, lastPlies } from './play-state.js';
import { t, mark } from './i18n.js';

const QUEUED = mark('Premove queued: it is played when your turn comes, if it is legal then.');

/** The board of view v on page, with setup (whose screens take the board's clicks in a setup stage). */
export function gameBoard(v, page, setup) {
  const marks = new Map(); // position shown -> arrows and circles drawn on it
  const moveInput = h('input', { id: 'movetext', list: 'legal', autocomplete: 'off', placeholder: t('Type a move, e.g. e2e4'), 'aria-label': t('Type a move') });
  const datalist = h('datalist', { id: 'legal' });
  const moveForm = h('form', { class: 'row', hidden: true, onsubmit: ev => { ev.preventDefault(); if (moveInput.value.trim()) v.send({ type: 'move', move: moveInput.value.trim(), version: v.st.version }); } },
    moveInput, datalist, h('button', { type: 'submit' }, t('Play')));
  const dialog = h('dialog', { 'aria-label': t('Choose a move') });

  function onSquare(sq) {
    const st = v.st;
    if (inSetup(v)) { const ui = setup.active(); if (ui && ui.onSquare) { ui.onSquare(sq); } return; }
    if (canPremove(v)) { onPremoveSquare(sq); return; }
    if (!myTurn(v)) return;
    if (v.pending) {
      let c = v.pending.filter(m => m.then && m.then[0] === sq);
      if (sq === v.pending.dest) c = v.pending.filter(m => !m.then || !m.then.length);
      v.pending = null;
      if (c.length) { choose(c, sq); return; }
      v.sel = null; v.draw(); return;
    }
    if (v.sel !== null) {
      const c = legalFromSel(st, v.sel).filter(m => dest(m) === sq);
      if (c.length) { choose(c, sq); return; }
    }
    const movable = new Set(st.legal.filter(m => m.from >= 0).map(m => m.from));
    v.sel = movable.has(sq) && v.sel !== sq ? sq : null;
    v.draw();
  }

  // While another seat moves: pick one of your pieces (or a hand piece),
  // then a square; clicking elsewhere or right-clicking cancels.
  function onPremoveSquare(sq) {
    if (v.premove) { v.premove = null; v.sel = null; v.note = t('Premove cancelled.'); v.draw(); return; }
    const own = ownSquares(v);
    const d = dropSel(v.sel);
    if (d && mine(v).includes(d.seat)) { v.premove = { from: -1, drop: d.letter, to: sq }; v.sel = null; v.note = t(QUEUED); v.draw(); return; }
    if (typeof v.sel === 'number' && v.sel !== sq && !own.has(sq)) { v.premove = { from: v.sel, to: sq }; v.sel = null; v.note = t(QUEUED); v.draw(); return; }
    v.sel = own.has(sq) && v.sel !== sq ? sq : null;
    v.draw();
  }

  /** Plays the queued premove now that the turn has come, if it is legal. */
  function playPremove() {
    const p = v.premove;
    v.premove = null;
    const c = premoveMoves(v.st, p);
    if (!c.length) { v.note = t('Premove cancelled: it is not legal now.'); return; }
    v.note = '';
    choose(c, p.to);
  }

  // Several moves to one square: their further steps on the board, or a dialog.
  function choose(c, sq) {
    if (c.length === 1) { play(c[0]); return; }
    const withThen = c.filter(m => m.then && m.then.length);
    if (withThen.length && new Set(withThen.map(m => m.then[0])).size === withThen.length) {
      v.pending = c; v.pending.dest = sq; v.draw();
      page.status.textContent = t('Choose where the piece goes next') + (c.length > withThen.length ? t(' (or click its square again to stay)') : '');
      return;
    }
    const names = new Map((v.st.board.pieces || []).map(p => [p.letter, p.name]));
    dialog.replaceChildren(h('p', {}, c.some(m => m.promotion) ? t('Promote to:') : t('Which move?')),
      h('div', { class: 'choices' }, c.map(m => h('button', { onclick: () => { dialog.close(); play(m); } },
        m.promotion ? `${names.get(m.promotion) || m.promotion} (${m.promotion})` : (m.san || m.text)))),
      h('button', { onclick: () => { dialog.close(); v.sel = null; v.draw(); } }, t('Cancel')));
    dialog.showModal();
  }

  function play(m) { v.sel = v.pending = null; v.note = ''; v.send({ type: 'move', move: m.text, version: v.st.version }); }

  /** Drops the selection and any premove (Escape, a right-click). */
  function cancel() { v.sel = v.pending = v.premove = null; v.note = ''; v.draw(); }

  // Hands: the viewer's side below the board; a piece is picked by a
  // click, or dragged straight onto its square.
  function showHands(board, viewing) {
    const st = v.st, d = dropSel(v.sel);
    drawHands(page.handsTop, page.handsBottom, board, {
      game: st.game, pictures: get('pieces') === 'pictures', legal: st.legal, bottom: page.flipped() ? 1 : 0,
      seatName: i => seatLabel(st, i), selected: d,
      can: (i, letter) => !viewing && ((myTurn(v) && st.toMove === i && st.legal.some(m => dropsLetter(m, letter))) || (canPremove(v) && mine(v).includes(i))),
      onPick: (i, letter, k) => { const on = d && d.seat === i && d.k === k; v.sel = on ? null : `drop:${i}:${letter}:${k}`; v.premove = null; v.draw(); },
      onDragStart: (i, letter, k) => { v.sel = `drop:${i}:${letter}:${k}`; v.premove = null; v.draw(); },
      onDrop: onSquare,
    });
  }

  // Moves without a board square to start from (other than drops).
  function drawSpecial(viewing) {
    const st = v.st, special = page.special;
    special.replaceChildren();
    if (viewing || !myTurn(v)) return;
    // Actions aimed at a unit (a hex): one button, then click the target.
    const aimed = st.legal.filter(m => m.from < 0 && !m.drop && m.target >= 0);
    const other = st.legal.filter(m => m.from < 0 && !m.drop && m.target < 0);
    if (aimed.length || other.length) special.append(h('span', { class: 'muted' }, t('Other actions:')));
    if (aimed.length) {
      const verb = aimed.every(m => m.text.includes('@')) ? t('Hex') : t('Act on a unit');
      special.append(h('button', { id: 'aim', 'aria-pressed': v.sel === SPECIAL ? 'true' : 'false', class: v.sel === SPECIAL ? 'primary' : '',
        onclick: () => { v.sel = v.sel === SPECIAL ? null : SPECIAL; v.draw(); } }, v.sel === SPECIAL ? t('{verb}: click a marked unit', { verb }) : `${verb}…`));
    }
    special.append(...other.map(m => h('button', { onclick: () => play(m) }, m.san || m.text)));
  }

  /** Draws the board alone, at the size that fits (again: a second fitting). */
  function drawBoard(again) {
    const st = v.st;
    if (!st) return;
    const viewing = v.viewPly !== null && v.viewBoard;
    const board = viewing ? v.viewBoard : st.board;
    if (!board) { page.boardEl.replaceChildren(); return; }
    if (!board.geometry) board.geometry = st.board.geometry;
    const g = board.geometry;
    const ui = setup.active();
    const { layout, unit, focus, top } = page.fit(g, !!(ui && ui.pieces && st.waiting.includes(activeSeat(v))));
    const lasts = lastPlies(st.plies, viewing ? v.viewPly : st.plies.length, st.seats.filter(s => !s.out).length - 1);
    const targets = new Map();
    let movable = new Set(), own = null, pick = null, zone = null, pieces = board.pieces;
    if (v.pending) {
      for (const m of v.pending) if (m.then && m.then.length) targets.set(m.then[0], 'then');
      if (v.pending.some(m => !m.then || !m.then.length)) targets.set(v.pending.dest, 'then');
    } else if (!viewing && myTurn(v)) {
      for (const m of legalFromSel(st, v.sel)) targets.set(dest(m), kindOf(m));
      movable = new Set(st.legal.filter(m => m.from >= 0 && !m.drop).map(m => m.from));
    } else if (!viewing && canPremove(v)) own = ownSquares(v);
    if (inSetup(v)) {
      const seat = activeSeat(v);
      const help = st.help && st.help[seat];
      if (help && help.zone && st.waiting.includes(seat)) zone = new Set(help.zone);
      pick = ui && ui.pick ? ui.pick() : new Set(g.squareNames.map((_, i) => i));
      if (ui && ui.pieces) pieces = [...board.pieces, ...ui.pieces()];
    }
    const key = viewing ? v.viewPly : st.plies.length;
    const movesOf = sq => !viewing && myTurn(v) ? st.legal.filter(m => m.from === sq && !m.drop).map(dest) : [];
    renderBoard(page.boardEl, { ...board, pieces }, {
      flip: page.flipped(), zone, selected: typeof v.sel === 'number' ? (v.pending ? v.pending.dest : v.sel) : null, targets, movable, own, pick,
      last: lasts.map(p => ({ from: p.from, to: p.to, target: p.target })), check: viewing ? board.check : st.board.check, onSquare,
      premove: v.premove, marks: marks.get(key) || [], onMarks: list => { marks.set(key, list); drawBoard(); },
      seatNames: st.seats.map((_, i) => seatLabel(st, i)), game: st.game, pictures: get('pieces') === 'pictures',
      unit, layout, focus, onFocus: lv => { page.setFocus(lv); drawBoard(); }, movesOf, anim: v.anim,
    });
    v.anim = null;
    if (page.fitted(top) && !again) drawBoard(true);
  }

  /** Draws the hands, the board, the other actions and the typed move. */
  function draw(board, viewing) {
    showHands(board, viewing);
    drawBoard();
    drawSpecial(viewing);
    moveForm.hidden = !myTurn(v);
    datalist.replaceChildren(...(v.st.legal || []).map(m => h('option', { value: m.san || m.text })));
  }

  return { moveForm, moveInput, dialog, draw, drawBoard, playPremove, cancel };
}
