// The tab's title and icon say when it is your move, so that a player in
// another tab sees it.
import { t } from './i18n.js';

const icon = body => 'data:image/svg+xml,' + encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">${body}</svg>`);
const plain = icon('<circle cx="8" cy="8" r="7" fill="#b33"/>');
const turn = icon('<circle cx="8" cy="8" r="7" fill="#b33"/><circle cx="8" cy="8" r="3.6" fill="#ffd21f" stroke="#fff" stroke-width="1.2"/>');

function link() {
  let l = document.querySelector('link[rel=icon]');
  if (!l) { l = document.createElement('link'); l.rel = 'icon'; document.head.append(l); }
  return l;
}

/** Titles the tab; yours marks it as the player's move. */
export function markTab(title, yours) {
  const text = yours ? t('● Your move — {title}', { title }) : title;
  if (document.title !== text) document.title = text;
  const href = yours ? turn : plain;
  const l = link();
  if (l.getAttribute('href') !== href) l.setAttribute('href', href);
}
