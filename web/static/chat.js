// The game's chat: the players' room and the spectators', as the server
// lets this connection read and write them, with mute (kept in this
// browser), block (kept with the account) and report on each message.
// Text is only ever put in the page as text, never as markup.
import { api } from './api.js';
import { me } from './session.js';
import { h } from './dom.js';
import { greetsOpponent } from './play-state.js';
import { t, tn, mark } from './i18n.js';

const MUTED = 'wyrm.chat.muted', OPEN = 'wyrm.chat.open', MAX_MUTED = 500;
const ROOM_NAMES = { players: mark('Players'), spectators: mark('Spectators') };

function load(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}
function save(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* kept until reload */ }
}

/**
 * Builds the chat panel of game id. send(msg) sends a websocket message and
 * returns its id; you() lists the seats this connection holds. Returns the
 * panel's element, update(state) to call on every state, reset() on every
 * new connection, and receive(message), which reports whether a websocket
 * message was the chat's.
 */
export function chatPanel({ id, send, you }) {
  let rooms = [], room = null, key = null, blocksLoaded = false, greet = false;
  const unread = {}; // room -> messages come while it was not in view
  let blocked = new Set(); // lower-case names of the accounts blocked
  const msgs = new Map(); // message id -> message
  const pending = new Map(); // request id -> what it was ('history', 'say', 'report')
  let open = load(OPEN, true);
  let muted = new Set(load(MUTED, [])); // mutedKey of each muted author, this browser's

  const list = h('ol', { class: 'chat-lines', 'aria-label': t('Messages') });
  // The list is redrawn whole; a screen reader hears only what is new.
  const live = h('p', { class: 'sr', 'aria-live': 'polite' });
  const input = h('input', { id: 'chat-text', maxlength: 200, autocomplete: 'off', enterkeyhint: 'send', 'aria-label': t('Message'), placeholder: t('Say something…') });
  const form = h('form', { class: 'chat-say row', onsubmit: ev => { ev.preventDefault(); say(); } },
    input, h('button', { type: 'submit', id: 'chat-send' }, t('Send')));
  const why = h('p', { class: 'muted chat-why' });
  const tabs = h('div', { class: 'chat-tabs', role: 'tablist', 'aria-label': t('Rooms') });
  const note = h('p', { class: 'chat-note', role: 'status' });
  const hidden = h('div', { class: 'chat-hidden' });
  const toggle = h('button', { type: 'button', class: 'chat-toggle', id: 'chat-toggle', 'aria-controls': 'chat-body', onclick: () => {
    open = !open; save(OPEN, open); render();
  } });
  const body = h('div', { id: 'chat-body' }, tabs, list, hidden, form, why, note, live);
  const el = h('section', { class: 'card chat', id: 'chat', 'aria-label': t('Chat'), hidden: true }, h('h2', {}, toggle), body);

  const mutedKey = m => m.guest ? `g:${id}:${m.seat}` : 'u:' + m.name.toLowerCase();
  const isMuted = m => muted.has(mutedKey(m));
  const isBlocked = m => !m.guest && blocked.has(m.name.toLowerCase());
  const isOwn = m => m.guest ? you().includes(m.seat) : !!me.signedIn && m.name.toLowerCase() === (me.name || '').toLowerCase();
  const access = () => rooms.find(r => r.room === room);

  function request(msg, what) {
    const n = send(msg);
    if (n) pending.set(n, what);
    return n;
  }

  /** Asks for the history whenever what this connection reads may change. */
  function update(st) {
    greet = greetsOpponent(st);
    const k = `${st.you.join(',')}|${st.outcome.over}`;
    if (k === key) return;
    key = k;
    request({ type: 'chat-history' }, 'history');
  }

  function say() {
    const text = input.value.trim();
    if (!text || !room) return;
    request({ type: 'chat', room, text }, 'say');
  }

  function receive(m) {
    if (m.type === 'chat') {
      msgs.set(m.message.id, m.message);
      const x = m.message, r = x.room;
      if (!isOwn(x) && !isMuted(x) && !isBlocked(x)) {
        live.textContent = `${x.name}: ${x.text}`;
        if (!open || r !== room) unread[r] = (unread[r] || 0) + 1;
      }
      render();
      return true;
    }
    if (m.type === 'chat-history') {
      pending.delete(m.id);
      rooms = m.rooms || [];
      if (m.max) input.maxLength = m.max;
      // The history holds everything up to its last message; what came
      // live after it stays.
      const last = Math.max(0, ...m.messages.map(x => x.id));
      for (const [k, v] of msgs) if (!rooms.some(r => r.room === v.room) || v.id <= last) msgs.delete(k);
      for (const x of m.messages) msgs.set(x.id, x);
      if (!rooms.some(r => r.room === room)) room = rooms.length ? rooms[0].room : null;
      if (me.signedIn && !blocksLoaded) loadBlocks();
      render();
      return true;
    }
    const what = pending.get(m.id);
    if (!what || (m.type !== 'ack' && m.type !== 'error')) return false;
    pending.delete(m.id);
    if (m.type === 'error') note.textContent = m.message;
    else if (what === 'say') { input.value = ''; note.textContent = ''; }
    else if (what === 'report') note.textContent = t('Reported. Thank you: the operator will read it.');
    return true;
  }

  async function loadBlocks() {
    blocksLoaded = true;
    try { setBlocked((await api('/api/chat/blocks')).names); } catch { blocksLoaded = false; }
  }
  function setBlocked(names) { blocked = new Set((names || []).map(n => n.toLowerCase())); render(); }
  async function block(name, on) {
    try { setBlocked((await api('/api/chat/blocks', { name, block: on })).names); note.textContent = on ? t('{name} is blocked: you will not see their messages.', { name }) : t('{name} is unblocked.', { name }); } catch (e) { note.textContent = e.message; }
  }
  function mute(m, on) {
    const k = mutedKey(m);
    const all = load(MUTED, []).filter(x => x !== k); // as other tabs left it
    if (on) all.push(k);
    muted = new Set(all.slice(-MAX_MUTED));
    save(MUTED, [...muted]);
    note.textContent = on ? t('{name} is muted in this browser.', { name: m.name }) : t('{name} is unmuted.', { name: m.name });
    render();
  }

  function line(m) {
    const actions = h('div', { class: 'chat-actions', hidden: true },
      h('button', { type: 'button', class: 'chat-mute', onclick: () => mute(m, true) }, t('Mute')),
      me.signedIn && !m.guest ? h('button', { type: 'button', class: 'chat-block', onclick: () => block(m.name, true) }, t('Block')) : '',
      h('button', { type: 'button', class: 'chat-report', onclick: () => { actions.hidden = true; request({ type: 'chat-report', message: m.id }, 'report'); } }, t('Report')));
    const more = isOwn(m) ? '' : h('button', { type: 'button', class: 'chat-more', 'aria-label': t("Mute, block or report {name}'s message", { name: m.name }), 'aria-expanded': 'false',
      onclick: ev => { actions.hidden = !actions.hidden; ev.currentTarget.setAttribute('aria-expanded', String(!actions.hidden)); } }, '⋯');
    return h('li', { class: 'chat-line' + (isOwn(m) ? ' own' : ''), 'data-id': m.id, title: new Date(m.at).toLocaleTimeString() },
      m.seat >= 0 ? h('span', { class: 'swatch s' + m.seat, 'aria-hidden': 'true' }) : '',
      h('b', { class: 'chat-name' + (m.guest ? ' guest' : ''), title: m.guest ? t('a player without an account') : '' }, m.name),
      h('span', { class: 'chat-text' }, m.text), more, actions);
  }

  function render() {
    el.hidden = rooms.length === 0;
    if (el.hidden) return;
    if (open && room) unread[room] = 0;
    const news = Object.values(unread).reduce((a, b) => a + b, 0);
    toggle.textContent = t('Chat') + (rooms.length === 1 ? ' · ' + t(ROOM_NAMES[room]) : '') + (news ? t(' ({news} new)', { news }) : '');
    toggle.setAttribute('aria-expanded', String(open));
    body.hidden = !open;
    tabs.replaceChildren(...(rooms.length > 1 ? rooms.map(r => h('button', { type: 'button', role: 'tab', class: 'chat-tab', 'data-room': r.room,
      'aria-selected': String(r.room === room), onclick: () => { room = r.room; render(); } }, (ROOM_NAMES[r.room] ? t(ROOM_NAMES[r.room]) : r.room) + (unread[r.room] ? ` (${unread[r.room]})` : ''))) : []));
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
    const shown = [...msgs.values()].filter(m => m.room === room).sort((a, b) => a.id - b.id);
    const visible = shown.filter(m => !isMuted(m) && !isBlocked(m));
    list.replaceChildren(...visible.map(line));
    if (!visible.length) list.append(h('li', { class: 'muted chat-empty' }, room === 'players' && greet ? t('Nothing said yet. Say hello to your opponent.') : t('Nothing said yet.')));
    if (atEnd) list.scrollTop = list.scrollHeight;
    drawHidden(shown.length - visible.length);
    const a = access();
    form.hidden = !a || !a.write;
    why.replaceChildren();
    if (a && !a.write) why.append(a.signIn ? h('a', { href: '#/account' }, a.why) : a.why || t('You cannot write here.'));
  }

  // The muted and blocked, with a way back.
  function drawHidden(count) {
    hidden.replaceChildren();
    const here = [...muted].filter(k => k.startsWith('u:') || k.startsWith(`g:${id}:`));
    if (!here.length && !blocked.size) return;
    const names = new Map([...msgs.values()].map(m => [mutedKey(m), m.name]));
    hidden.append(h('details', {}, h('summary', {}, count ? tn('{n} hidden message', '{n} hidden messages', count) : t('Muted and blocked')),
      h('ul', { class: 'chat-list' },
        ...here.map(k => h('li', {}, names.get(k) || k.slice(2), ' ', h('button', { type: 'button', onclick: () => mute({ guest: k.startsWith('g:'), seat: Number(k.split(':')[2]), name: names.get(k) || k.slice(2) }, false) }, t('Unmute')))),
        ...[...blocked].map(n => h('li', {}, n, ' ', h('button', { type: 'button', onclick: () => block(n, false) }, t('Unblock')))))));
  }

  return { el, update, receive, reset: () => { key = null; } };
}
