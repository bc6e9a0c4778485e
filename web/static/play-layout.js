// The game screen's page: where the board, the setup, the players, the
// chat, the moves and the actions stand, and how the board fits in it (the
// layout of its levels, its size with the grip and the zoom, and the side
// it is seen from).
import { h } from './dom.js';
import { fitUnit, autoLayout } from './layouts.js';
import { layoutChooser } from './layoutchooser.js';
import { get, set } from './settings.js';
import { mine, upperHalf } from './play-state.js';
import { t } from './i18n.js';

/** The page of view v; its parts are laid out by mount. */
export function gamePage(v) {
  const errBox = h('p', { class: 'error', role: 'alert' });
  const status = h('p', { class: 'status', 'aria-live': 'polite' }, t('Loading…'));
  const boardEl = h('div', { class: 'levels' });
  const grip = h('button', { class: 'grip', type: 'button', 'aria-label': t('Board size: drag, or use the arrow keys'), title: t('Drag to resize the board') });
  const wrap = h('div', { class: 'board-wrap' }, boardEl, grip);
  const handsTop = h('div', { class: 'hand' }), handsBottom = h('div', { class: 'hand' });
  // On a phone the clocks stand right above and below the board (the
  // players card, with its clocks, is then far below).
  const clockTop = h('div', { class: 'boardclocks top-clocks' }), clockBottom = h('div', { class: 'boardclocks bottom-clocks' });
  // The invitation panel: above the board while a friend is awaited.
  const inviteEl = h('section', { class: 'card invite-panel', id: 'invite-panel', hidden: true, 'aria-live': 'polite' });
  const setupEl = h('div', { class: 'setup' }), special = h('div', { class: 'row' });
  const title = h('h1', {}, t('Game'));
  const layouts = layoutChooser();
  // Small squares (a big map on a phone) can be doubled, the board then
  // scrolling in its frame.
  const zoomBtn = h('button', { type: 'button', id: 'zoom', hidden: true, 'aria-pressed': 'false', onclick: () => {
    set('size', (get('size') || 1) > 1 ? 1 : 2);
    // Enlarged, the board opens on your own side.
    requestAnimationFrame(() => { wrap.scrollTop = wrap.scrollHeight; wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2; });
  } }, t('Zoom ×2'));
  const tools = h('div', { class: 'tools' }, layouts.el, zoomBtn,
    h('button', { onclick: () => flip(), 'aria-label': t('Flip board'), title: t('Flip board (F)') }, t('⇅ Flip')));
  let stageEl = null;
  let focus = null; // the large level of the one-large layout

  /** Lays the page out in root with the other parts' elements. */
  function mount(root, { moveForm, seatsEl, chatEl, movesEl, navEl, actionsEl, extraEl, dialog }) {
    stageEl = h('div', { class: 'stage' }, setupEl, h('div', { class: 'boardcol' }, clockTop, handsTop, wrap, handsBottom, clockBottom, special, moveForm));
    root.append(h('div', { class: 'play' },
      h('section', { class: 'board-area', 'aria-label': t('Board') }, h('div', { class: 'bar' }, status, tools), errBox,
        inviteEl, stageEl),
      h('aside', { class: 'side' }, title,
        h('div', { class: 'card' }, h('h2', {}, t('Players')), seatsEl), chatEl,
        h('div', { class: 'card' }, h('h2', {}, t('Moves')), movesEl, navEl),
        h('div', { class: 'card' }, actionsEl, extraEl))), dialog);
  }

  // Orientation: the seat this browser holds at the bottom, once the
  // server has read its tokens; a flip by hand is remembered per game.
  const flipKey = 'wyrm.flip.' + v.id;
  let autoFlip = null;
  function flipped() {
    const saved = localStorage.getItem(flipKey);
    if (saved !== null) return saved === '1';
    const me = mine(v), st = v.st;
    if (!st || !me.length || me.length === st.seats.length) return false;
    if (st.seats.length === 2) return me[0] === 1;
    // More seats: the half of the board where this seat's zone or royal
    // pieces lie goes to the bottom, decided once.
    if (autoFlip === null) autoFlip = upperHalf(st, me[0]);
    return !!autoFlip;
  }
  /** Turns the board round, for this game from now on. */
  function flip() {
    try { localStorage.setItem(flipKey, flipped() ? '0' : '1'); } catch { /* kept until reload */ }
    v.draw();
  }

  /**
   * The board's layout, size and large level to draw geometry g at: the
   * column's width and the window's height below the board's top, times
   * the player's size setting. tray: a deployment's tray is to come right
   * under the board where there is no room beside it (a phone), with room
   * kept for it. top is where the board stood, for fitted.
   */
  function fit(g, tray) {
    const layout = layouts.choose(g, () => autoLayout(g.levels, innerWidth));
    if (focus === null) focus = Math.floor(g.levels / 2);
    // A setup's screen stands beside the board where there is room for both.
    const area = Math.floor(setupEl.parentElement.getBoundingClientRect().width);
    const beside = setupEl.childNodes.length && area >= 760 ? Math.max(340, Math.floor(area * 0.42)) + 16 : 0;
    const trayAfter = tray && !beside;
    stageEl.classList.toggle('setup-after', trayAfter);
    const top = wrap.getBoundingClientRect().top + scrollY;
    let below = handsBottom.offsetHeight + (handsBottom.offsetHeight ? 8 : 0) + clockBottom.offsetHeight + 10;
    if (trayAfter) below += Math.min(setupEl.offsetHeight + 16, innerHeight * 0.28);
    // With much above the board (a setup), it fits the window on its own.
    const avail = top > innerHeight * 0.45 ? innerHeight - 16 : innerHeight - top - below;
    const fits = fitUnit(g, layout, area - beside - 20, Math.max(200, avail));
    const size = get('size') || 1;
    zoomBtn.hidden = fits >= 30 && size <= 1;
    zoomBtn.setAttribute('aria-pressed', String(size > 1));
    zoomBtn.classList.toggle('on', size > 1);
    return { layout, unit: fits * size, focus, top };
  }

  /** After the board is drawn: whether it moved from top, which the new
   * board may do to what stands around it (then it is fitted once more). */
  function fitted(top) {
    wrap.classList.toggle('zoomed', (get('size') || 1) > 1);
    return Math.abs(wrap.getBoundingClientRect().top + scrollY - top) > 2;
  }

  // Resizing by the grip: dragging it changes the size setting.
  grip.addEventListener('pointerdown', ev => {
    ev.preventDefault();
    const start = ev.clientX + ev.clientY, size0 = get('size') || 1, w0 = boardEl.offsetWidth || 1;
    const move = e => set('size', Math.max(0.5, Math.min(2, size0 * (1 + (e.clientX + e.clientY - start) / w0))));
    const up = () => { removeEventListener('pointermove', move); removeEventListener('pointerup', up); };
    addEventListener('pointermove', move);
    addEventListener('pointerup', up);
  });
  grip.addEventListener('keydown', ev => {
    const step = { ArrowUp: 0.05, ArrowRight: 0.05, ArrowDown: -0.05, ArrowLeft: -0.05 }[ev.key];
    if (!step) return;
    ev.preventDefault();
    ev.stopPropagation();
    set('size', Math.max(0.5, Math.min(2, (get('size') || 1) + step)));
  });

  return {
    errBox, status, boardEl, inviteEl, handsTop, handsBottom, clockTop, clockBottom, setupEl, special, title,
    mount, fit, fitted, flipped, flip,
    /** Makes level lv the large one. */
    setFocus(lv) { focus = lv; },
  };
}
