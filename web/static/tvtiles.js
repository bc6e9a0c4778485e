// The lobby's TV: a small live board per game with something in progress,
// each leading to its channel (/tv/<game>), kept up to date by the TV's
// event stream; with nothing in progress it says so.
import { h } from './dom.js';
import { drawMiniBoard } from './miniboard.js';
import { matchText, watchingText } from './tv-state.js';
import { t } from './i18n.js';

const TILE = 230; // px: a tile's board at most this wide and high

/** The TV card of the lobby; close() ends its stream. */
export function tvTiles() {
  const row = h('div', { class: 'tv-tiles' });
  const el = h('div', { class: 'card', id: 'tv-card' }, h('h2', {}, t('TV')), row);
  const tiles = new Map(); // game -> { el, board, key }
  let events = null;

  function onChannels(all) {
    const on = all.filter(c => c.featured);
    if (!on.length) {
      tiles.clear();
      row.replaceChildren(h('p', { class: 'muted', id: 'tv-nothing' }, t('Nothing is being played right now.')));
      return;
    }
    for (const g of [...tiles.keys()]) if (!on.some(c => c.game === g)) tiles.delete(g);
    for (const c of on) {
      let tile = tiles.get(c.game);
      if (!tile) {
        const board = h('div', { class: 'levels' });
        tile = { board, key: '', who: h('span', { class: 'who' }), watching: h('small', { class: 'muted' }) };
        tile.el = h('a', { class: 'tv-tile', href: '/tv/' + encodeURIComponent(c.game), 'data-game': c.game, title: t('Watch {title} TV', { title: t(c.title) }) },
          h('strong', {}, t(c.title)), board, tile.who, tile.watching);
        tiles.set(c.game, tile);
      }
      const f = c.featured;
      tile.who.textContent = matchText(f);
      tile.watching.textContent = (f.list === 'finished' ? t('Game over · ') : '') + watchingText(f.spectators);
      const key = `${f.id}/${f.plies}/${f.stage}`;
      if (key !== tile.key) { tile.key = key; loadBoard(tile, f.id, key); }
    }
    row.replaceChildren(...on.map(c => tiles.get(c.game).el));
  }

  // The board is read again only when the game moved on.
  const loadBoard = (tile, id, key) => drawMiniBoard(tile.board, id, TILE, () => tile.key === key);

  if (typeof EventSource !== 'undefined') {
    events = new EventSource('/api/tv/events');
    events.addEventListener('tv', ev => { try { onChannels(JSON.parse(ev.data).channels); } catch { /* a broken push is skipped */ } });
  }
  return { el, close() { if (events) events.close(); } };
}
