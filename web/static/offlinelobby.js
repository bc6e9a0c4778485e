// The lobby without a connection: games against the computer that run in
// the browser (the analysis board's "vs" mode, with the WebAssembly
// engine), and the games kept in this browser, to resume, analyse or
// download. The router shows it while the browser is offline.
import { h } from './dom.js';
import { games } from './meta.js';
import { savedGames, downloadRecord, removeGame } from './offlinegame.js';
import { t, tn } from './i18n.js';

/** Shows the offline lobby in root. */
export function showOfflineLobby(root) {
  const gameSel = h('select', { id: 'off-game' }), levelSel = h('select', { id: 'off-level' },
    [1, 2, 3, 4, 5, 6, 7, 8].map(l => h('option', { value: l }, t('Level {l}', { l }))));
  const seatSel = h('select', { id: 'off-seat' }, h('option', { value: 0 }, t('Move first')), h('option', { value: 1 }, t('Move second')));
  const form = h('form', { class: 'card', 'aria-labelledby': 'off-h', onsubmit: ev => {
    ev.preventDefault();
    location.href = '/analysis?' + new URLSearchParams({ game: gameSel.value, vs: 'computer', level: levelSel.value, seat: seatSel.value });
  } },
  h('h2', { id: 'off-h' }, t('Play the computer in this browser')),
  h('p', { class: 'muted' }, t('The engine runs here, so these games need no connection. A game with a setup stage starts from its standard setup.')),
  h('label', { class: 'field' }, t('Game '), gameSel), h('label', { class: 'field' }, t('Strength '), levelSel), h('label', { class: 'field' }, t('You '), seatSel),
  h('div', { class: 'row' }, h('button', { class: 'primary', type: 'submit', id: 'off-play' }, t('Play'))));
  const kept = h('section', { class: 'card', 'aria-labelledby': 'kept-h' });
  root.append(h('div', { class: 'lobby offline' },
    h('section', {}, h('h1', {}, navigator.onLine === false ? t('Offline') : t('In this browser')),
      h('p', { id: 'offline-note' }, navigator.onLine === false ? t('There is no connection: online games, seeks and accounts come back with it. Until then:')
        : t('These games run here, without the server, and go on working with no connection. '), navigator.onLine === false ? '' : h('a', { href: '#/' }, t('Back to the lobby'))), form),
    kept));
  games().then(list => {
    gameSel.replaceChildren(...list.map(g => h('option', { value: g.name }, t(g.title))));
  }).catch(() => form.replaceChildren(h('p', { class: 'error' }, t('The games are unknown: open the lobby once online.'))));
  drawKept();

  function drawKept() {
    const all = savedGames();
    kept.replaceChildren(h('h2', { id: 'kept-h' }, t('Games kept in this browser')),
      all.length ? h('ul', { class: 'kept' }, all.map(g => h('li', {},
        h('b', {}, t(g.title || g.game)), ' · ' + t('level {x}', { x: g.level }) + ' · ' + tn('{n} move', '{n} moves', g.moves.length) + ' · ',
        g.over ? t('over: {reason}', { reason: t(g.reason) }) : t('in progress'), ' ',
        g.over ? '' : h('a', { href: '/analysis?' + new URLSearchParams({ local: g.id, vs: 'computer' }) }, t('Resume')), ' ',
        h('a', { href: '/analysis?' + new URLSearchParams({ local: g.id }) }, t('Analyse')), ' ',
        h('button', { type: 'button', onclick: () => downloadRecord(g) }, t('Download')), ' ',
        h('button', { type: 'button', 'aria-label': t('Forget {game} game', { game: g.title || g.game }), onclick: () => { removeGame(g.id); drawKept(); } }, t('Forget')))))
        : h('p', { class: 'muted' }, t('None yet.')));
  }
}
