// The leaderboard of one game at one speed: established ratings only (see
// the server's /api/leaderboard), a page at a time; the choice is kept in
// the address.
import { api } from './api.js';
import { h } from './dom.js';
import { meta } from './meta.js';
import { mostPlayed } from './speeds.js';
import { t } from './i18n.js';

/** Shows the leaderboard chosen by query (game, speed, page) in root. */
export function showLeaderboard(root, query) {
  const game = h('select', { id: 'lb-game', 'aria-label': t('Game') });
  const speed = h('select', { id: 'lb-speed', 'aria-label': t('Speed') });
  const body = h('div', { 'aria-live': 'polite' });
  const err = h('p', { class: 'error', role: 'alert' });
  let page = Math.max(1, Math.floor(Number(query.get('page'))) || 1);
  root.replaceChildren(h('h1', {}, t('Leaderboard')), h('div', { class: 'card leaderboard' },
    h('div', { class: 'row' }, game, speed), err, body,
    h('p', { class: 'muted' }, t('Settled ratings only: a deviation of 110 or less, and a rated game in the last 90 days.'))));
  const go = p => { page = p; load(); };
  game.addEventListener('change', () => go(1));
  speed.addEventListener('change', () => go(1));

  async function load() {
    err.textContent = '';
    const q = new URLSearchParams({ game: game.value, speed: speed.value, page: String(page) });
    history.replaceState(null, '', '#/leaderboard?' + q);
    try {
      const b = await api('/api/leaderboard?' + q);
      const rows = b.players.map(p => h('tr', {}, h('td', {}, String(p.rank)),
        h('td', {}, h('a', { href: `#/players/${encodeURIComponent(p.name)}` }, p.name)),
        h('td', {}, String(Math.round(p.rating))), h('td', { class: 'muted rd' }, '± ' + Math.round(2 * p.rd)), h('td', {}, String(p.games))));
      body.replaceChildren(rows.length
        ? h('table', { class: 'list', id: 'leaders' }, h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('Player')), h('th', {}, t('Rating')), h('th', { class: 'rd' }), h('th', {}, t('Games')))), h('tbody', {}, rows))
        : h('p', { class: 'muted', id: 'leaders-empty' }, page > 1 ? t('No more players.') : t('Nobody has a settled rating here yet.')),
      h('div', { class: 'row pager' },
        h('button', { type: 'button', id: 'lb-prev', disabled: page <= 1, onclick: () => go(page - 1) }, t('Previous')),
        h('span', { class: 'muted' }, t('Page {page}', { page })),
        h('button', { type: 'button', id: 'lb-next', disabled: !b.more, onclick: () => go(page + 1) }, t('Next'))));
    } catch (e) { err.textContent = e.message; }
  }

  meta().then(m => {
    game.append(...(m.games || []).map(g => h('option', { value: g.name }, t(g.title))));
    speed.append(...(m.speeds || []).map(s => h('option', { value: s }, t(s))));
    if ((m.games || []).some(g => g.name === query.get('game'))) game.value = query.get('game');
    if ((m.speeds || []).includes(query.get('speed'))) speed.value = query.get('speed');
    else return pickSpeed(m.speeds || []).then(load);
    load();
  }).catch(e => { err.textContent = e.message; });

  // Without a choice, the speed whose leaders played most games in this game.
  async function pickSpeed(speeds) {
    const counts = {};
    await Promise.all(speeds.map(async s => {
      const b = await api('/api/leaderboard?' + new URLSearchParams({ game: game.value, speed: s })).catch(() => ({ players: [] }));
      counts[s] = b.players.reduce((n, p) => n + p.games, 0);
    }));
    speed.value = mostPlayed(speeds, counts);
  }
  return () => {};
}
