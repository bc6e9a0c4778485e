// The game screen's players card: each seat, who plays it, whether they are
// at the table, its result once the game is over, and its clock.
import { h } from './dom.js';
import { mine, seatLabel } from './play-state.js';

/** Draws the seats of view v into el. */
export function drawSeats(v, el) {
  const st = v.st;
  el.replaceChildren(...st.seats.map((s, i) => h('div', { class: 'seat' + (st.waiting.includes(i) ? ' turn' : '') + (s.out ? ' out' : '') },
    h('span', { class: 'swatch s' + i }),
    // A dot says who is at the table right now.
    st.present ? h('span', { class: 'presence' + (st.present[i] ? ' here' : ''), title: st.present[i] ? 'at the table' : 'away', 'aria-label': st.present[i] ? 'at the table' : 'away' }) : '',
    h('span', {}, seatLabel(st, i), h('br'), h('small', { class: 'muted' },
      s.kind === 'computer' ? `computer, level ${s.level}` : mine(v).includes(i) ? 'you' : s.taken ? 'player' : s.kind === 'open' ? 'open to anyone (not taken yet)' : 'invited (not joined yet)',
      st.outcome.over ? ` · ${st.outcome.results[i]}` : '')),
    st.clock ? h('span', { class: 'clock', 'data-seat': i }) : '')));
}
