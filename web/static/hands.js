// The pieces in hand, for every screen with a board (the game, analysis,
// review, puzzles): each seat's row of pieces beside the board, a piece
// picked by a click and then dropped on a square, or dragged onto it.
// The screens keep their own selection; this module only draws and reports.
import { h } from './dom.js';
import { pieceSVG, pictureURL } from './board.js';
import { t } from './i18n.js';

/** Whether move m drops the hand piece letter (hands and moves may differ in case). */
export const dropsLetter = (m, letter) => !!m.drop && m.drop.toUpperCase() === letter.toUpperCase();

/**
 * Draws board b's hands into top and bottom (bottom holds seat opt.bottom,
 * the seat seen at the bottom of the board). opt: game, pictures,
 * legal (the moves shown, to tell a game with drops), seatName(i),
 * can(seat, letter) (whether that piece may be picked), selected
 * ({seat, k} or null), onPick(seat, letter, k) (a click: pick, or drop
 * the pick when it is the one picked), onDragStart(seat, letter, k) (a
 * drag begins: the piece is picked) and onDrop(sq) (let go over square sq).
 */
export function drawHands(top, bottom, b, opt) {
  top.replaceChildren(); bottom.replaceChildren();
  const hands = b && b.hands ? b.hands : [];
  const drops = (opt.legal || []).some(m => m.drop);
  hands.forEach((hand, i) => {
    if (!hand && !drops) return;
    const el = i === (opt.bottom || 0) ? bottom : top;
    el.append(h('span', { class: 'muted' }, t('{x} in hand:', { x: opt.seatName(i) })), hand ? '' : h('span', { class: 'muted' }, t('nothing')),
      ...[...hand].map((c, k) => {
        const letter = c.toUpperCase();
        const can = opt.can(i, letter);
        const on = !!opt.selected && opt.selected.seat === i && opt.selected.k === k;
        const art = b.handArt && b.handArt[i] ? pictureURL(opt.game, b.handArt[i][k], opt.pictures) : '';
        const btn = h('button', { type: 'button', class: 'seat-hand s' + i + (on ? ' sel' : '') + (art ? ' art' : ''), disabled: !can,
          'data-seat': i, 'data-letter': letter, 'aria-label': t('Drop {letter} ({x})', { letter, x: opt.seatName(i) }), 'aria-pressed': on ? 'true' : 'false',
          onclick: () => { if (!btn._dragged) opt.onPick(i, letter, k); } }, art ? h('img', { src: art, alt: letter, draggable: 'false' }) : letter);
        if (can) btn.addEventListener('pointerdown', ev => dragFrom(ev, btn, { owner: i, letter }, art, () => opt.onDragStart(i, letter, k), opt.onDrop));
        return btn;
      }));
  });
}

// Follows a press on a hand piece: past a few pixels it is a drag, the
// piece drawn under the pointer, and letting go over a square drops it
// there. A press that does not move stays a click.
function dragFrom(ev, btn, piece, art, start, drop) {
  if (ev.button !== 0) return;
  ev.preventDefault(); // no text selection, no native image drag
  const x0 = ev.clientX, y0 = ev.clientY, id = ev.pointerId;
  let ghost = null;
  const move = e => {
    if (e.pointerId !== id) return;
    if (!ghost && Math.hypot(e.clientX - x0, e.clientY - y0) > 5) {
      btn._dragged = true;
      start();
      const size = Math.round(btn.getBoundingClientRect().width * 1.2) || 48;
      ghost = h('div', { class: 'ghost' });
      ghost.style.width = ghost.style.height = size + 'px';
      if (art) ghost.append(h('img', { src: art, alt: '', width: size, height: size }));
      else ghost.innerHTML = `<svg viewBox="0 0 10 10" width="${size}" height="${size}">${pieceSVG(piece, 5, 5)}</svg>`;
      document.body.append(ghost);
    }
    if (ghost) { ghost.style.left = e.clientX + 'px'; ghost.style.top = e.clientY + 'px'; }
  };
  const end = e => {
    if (e.pointerId !== id) return;
    removeEventListener('pointermove', move);
    removeEventListener('pointerup', end);
    removeEventListener('pointercancel', end);
    if (!ghost) return;
    ghost.remove();
    // The click that may follow the release belongs to the drag.
    setTimeout(() => { btn._dragged = false; }, 0);
    const at = e.type === 'pointerup' && document.elementFromPoint(e.clientX, e.clientY);
    const sq = at && at.closest('[data-sq]');
    if (sq && !sq.closest('.mini')) drop(Number(sq.dataset.sq));
  };
  addEventListener('pointermove', move);
  addEventListener('pointerup', end);
  addEventListener('pointercancel', end);
}
