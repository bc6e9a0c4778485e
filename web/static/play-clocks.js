// The game screen's clocks: each seat's time, counted down between the
// server's states, and the warning sound when this browser's runs low.
import { play as sound } from './sound.js';
import { formatClock } from './clockfmt.js';
import { h } from './dom.js';
import { mine, seatLabel } from './play-state.js';
import { t } from './i18n.js';
import { nameText } from './players.js';

/**
 * Lays out the clocks beside the board of page (shown on a phone only):
 * the seat seen at the bottom below it, the others above, each with its
 * name; drawClocks then keeps their time.
 */
export function placeClocks(v, page) {
  const st = v.st;
  page.clockTop.replaceChildren(); page.clockBottom.replaceChildren();
  if (!st || !st.clock) return;
  const me = mine(v);
  const bottom = st.seats.length === 2 ? (page.flipped() ? 1 : 0) : me.length ? me[0] : 0;
  st.seats.forEach((_, i) => (i === bottom ? page.clockBottom : page.clockTop).append(
    h('div', { class: 'boardclock' + (st.waiting.includes(i) ? ' turn' : '') }, h('span', { class: 'swatch s' + i }),
      h('span', { class: 'who' }, seatLabel(st, i) + (st.seats[i].name ? ' · ' + nameText(st.seats[i]) : '') + (me.includes(i) && me.length < st.seats.length ? ' · ' + t('you') : '')),
      h('span', { class: 'clock-b', 'data-seat': i }))));
}

/** Redraws the clocks of view v under root (the players card's .clock
 * spans and those beside the board). */
export function drawClocks(v, root) {
  const st = v.st;
  if (!st || !st.clock) return;
  for (const c of root.querySelectorAll('.clock, .clock-b')) {
    const i = Number(c.dataset.seat);
    let ms = st.clock.remaining[i];
    if (st.clock.running === i) ms -= Date.now() - st.receivedAt;
    c.textContent = formatClock(ms, !!st.clock.days);
    c.classList.toggle('run', st.clock.running === i);
    c.classList.toggle('low', ms < 10000);
    if (st.clock.running === i && ms < 10000 && ms > 0 && mine(v).includes(i) && !v.lowWarned) { v.lowWarned = true; sound('low'); }
  }
}
