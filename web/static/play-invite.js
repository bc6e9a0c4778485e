// The game screen's invitation panel: while a seat this browser invited
// someone to is still empty, a prominent "waiting for your friend" panel
// above the board holds the link to send and a button that copies it, so
// that the one thing left to do is in sight (on a phone too, where the
// side panel is far below). It goes away when the friend sits down.
import { h } from './dom.js';
import { invites } from './tokens.js';
import { mine, seatLabel } from './play-state.js';
import { t } from './i18n.js';

/** Draws the invitations of view v into el (emptied when there are none). */
export function drawInvite(v, el) {
  const st = v.st, id = v.id;
  // Private links carry their secret, which only the creator's browser
  // knows; open seats are taken from the lobby or by a plain link.
  const secrets = invites(id);
  const open = st.seats.map((s, i) => [s, i]).filter(([s, i]) => !s.taken && ((s.kind === 'invite' && secrets[i]) || s.kind === 'open'));
  if (!open.length || st.outcome.over) { el.replaceChildren(); el.hidden = true; return; }
  // A redraw (a clock, a chat line) keeps the panel as it is: a link
  // being selected or just copied stays so.
  const key = open.map(([s, i]) => i).join(',');
  if (el.dataset.key === key && !el.hidden) return;
  el.dataset.key = key;
  el.hidden = false;
  const sitting = mine(v).length > 0;
  el.replaceChildren(
    h('h2', {}, h('span', { class: 'pulse', 'aria-hidden': 'true' }), sitting ? (open.length > 1 ? t('Waiting for your friends') : t('Waiting for your friend')) : t('Seats to fill')),
    h('p', {}, sitting ? (open.length > 1 ? t('Send each of them their link: the game starts when they open theirs.') : t('Send them this link: the game starts when they open it.'))
      : t('Send these links to the players.')),
    ...open.map(([s, i]) => {
      const link = `${location.origin}/#/join/${id}/${i}` + (s.kind === 'invite' ? '/' + secrets[i] : '');
      const inp = h('input', { readonly: true, value: link, 'aria-label': t('Invitation link for {x}', { x: seatLabel(st, i) }), onfocus: () => inp.select() });
      const btn = h('button', { type: 'button', class: 'primary copy', onclick: () => copy(inp, btn) }, t('Copy link'));
      return h('div', { class: 'invite' }, open.length > 1 || st.seats.length > 2 ? h('label', {}, `${seatLabel(st, i)}:`) : '', h('div', { class: 'row' }, inp, btn));
    }),
    h('p', { class: 'muted' }, t('Anyone with the link takes the seat, so send it only to them.')));
}

// Copies the link and says so on the button for a moment.
function copy(input, btn) {
  input.select();
  const done = () => { btn.textContent = t('Copied ✓'); setTimeout(() => { btn.textContent = t('Copy link'); }, 2000); };
  if (navigator.clipboard && isSecureContext) navigator.clipboard.writeText(input.value).then(done, () => { document.execCommand('copy'); done(); });
  else { document.execCommand('copy'); done(); }
}
