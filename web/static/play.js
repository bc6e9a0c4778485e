// The game screen: board, setup stages, move list, clocks and actions, kept
// in sync with the server over a websocket. showGame assembles the parts,
// each a module of its own, around one view of the game that they share.
import { h } from './dom.js';
import { markTab } from './tab.js';
import { setConn } from './conn.js';
import { chatPanel } from './chat.js';
import { gamePage } from './play-layout.js';
import { gameConnection } from './play-conn.js';
import { gameBoard } from './play-board.js';
import { setupStages } from './play-setup.js';
import { moveList } from './play-moves.js';
import { gameActions } from './play-actions.js';
import { drawSeats } from './play-seats.js';
import { drawClocks, placeClocks } from './play-clocks.js';
import { drawInvite } from './play-invite.js';
import { screenReader } from './play-reader.js';
import { mine, myTurn, inSetup, cur, rounds, statusText } from './play-state.js';
import { tournamentReturn } from './tourney-games.js';
import { t, tOptions } from './i18n.js';

/** Shows game id in root; returns a clean-up function. */
export function showGame(root, id) {
  // The view the parts share: the server's state, the position looked at,
  // and what the player is doing on the board.
  const v = {
    id, st: null, viewPly: null, viewBoard: null, awaitingHello: false,
    sel: null, pending: null, premove: null, anim: null, note: '', lowWarned: false,
    send: msg => conn.send(msg), draw, drawBoard: again => board.drawBoard(again),
  };
  const page = gamePage(v);
  const setup = setupStages(v, page.setupEl);
  const board = gameBoard(v, page, setup);
  const moves = moveList(v, page.errBox);
  const actions = gameActions(v);
  const seatsEl = h('div', { class: 'seats' });
  const reader = screenReader(v);
  const chat = chatPanel({ id, send: msg => v.send(msg), you: () => mine(v) });
  const conn = gameConnection(v, { chat, errBox: page.errBox, moveInput: board.moveInput, setupFor: setup.forSeat, playPremove: board.playPremove });
  page.mount(root, { moveForm: board.moveForm, seatsEl, chatEl: chat.el, movesEl: moves.el, navEl: moves.nav,
    actionsEl: actions.el, extraEl: actions.extra, dialog: board.dialog });
  // The screen reader's part comes first after the status line, where a
  // screen reader finds it at once.
  root.querySelector('.board-area .bar').after(reader.el);

  function draw() {
    const st = v.st;
    if (!st) return;
    // Once the seats are proven, so that the chat asks for the rooms they read.
    if (!v.awaitingHello) chat.update(st);
    // The options in the game's words when the server gives them.
    const opts = st.optionsText ? st.optionsText.map(tOptions) : Object.entries(st.options || {}).map(([k, x]) => `${k}: ${x}`);
    page.title.textContent = t(st.title) + (opts.length ? ' · ' + opts.join('; ') : '');
    markTab(`${t(st.title)} — wyrm`, myTurn(v) || (inSetup(v) && mine(v).some(i => st.waiting.includes(i))));
    const viewing = v.viewPly !== null && v.viewBoard;
    const shown = viewing ? v.viewBoard : st.board;
    const status = page.status;
    if (viewing) {
      const p = st.plies[v.viewPly - 1], r = rounds(st.plies)[v.viewPly - 1];
      status.replaceChildren(v.viewPly === 0 ? t('Viewing the starting position') : t('Viewing the position after {r}{x} {text}', { r, x: p.seat === 0 ? '.' : '…', text: p.san || p.text }));
    } else status.replaceChildren(statusText(v));
    if (!viewing && v.note && !st.outcome.over) status.append(h('small', { class: 'muted note' }, ' · ' + v.note));
    // The game's no-progress draw rule, once half of it has run.
    const q = shown && shown.quiet;
    if (q && !st.outcome.over && q.count * 2 >= q.limit) status.append(h('small', { class: 'muted quiet' }, t(' · {count} of {limit} turns without progress (drawn at {limit})', { count: q.count, limit: q.limit })));
    status.className = st.outcome.over ? 'status result' : 'status';
    if (!viewing) tournamentReturn(id, st.outcome.over, status);
    drawInvite(v, page.inviteEl);
    setup.draw();
    board.draw(shown, viewing);
    drawSeats(v, seatsEl);
    placeClocks(v, page);
    drawClocks(v, root);
    moves.draw();
    actions.draw(shown);
    reader.update();
  }

  const onKey = ev => {
    if (!v.st || ev.target.closest('input, textarea, select, dialog, .grip')) return;
    if (ev.key === 'ArrowLeft') moves.goTo(cur(v) - 1);
    else if (ev.key === 'ArrowRight') moves.goTo(cur(v) + 1);
    else if (ev.key === 'Home') moves.goTo(0);
    else if (ev.key === 'End') moves.goTo(v.st.plies.length);
    else if (ev.key === 'Escape') board.cancel();
    else if (ev.key === 'f' && !ev.ctrlKey && !ev.metaKey) page.flip();
    else return;
    ev.preventDefault();
  };
  // A right-click cancels a premove and a selection, as on other sites.
  const onRight = ev => { if (ev.button === 2 && (v.premove || v.sel !== null) && page.boardEl.contains(ev.target)) { v.premove = null; v.sel = null; v.note = ''; draw(); } };
  let resizeTimer = null;
  const onResize = () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => board.drawBoard(), 60); };
  const onSettings = () => { if (v.st) draw(); };
  addEventListener('keydown', onKey);
  addEventListener('pointerdown', onRight, true);
  addEventListener('resize', onResize);
  addEventListener('wyrm-settings', onSettings);
  const tick = setInterval(() => drawClocks(v, root), 200);
  // A mistyped address: the socket alone would reconnect for ever, so the
  // API is asked first whether the game exists. Its answer names the node
  // serving the game, which the socket passes on (?node=) so that a proxy
  // can route it there directly; an answer that is slow to come does not
  // hold the board up.
  let left = false, opened = false;
  const open = () => { if (!opened && !left) { opened = true; conn.open(); } };
  const openAnyway = setTimeout(open, 1500);
  fetch('/api/games/' + encodeURIComponent(id)).then(r => {
    v.node = r.headers.get('X-Wyrm-Node') || '';
    if (r.status === 404) { if (!left) notFound(); } else open();
  }).catch(open).finally(() => clearTimeout(openAnyway));
  function notFound() {
    clearInterval(tick);
    conn.close();
    setConn('');
    root.replaceChildren(h('div', { class: 'card not-found', id: 'no-such-game' }, h('h1', {}, t('No such game')),
      h('p', {}, t('There is no game at this address. It may be mistyped, or the game was never created.')),
      h('p', {}, h('a', { class: 'btn primary', href: '#/' }, t('Back to the lobby')))));
  }
  return () => {
    left = true;
    clearTimeout(openAnyway);
    clearInterval(tick);
    conn.close(); actions.close();
    removeEventListener('keydown', onKey); removeEventListener('pointerdown', onRight, true);
    removeEventListener('resize', onResize); removeEventListener('wyrm-settings', onSettings);
    markTab(t('wyrm — fantasy chess in the browser'), false);
  };
}
