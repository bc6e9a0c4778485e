// One player's record against another, per game and over all.
import { api } from './api.js';
import { h } from './dom.js';
import { games, titleOf } from './meta.js';
import { t } from './i18n.js';

/** Shows name's record against other in root. */
export function showHeadToHead(root, name, other) {
  root.replaceChildren(h('p', { class: 'loading' }, t('Loading…')));
  Promise.all([api(`/api/players/${encodeURIComponent(name)}/vs/${encodeURIComponent(other)}`), games().catch(() => [])]).then(([r, titles]) => {
    const link = n => h('a', { href: `#/players/${encodeURIComponent(n)}` }, n);
    const line = (label, x, cls) => h('tr', { class: cls }, h('td', {}, label), h('td', {}, String(x.won)), h('td', {}, String(x.drawn)),
      h('td', {}, String(x.lost)), h('td', {}, `${x.games}`), h('td', { class: 'muted' }, `${x.rated}`));
    root.replaceChildren(h('h1', {}, link(r.player), t(' against '), link(r.opponent)),
      h('div', { class: 'card h2h' }, r.games.length
        ? h('table', { class: 'list', id: 'h2h-table' },
          h('thead', {}, h('tr', {}, [t('Game'), t('Won'), t('Drawn'), t('Lost'), t('Games'), t('Rated')].map(x => h('th', {}, x)))),
          h('tbody', {}, r.games.map(g => line(titleOf(titles, g.game), g)), r.games.length > 1 ? line(t('All games'), r.total, 'total') : ''))
        : h('p', { class: 'muted' }, t('They have not played each other yet.')),
      h('p', { class: 'muted' }, t('Won when placed above the other player, drawn when placed alike, in games of three or four too.')),
      r.games.length ? h('p', {}, h('a', { href: `#/players/${encodeURIComponent(r.player)}?opponent=${encodeURIComponent(r.opponent)}` }, t('Their games together'))) : ''));
  }).catch(e => root.replaceChildren(h('p', { class: 'error', role: 'alert' }, e.message)));
  return () => {};
}
