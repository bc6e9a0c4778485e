// Challenges wherever the player is on the site: those to them (accept, or
// decline with a reason), those they sent and their seeks (cancel; the
// answer), and the move to the game when one starts. Seeks and challenges
// are posted through here, which keeps each one's seat token until its game
// starts.
import { api } from './api.js';
import { addTokens } from './tokens.js';
import { h } from './dom.js';
import { me } from './session.js';
import { on, streamSecret, currentSecret } from './stream.js';
import { playerText } from './players.js';

const mine = new Map(); // challenge id -> {token, view}, posted from this page
const incoming = new Map(); // challenge id -> view, waiting for this player's answer
const notes = new Map(); // note id -> text: answers and endings to read
const answers = new Map(); // challenge id -> how it ended without a game (declined, expired)
const watchers = new Set(); // called when mine changes
let box = null, noteSeq = 0;

/** The reasons a player may give for declining, with their labels. */
export const declineChoices = [['generic', 'Not now'], ['later', 'Later'], ['timeControl', 'Another time control'],
  ['rated', 'Rated instead'], ['casual', 'Casual instead'], ['options', 'Other options']];

/** How a clock reads: "5+3", "3 days a move", "no clock". */
export function clockText(c) {
  if (c.days) return `${c.days} day${c.days > 1 ? 's' : ''} a move`;
  if (!c.initialMs) return 'no clock';
  return `${+(c.initialMs / 60000).toFixed(2)}+${+(c.incrementMs / 1000).toFixed(1)}`;
}

/** Who plays which colour in a challenge: its author's seat, or random. */
export function colourText(c) {
  const names = c.seatNames || [];
  if (names.length !== 2) return '';
  if (c.seat !== 0 && c.seat !== 1) return 'random colours';
  const n = names[c.seat];
  return `${c.author && c.author.name ? c.author.name : 'the author'} plays ${n[0].toUpperCase() + n.slice(1)}`;
}

/** A challenge's terms in one line. */
export function describe(c) {
  const clip = v => v.length > 40 ? v.slice(0, 39) + '…' : v;
  const opts = c.optionsText ? c.optionsText.map(clip) : Object.entries(c.options || {}).map(([k, v]) => clip(`${k}: ${v}`));
  return [c.title, clockText(c.clock), c.rated ? 'rated' : 'casual', colourText(c), ...opts].filter(Boolean).join(' · ');
}

/** The ids of the seeks and challenges this page posted and that wait. */
export function myChallenges() { return new Set(mine.keys()); }

/** How challenge id of this page ended without a game ("bob declined your
 * challenge: …"), '' while it waits or when it led to a game. */
export function answerOf(id) { return answers.get(id) || ''; }

/** Calls fn whenever this page's challenges change; returns the unsubscribe function. */
export function watchMine(fn) { watchers.add(fn); return () => watchers.delete(fn); }

function changed() {
  for (const fn of watchers) fn();
  draw();
}

function note(text) {
  notes.set(++noteSeq, text);
  draw();
}

/** Posts a seek or challenge (body as POST /api/challenges takes it, less
 * the stream); with pair, a game found at once is opened. */
export async function postChallenge(body) {
  const stream = await streamSecret();
  const r = await api('/api/challenges', { ...body, stream });
  if (r.game) {
    go(r.game, r.token);
    return r;
  }
  mine.set(r.challenge.id, { token: r.token, view: r.challenge });
  changed();
  return r;
}

/** Accepts a seek or a challenge, and opens its game. */
export async function acceptChallenge(id) {
  const stream = currentSecret();
  const r = await api(`/api/challenges/${id}/accept`, stream ? { stream } : {});
  incoming.delete(id);
  go(r.game, r.token);
}

/** Withdraws one of this page's seeks or challenges. */
export async function cancelChallenge(id) {
  const stream = currentSecret();
  mine.delete(id);
  changed();
  await api(`/api/challenges/${id}/cancel`, stream ? { stream } : {});
}

async function decline(id, reason) {
  await api(`/api/challenges/${id}/decline`, { reason });
  incoming.delete(id);
  draw();
}

function go(game, token) {
  addTokens(game, [token]);
  location.hash = '#/g/' + game;
}

/** Starts following the stream's messages and shows them in a corner of every screen. */
export function initChallenges() {
  box = h('aside', { class: 'notices', 'aria-label': 'Challenges', 'aria-live': 'polite' });
  document.body.append(box);
  // A new stream holds none of the old one's seeks and challenges.
  on('hello', () => { mine.clear(); changed(); });
  on('challenge', d => {
    const c = d.challenge;
    if (me.signedIn && c.target && c.target.name === me.name) incoming.set(c.id, c);
    draw();
  });
  on('challengeCanceled', d => {
    const c = d.challenge;
    incoming.delete(c.id);
    const was = mine.get(c.id);
    mine.delete(c.id);
    if (was && d.reason === 'expired') {
      const text = was.view.target ? `Your challenge to ${was.view.target.name} expired.` : 'Your seek expired.';
      answers.set(c.id, text);
      note(text);
    }
    changed();
  });
  on('challengeDeclined', d => {
    const c = d.challenge;
    incoming.delete(c.id);
    if (mine.delete(c.id)) {
      const text = `${c.target ? c.target.name : 'They'} declined your challenge: ${d.text}`;
      answers.set(c.id, text);
      note(text);
    }
    changed();
  });
  on('gameStart', d => {
    const g = d.game, was = mine.get(g.challenge);
    incoming.delete(g.challenge);
    mine.delete(g.challenge);
    changed();
    if (was) go(g.id, was.token);
  });
}

function draw() {
  if (!box) return;
  const items = [];
  for (const c of incoming.values()) {
    const reason = h('select', { 'aria-label': 'Reason for declining' }, declineChoices.map(([v, l]) => h('option', { value: v }, l)));
    const err = h('p', { class: 'error', role: 'alert' });
    const act = f => async () => { err.textContent = ''; try { await f(); } catch (e) { err.textContent = e.message; } };
    items.push(h('div', { class: 'notice incoming', 'data-id': c.id },
      h('p', {}, h('a', { href: '#/players/' + encodeURIComponent(c.author.name) }, playerText(c.author)), ' challenges you'),
      h('p', { class: 'muted' }, describe(c)),
      h('div', { class: 'row' }, h('button', { class: 'primary accept', onclick: act(() => acceptChallenge(c.id)) }, 'Accept'),
        h('button', { class: 'decline', onclick: act(() => decline(c.id, reason.value)) }, 'Decline')),
      h('label', { class: 'muted reason' }, 'Reason to give if you decline', reason), err));
  }
  for (const [id, { view: c }] of mine) {
    items.push(h('div', { class: 'notice outgoing', 'data-id': id },
      h('p', {}, c.target ? `Waiting for ${c.target.name} to answer…` : 'Seeking an opponent…'),
      h('p', { class: 'muted' }, describe(c)),
      h('div', { class: 'row' }, h('button', { class: 'cancel', onclick: () => cancelChallenge(id).catch(e => note(e.message)) }, 'Cancel'))));
  }
  for (const [id, text] of notes) {
    items.push(h('div', { class: 'notice note', role: 'status' }, h('p', {}, text),
      h('button', { class: 'close', 'aria-label': 'Dismiss', onclick: () => { notes.delete(id); draw(); } }, '×')));
  }
  box.replaceChildren(...items);
}
