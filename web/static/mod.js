// The moderators' page: the queue (reported chat messages with the
// messages around them and a link to the game, and accounts fair play
// flagged), actions on an account (mute, mark, close, each with a
// reason), and the moderators' log. The server answers its routes only to
// moderators (server/moderation).
import { api } from './api.js';
import { h } from './dom.js';
import { games, titleOf } from './meta.js';
import { t } from './i18n.js';

const when = ms => new Date(ms).toLocaleString();

/** Shows the moderators' page in root, with name's account open if given. */
export function showModeration(root, name = '') {
  const err = h('p', { class: 'error', role: 'alert' });
  const status = h('p', { class: 'muted', role: 'status', id: 'mod-status' });
  const queue = h('div', { id: 'mod-reports', 'aria-live': 'polite' }, h('p', { class: 'loading' }, t('Loading…')));
  const flags = h('div', { id: 'mod-flags' });
  const log = h('div', { id: 'mod-log' });
  const who = h('input', { id: 'mod-name', maxlength: 20, 'aria-label': t('Account name'), value: name, autocomplete: 'off' });
  const standing = h('div', { id: 'mod-standing' });
  const reason = h('input', { id: 'mod-reason', maxlength: 500, placeholder: t('Reason (kept in the log)'), 'aria-label': t('Reason') });
  const minutes = h('select', { id: 'mod-mute-minutes', 'aria-label': t('Mute for') },
    [[10, t('10 minutes')], [60, t('1 hour')], [1440, t('1 day')], [10080, t('1 week')], [0, t('lift the mute')]].map(([v, x]) => h('option', { value: v }, x)));
  const mark = h('select', { id: 'mod-mark-kind', 'aria-label': t('Mark as') },
    [['cheat', t('a cheat')], ['booster', t('a booster')], ['', t('no mark')]].map(([v, x]) => h('option', { value: v }, x)));
  const closeBtn = h('button', { type: 'button', id: 'mod-close', class: 'danger' }, t('Close account…'));
  const enc = () => encodeURIComponent(who.value.trim());

  async function act(path, body, said) {
    err.textContent = ''; status.textContent = '';
    if (!who.value.trim()) { err.textContent = t('Name an account first.'); return; }
    try {
      const r = await api(`/api/mod/accounts/${enc()}/${path}`, { ...body, reason: reason.value });
      status.textContent = said(r);
      show(r.account);
      loadLog();
      loadQueue(); // a closed or marked account leaves the fair play list
    } catch (e) { err.textContent = e.message; }
  }
  function show(a) {
    const facts = [a.bot ? t('bot') : t('player'), t('since {date}', { date: new Date(a.created).toLocaleDateString() })];
    if (a.moderator) facts.push(t('moderator'));
    if (a.mutedUntil) facts.push('muted until ' + when(a.mutedUntil));
    if (a.mark) facts.push('marked as a ' + a.mark);
    if (a.closed) facts.push(`closed ${when(a.closed)} by ${a.closedBy === 'self' ? 'its owner' : a.closedBy}`);
    standing.replaceChildren(h('p', {}, a.closed ? h('strong', {}, a.name) : h('a', { href: '#/players/' + encodeURIComponent(a.name) }, a.name), ' · ', facts.join(' · ')));
  }
  async function lookUp() {
    err.textContent = ''; status.textContent = ''; standing.replaceChildren();
    closeBtn.textContent = t('Close account…'); closeBtn.dataset.armed = '';
    if (!who.value.trim()) return;
    try { show(await api(`/api/mod/accounts/${enc()}`)); } catch (e) { err.textContent = e.message; }
  }
  // Closing asks once more on the button itself, naming the account.
  closeBtn.addEventListener('click', () => {
    if (!closeBtn.dataset.armed) {
      if (!who.value.trim()) { err.textContent = t('Name an account first.'); return; }
      closeBtn.dataset.armed = '1'; closeBtn.textContent = t('Confirm: close {trim}', { trim: who.value.trim() });
      return;
    }
    closeBtn.dataset.armed = ''; closeBtn.textContent = t('Close account…');
    act('close', {}, r => t('Closed; {resigned} seat(s) resigned.', { resigned: r.resigned }));
  });

  function pick(n) { who.value = n; lookUp(); who.scrollIntoView({ block: 'center' }); }
  async function loadQueue() {
    try {
      const [q, titles] = await Promise.all([api('/api/mod/reports'), games().catch(() => [])]);
      queue.replaceChildren(...(q.reports.length ? q.reports.map(r => h('article', { class: 'mod-report' },
        h('p', { class: 'muted' }, t('{when} · reported by {reporter}', { when: when(r.at), reporter: r.reporter }) + ' · ', h('a', { href: '#/g/' + encodeURIComponent(r.gameId) }, t('the game')),
          ' · ' + t("{room}' room", { room: t(r.message.room) })),
        h('ol', { class: 'mod-chat' }, r.context.map(m => h('li', { class: m.reported ? 'reported' : '' },
          h('b', {}, m.name), m.account ? '' : h('span', { class: 'muted' }, ' ' + t('(guest)')), ': ', m.text))),
        r.message.account ? h('button', { type: 'button', class: 'mod-pick', onclick: () => pick(r.message.name) }, t('Act on {name}', { name: r.message.name })) : ''))
        : [h('p', { class: 'muted' }, t('No reports.'))]));
      flags.replaceChildren(...(q.flags.length ? [h('div', { class: 'scroll-x' }, h('table', { class: 'list', id: 'mod-flags-table' },
        h('thead', {}, h('tr', {}, [t('Player'), t('Pool'), t('Rating'), t('Games'), t('First choice'), t('Norm'), t('Avg loss'), t('Avg time')].map(x => h('th', {}, x)))),
        h('tbody', {}, q.flags.map(f => h('tr', {},
          h('td', {}, h('button', { type: 'button', class: 'link', onclick: () => pick(f.name) }, f.name)), h('td', {}, `${titleOf(titles, f.game)} · ${f.speed}`),
          h('td', {}, String(Math.round(f.rating))), h('td', {}, String(f.games)), h('td', {}, Math.round(100 * f.match) + '%'),
          h('td', {}, Math.round(100 * f.norm) + '%'), h('td', {}, f.loss.toFixed(0)), h('td', {}, (f.moveMs / 1000).toFixed(1) + ' s'))))))]
        : [h('p', { class: 'muted' }, t('Nobody flagged.'))]));
    } catch (e) { queue.replaceChildren(h('p', { class: 'error', role: 'alert' }, e.message)); }
  }
  async function loadLog() {
    try {
      const l = await api('/api/mod/log');
      // A list rather than a table, so that a phone reads it too.
      log.replaceChildren(l.log.length ? h('ol', { class: 'mod-log', id: 'mod-log-list' }, l.log.map(e => h('li', {},
        h('span', { class: 'muted' }, when(e.at)), ' ', h('b', {}, e.moderator), ': ', e.action + ' ', h('b', {}, e.target),
        e.detail ? ` (${e.detail})` : '', e.reason ? [h('br'), h('span', { class: 'muted' }, t('Reason: ')), e.reason] : '')))
        : h('p', { class: 'muted' }, t('Nothing yet.')));
    } catch (e) { log.replaceChildren(h('p', { class: 'error', role: 'alert' }, e.message)); }
  }

  root.replaceChildren(h('h1', {}, t('Moderation')),
    h('section', { class: 'card' }, h('h2', {}, t('Reports')), queue),
    h('section', { class: 'card' }, h('h2', {}, t('Fair play')), h('p', { class: 'muted' },
      t('Accounts whose moves match the engine far above their rating\'s norm: a signal to look into, never proof.')), flags),
    h('section', { class: 'card mod-actions' }, h('h2', {}, t('Account')),
      h('form', { class: 'row', onsubmit: ev => { ev.preventDefault(); lookUp(); } }, who, h('button', { type: 'submit', id: 'mod-lookup' }, t('Look up'))),
      standing, reason,
      h('div', { class: 'row' }, minutes, h('button', { type: 'button', id: 'mod-mute', onclick: () => act('mute', { minutes: Number(minutes.value) },
        r => r.account.mutedUntil ? t('Muted until ') + when(r.account.mutedUntil) + '.' : t('Mute lifted.')) }, t('Mute'))),
      h('div', { class: 'row' }, mark, h('button', { type: 'button', id: 'mod-mark', onclick: () => act('mark', { mark: mark.value },
        r => mark.value ? t('Marked; {refunds} refund(s), {x} points given back.', { refunds: r.refunds, x: r.points.toFixed(1) }) : t('Mark taken away.')) }, t('Mark'))),
      h('div', { class: 'row' }, closeBtn), err, status),
    h('section', { class: 'card' }, h('h2', {}, t('Log')), log));
  loadQueue();
  loadLog();
  if (name) lookUp();
  return () => {};
}
