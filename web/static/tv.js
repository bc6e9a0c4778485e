// The TV page (/tv/<game>): the game's featured game big, followed move by
// move over its spectator websocket, with the players' names, ratings and
// clocks, the last move and how many watch; when it ends its result shows
// for a moment and the next game comes on by itself (the TV's event stream
// says which). The other games' channels are listed beside it.
import { h } from './dom.js';
import { renderBoard } from './board.js';
import { drawHands } from './hands.js';
import { get } from './settings.js';
import { drawClocks as drawSeatClocks } from './play-clocks.js';
import { ratingText, changeText, nameText } from './players.js';
import { autoLayout, fitUnit } from './layouts.js';
import { seatLabel, lastPlies, resultText, statusText, rounds } from './play-state.js';
import { channelText, watchingText, sides, secondsToNext } from './tv-state.js';
import { setConn } from './conn.js';
import { t } from './i18n.js';

/** Shows game's TV channel in root; returns a clean-up function. */
export function showTV(root, game) {
  const title = h('h1', {}, t('TV'));
  const watching = h('span', { class: 'muted tv-watching', id: 'tv-watching' });
  const status = h('p', { class: 'status', id: 'tv-status', 'aria-live': 'polite' }, t('Loading…'));
  const top = h('div', { class: 'tv-players tv-top' }), bottom = h('div', { class: 'tv-players tv-bottom' });
  const handsTop = h('div', { class: 'hand' }), handsBottom = h('div', { class: 'hand' });
  const boardEl = h('div', { class: 'levels' });
  const last = h('p', { class: 'muted tv-last', id: 'tv-last' });
  const open = h('p', { class: 'tv-open' });
  const others = h('ul', { class: 'list tv-channels' });
  const flipKey = 'wyrm.tvflip.' + game;
  const flipBtn = h('button', { type: 'button', title: t('Turn the board round for this channel'), onclick: () => {
    try { localStorage.setItem(flipKey, flipped() ? '0' : '1'); } catch { /* kept until reload */ }
    draw();
  } }, t('⇅ Flip'));
  const empty = h('p', { class: 'tv-empty', id: 'tv-empty', hidden: true });
  const stage = h('div', { class: 'tv-stage' }, top, handsTop, boardEl, handsBottom, bottom, last, open);
  root.append(h('div', { class: 'tv' },
    h('section', { class: 'tv-main', 'aria-label': t('Featured game') },
      h('div', { class: 'bar' }, title, watching, h('div', { class: 'tools' }, flipBtn)), status, empty, stage),
    h('aside', { class: 'side' }, h('div', { class: 'card' }, h('h2', {}, t('Channels')), others))));

  let ch = null; // this game's channel, as the stream last told
  let st = null; // the featured game's state, from its websocket
  let ws = null, wsId = '', retry = 0, closed = false, events = null;

  function flipped() { try { return localStorage.getItem(flipKey) === '1'; } catch { return false; } }

  // The featured game's websocket: a spectator's, opened anew for each game.
  function follow(id) {
    if (id === wsId) return;
    if (ws) { ws.onclose = ws.onmessage = null; ws.close(); ws = null; }
    // The last game stays on the screen until the next one's state comes.
    wsId = id; retry = 0;
    if (!id) st = null;
    if (id) connect();
    draw();
  }
  function connect() {
    const id = wsId;
    ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws/' + id);
    ws.onopen = () => { retry = 0; setConn(''); };
    ws.onmessage = ev => {
      const m = JSON.parse(ev.data);
      if (m.type === 'state' && m.id === wsId) { m.receivedAt = Date.now(); st = m; draw(); }
      else if (m.type === 'spectators' && st) { st.spectators = m.count; drawWatching(); }
    };
    ws.onclose = () => {
      if (closed || id !== wsId) return;
      setConn(t('Connection lost — reconnecting…'));
      setTimeout(() => { if (!closed && id === wsId) connect(); }, Math.min(5000, 500 * 2 ** retry++));
    };
  }

  function listen() {
    events = new EventSource('/api/tv/events');
    events.addEventListener('tv', ev => {
      let all;
      try { all = JSON.parse(ev.data).channels; } catch { return; }
      ch = all.find(c => c.game === game) || null;
      drawChannels(all);
      if (!ch) { status.textContent = ''; empty.hidden = false; empty.textContent = t('There is no such game to watch.'); stage.hidden = true; return; }
      follow(ch.featured ? ch.featured.id : '');
      draw();
    });
  }

  function drawChannels(all) {
    others.replaceChildren(...all.map(c => h('li', { class: c.game === game ? 'on' : '' },
      h('a', { href: '/tv/' + encodeURIComponent(c.game), 'aria-current': c.game === game ? 'page' : null }, t(c.title)),
      h('span', { class: 'muted' }, ' ', channelText(c)))));
  }

  function drawWatching() {
    const n = st ? st.spectators : ch && ch.featured ? ch.featured.spectators : 0;
    watching.textContent = ch && ch.featured ? watchingText(n) : '';
  }

  function player(i) {
    const s = st.seats[i];
    const who = nameText(s) || t('Guest');
    const r = ratingText(s);
    return h('div', { class: 'tv-player' + (st.waiting.includes(i) && !st.outcome.over ? ' turn' : ''), 'data-seat': i },
      h('span', { class: 'swatch s' + i }),
      h('span', { class: 'who' }, h('strong', { class: 'player-name' }, who), r ? h('span', { class: 'rating muted' }, ' ', r) : '',
        s.bot ? h('span', { class: 'badge bot' }, t('BOT')) : '',
        changeText(s) ? h('span', { class: 'rating-change' + (s.ratingChange > 0 ? ' up' : s.ratingChange < 0 ? ' down' : '') }, ' ', changeText(s)) : '',
        h('small', { class: 'muted' }, ' · ', seatLabel(st, i))),
      st.clock ? h('span', { class: 'clock', 'data-seat': i }) : '');
  }

  function draw() {
    if (closed) return;
    drawWatching();
    const title0 = ch ? t(ch.title) : '';
    title.textContent = title0 ? t('TV') + ' · ' + title0 : t('TV');
    document.title = title0 ? t('{title0} TV — wyrm', { title0 }) : t('TV — wyrm');
    flipBtn.hidden = !(ch && ch.featured);
    if (ch && !ch.featured) {
      stage.hidden = true; empty.hidden = false;
      empty.textContent = t('Nothing is being played in {title} right now. A game comes on here as soon as one starts.', { title: t(ch.title) });
      status.textContent = '';
      return;
    }
    empty.hidden = true;
    if (!st) { stage.hidden = !!ch; status.textContent = t('Loading…'); return; }
    stage.hidden = false;
    const next = secondsToNext(ch || {}, Date.now());
    status.textContent = st.outcome.over ? resultText(st) + (ch && ch.until ? (next ? t(' · next game in {next} s', { next }) : t(' · next game coming')) : '')
      : statusText({ st, viewPly: null });
    status.className = st.outcome.over ? 'status result' : 'status';
    const side = sides(st.seats.length, flipped());
    top.replaceChildren(...side.top.map(player));
    bottom.replaceChildren(...side.bottom.map(player));
    const n = st.plies.length;
    if (n) {
      const p = st.plies[n - 1], r = rounds(st.plies)[n - 1];
      last.textContent = t('Last move: {r}{x} {text}', { r, x: p.seat === 0 ? '.' : '…', text: p.san || p.text });
    } else last.textContent = st.stage === 'play' ? t('No move yet.') : '';
    open.replaceChildren(h('a', { href: '#/g/' + st.id }, t('Open the game page')), h('span', { class: 'muted' }, t(' (moves, chat)')));
    const b = st.board;
    if (!b || !b.geometry) { boardEl.replaceChildren(); return; }
    const flip = flipped() && st.seats.length === 2;
    drawHands(handsTop, handsBottom, b, { game: st.game, pictures: get('pieces') === 'pictures', legal: [], bottom: flip ? 1 : 0,
      seatName: i => seatLabel(st, i), can: () => false, selected: null, onPick: () => {}, onDragStart: () => {}, onDrop: () => {} });
    const g = b.geometry, layout = autoLayout(g.levels, innerWidth);
    const width = Math.floor(stage.getBoundingClientRect().width || innerWidth) - 8;
    const avail = Math.max(220, innerHeight - boardEl.getBoundingClientRect().top - bottom.offsetHeight - last.offsetHeight - 40);
    const lasts = lastPlies(st.plies, n, st.seats.filter(s => !s.out).length - 1);
    renderBoard(boardEl, b, { flip, unit: fitUnit(g, layout, width, avail), layout,
      last: lasts.map(p => ({ from: p.from, to: p.to, target: p.target })), check: b.check,
      seatNames: st.seats.map((_, i) => seatLabel(st, i)), game: st.game, pictures: get('pieces') === 'pictures' });
    drawClocks();
  }

  // The game page's clocks, as a spectator sees them (no seat: no sound).
  function drawClocks() {
    const tv = root.querySelector('.tv');
    if (tv) drawSeatClocks({ st }, tv);
  }

  const tick = setInterval(() => {
    drawClocks();
    if (st && st.outcome.over && ch && ch.until) status.textContent = resultText(st) + (secondsToNext(ch, Date.now()) ? t(' · next game in {x} s', { x: secondsToNext(ch, Date.now()) }) : t(' · next game coming'));
  }, 250);
  let resizeTimer = null;
  const onResize = () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(draw, 80); };
  addEventListener('resize', onResize);
  addEventListener('wyrm-settings', draw);
  listen();
  return () => {
    closed = true;
    clearInterval(tick);
    removeEventListener('resize', onResize);
    removeEventListener('wyrm-settings', draw);
    if (events) events.close();
    if (ws) { ws.onclose = null; ws.close(); }
  };
}
