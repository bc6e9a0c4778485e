// The game screen's move list and the way through the game: a ply chosen
// in the list, the navigation buttons or the arrow keys shows the position
// after it, fetched from the server; the latest position follows the game.
import { h } from './dom.js';
import { api } from './api.js';
import { cur, seatLabel, moveCells } from './play-state.js';
import { t } from './i18n.js';

/** The move list of view v and its navigation; errBox shows a failed fetch. */
export function moveList(v, errBox) {
  const el = h('div', { class: 'moves', role: 'list', 'aria-label': t('Moves') });
  const nav = h('div', { class: 'nav' },
    h('button', { 'aria-label': t('First position'), onclick: () => goTo(0) }, '|◀'),
    h('button', { 'aria-label': t('Previous move'), onclick: () => goTo(cur(v) - 1) }, '◀'),
    h('button', { 'aria-label': t('Next move'), onclick: () => goTo(cur(v) + 1) }, '▶'),
    h('button', { 'aria-label': t('Latest position'), onclick: () => goTo(v.st.plies.length) }, '▶|'));

  /** Shows the position after n plies (the latest follows the game). */
  function goTo(n) {
    if (!v.st) return;
    n = Math.max(0, Math.min(n, v.st.plies.length));
    v.sel = v.pending = null;
    if (n === v.st.plies.length) { v.viewPly = null; v.viewBoard = null; v.draw(); return; }
    v.viewPly = n;
    api(`/api/games/${v.id}/ply/${n}`).then(b => { if (v.viewPly === n) { v.viewBoard = b; v.draw(); } }).catch(e => errBox.textContent = e.message);
  }

  function draw() {
    const st = v.st, cols = st.seats.length;
    el.style.setProperty('--cols', cols);
    el.classList.toggle('many', cols > 2);
    el.replaceChildren(...moveCells(st.plies, cols).map(c => {
      if (!c) return h('span');
      if (c.n) return h('span', { class: 'n' }, c.n + '.');
      const p = st.plies[c.ply];
      return h('button', { role: 'listitem', class: cur(v) === c.ply + 1 ? 'cur' : '', onclick: () => goTo(c.ply + 1), 'aria-label': t('Move {round}, {x}: {text}', { round: c.round, x: seatLabel(st, p.seat), text: p.san || p.text }) }, p.san || p.text);
    }));
    if (v.viewPly === null) el.scrollTop = el.scrollHeight;
  }

  return { el, nav, goTo, draw };
}
