// The header's menu button, which on a phone opens the links that a wider
// screen shows in the header's row (style.css decides which is shown).
import { t } from './i18n.js';

/** Wires the menu button: it opens and closes the links; following a
 * link, going elsewhere, Escape or a click outside closes them. */
export function initMenu() {
  const top = document.querySelector('header.top'), btn = document.getElementById('menu-open');
  if (!top || !btn) return;
  const set = open => { top.classList.toggle('open', open); btn.setAttribute('aria-expanded', String(open)); };
  btn.addEventListener('click', () => set(!top.classList.contains('open')));
  top.querySelector('nav').addEventListener('click', ev => { if (ev.target.closest('a')) set(false); });
  addEventListener('hashchange', () => set(false));
  addEventListener('keydown', ev => { if (ev.key === 'Escape' && top.classList.contains('open')) { set(false); btn.focus(); } });
  addEventListener('pointerdown', ev => { if (!top.contains(ev.target)) set(false); });
}
