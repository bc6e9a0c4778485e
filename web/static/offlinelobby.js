// The lobby without a connection: games against the computer that run in
// the browser (the analysis board's "vs" mode, with the WebAssembly
// engine), and the games kept in this browser, to resume, analyse or
// download. The router shows it while the browser is offline.
import { h } from './dom.js';
import { games } from './meta.js';
import { savedGames, downloadRecord, removeGame } from './offlinegame.js';

/** Shows the offline lobby in root. */
export function showOfflineLobby(root) {
  const gameSel = h('select', { id: 'off-game' }), levelSel = h('select', { id: 'off-level' },
    [1, 2, 3, 4, 5, 6, 7, 8].map(l => h('option', { value: l }, `Level ${l}`)));
  const seatSel = h('select', { id: 'off-seat' }, h('option', { value: 0 }, 'Move first'), h('option', { value: 1 }, 'Move second'));
  const form = h('form', { class: 'card', 'aria-labelledby': 'off-h', onsubmit: ev => {
    ev.preventDefault();
    location.href = '/analysis?' + new URLSearchParams({ game: gameSel.value, vs: 'computer', level: levelSel.value, seat: seatSel.value });
  } },
  h('h2', { id: 'off-h' }, 'Play the computer in this browser'),
  h('p', { class: 'muted' }, 'The engine runs here, so these games need no connection. A game with a setup stage starts from its standard setup.'),
  h('label', { class: 'field' }, 'Game ', gameSel), h('label', { class: 'field' }, 'Strength ', levelSel), h('label', { class: 'field' }, 'You ', seatSel),
  h('div', { class: 'row' }, h('button', { class: 'primary', type: 'submit', id: 'off-play' }, 'Play')));
  const kept = h('section', { class: 'card', 'aria-labelledby': 'kept-h' });
  root.append(h('div', { class: 'lobby offline' },
    h('section', {}, h('h1', {}, navigator.onLine === false ? 'Offline' : 'In this browser'),
      h('p', { id: 'offline-note' }, navigator.onLine === false ? 'There is no connection: online games, seeks and accounts come back with it. Until then:'
        : 'These games run here, without the server, and go on working with no connection. ', navigator.onLine === false ? '' : h('a', { href: '#/' }, 'Back to the lobby')), form),
    kept));
  games().then(list => {
    gameSel.replaceChildren(...list.map(g => h('option', { value: g.name }, g.title)));
  }).catch(() => form.replaceChildren(h('p', { class: 'error' }, 'The games are unknown: open the lobby once online.')));
  drawKept();

  function drawKept() {
    const all = savedGames();
    kept.replaceChildren(h('h2', { id: 'kept-h' }, 'Games kept in this browser'),
      all.length ? h('ul', { class: 'kept' }, all.map(g => h('li', {},
        h('b', {}, g.title || g.game), ` · level ${g.level} · ${g.moves.length} move${g.moves.length === 1 ? '' : 's'} · `,
        g.over ? `over: ${g.reason}` : 'in progress', ' ',
        g.over ? '' : h('a', { href: '/analysis?' + new URLSearchParams({ local: g.id, vs: 'computer' }) }, 'Resume'), ' ',
        h('a', { href: '/analysis?' + new URLSearchParams({ local: g.id }) }, 'Analyse'), ' ',
        h('button', { type: 'button', onclick: () => downloadRecord(g) }, 'Download'), ' ',
        h('button', { type: 'button', 'aria-label': `Forget ${g.title || g.game} game`, onclick: () => { removeGame(g.id); drawKept(); } }, 'Forget'))))
        : h('p', { class: 'muted' }, 'None yet.'));
  }
}
