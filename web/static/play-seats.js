// The game screen's players card: each seat, who plays it, whether they are
// at the table, its result once the game is over, and its clock; and how
// many people watch.
import { h } from './dom.js';
import { mine, seatLabel } from './play-state.js';
import { ratingText, changeText, nameText } from './players.js';
import { watchingText } from './tv-state.js';
import { t } from './i18n.js';

/** Draws the seats of view v into el. */
export function drawSeats(v, el) {
  const st = v.st;
  el.replaceChildren(...st.seats.map((s, i) => h('div', { class: 'seat' + (st.waiting.includes(i) ? ' turn' : '') + (s.out ? ' out' : '') },
    h('span', { class: 'swatch s' + i }),
    // A dot says who is at the table right now.
    st.present ? h('span', { class: 'presence' + (st.present[i] ? ' here' : ''), title: st.present[i] ? t('at the table') : t('away'), role: 'img', 'aria-label': st.present[i] ? t('at the table') : t('away') }) : '',
    h('span', {}, seatLabel(st, i), h('br'), who(v, s, i)),
    st.clock ? h('span', { class: 'clock', 'data-seat': i }) : '')),
  // How many watch without a seat (the server counts them).
  h('p', { class: 'muted watching', id: 'watching' }, watchingText(st.spectators)));
}

/** Who plays seat s (index i): a player's name and rating, a bot's mark,
 * "you" for the viewer's own seats, and the seat's result once over. */
function who(v, s, i) {
  const st = v.st, yours = mine(v).includes(i);
  const parts = [];
  if (s.kind === 'computer') parts.push(h('span', {}, t('computer, level {level}', { level: s.level })));
  else if (!s.taken) parts.push(h('span', {}, s.kind === 'open' ? t('open to anyone (not taken yet)') : t('invited (not joined yet)')));
  else {
    parts.push(h('span', { class: 'player-name' }, nameText(s) || t('Guest')));
    const r = ratingText(s);
    if (r) parts.push(' ', h('span', { class: 'rating', title: s.provisional ? t('provisional rating') : t('rating') }, r));
    if (s.bot) parts.push(' ', h('span', { class: 'badge bot', title: t('This account is played by an engine') }, t('BOT')));
    if (yours) parts.push(' · ' + t('you'));
  }
  // An aborted game has no result for anyone: it did not get going.
  if (st.outcome.over) {
    parts.push(' · ' + t(st.outcome.aborted ? 'aborted' : st.outcome.results[i]));
    const c = changeText(s);
    if (c) parts.push(' ', h('span', { class: 'rating-change' + (s.ratingChange > 0 ? ' up' : s.ratingChange < 0 ? ' down' : '') }, c));
  }
  return h('small', { class: 'muted' }, ...parts);
}
