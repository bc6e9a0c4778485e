// Accounts: sign up, sign in and out, change the password; and a player's
// profile with ratings, their history and their games.
import { api } from './api.js';
import { playerTournaments } from './player-tournaments.js';
import { h } from './dom.js';
import { me, setMe, loadMe } from './session.js';
import { games, titleOf } from './meta.js';
import { niceTicks, dateLabel } from './plotaxes.js';
import { playerGames, headToHeadForm } from './playergames.js';
import { t, tn } from './i18n.js';

/** Shows the account screen in root. */
export function showAccount(root) {
  const err = h('p', { class: 'error', role: 'alert' });
  const done = h('p', { class: 'muted', role: 'status' });
  function draw() {
    if (me.signedIn) {
      const old = h('input', { id: 'pw-old', type: 'password', autocomplete: 'current-password', required: true });
      const neu = h('input', { id: 'pw-new', type: 'password', autocomplete: 'new-password', required: true, minlength: 8 });
      // Signing out everywhere and a new password may end the API tokens too.
      const revoke = h('input', { type: 'checkbox', id: 'revoke-tokens' });
      // Challenges from accounts never played may be refused (puppets, strangers).
      const strangers = h('input', { type: 'checkbox', id: 'refuse-strangers', onchange: async () => {
        err.textContent = '';
        try { const r = await api('/api/account/settings', { refuseStrangers: strangers.checked }); me.refuseStrangers = r.refuseStrangers; strangers.checked = r.refuseStrangers; } catch (e) { err.textContent = e.message; strangers.checked = !strangers.checked; }
      } });
      strangers.checked = !!me.refuseStrangers;
      const tokensSaid = r => r.apiTokens === 'revoked' ? ' ' + tn('{n} API token revoked.', '{n} API tokens revoked.', r.tokensRevoked) : ' ' + t('API tokens kept.');
      root.replaceChildren(h('h1', {}, me.name), h('div', { class: 'card account' },
        h('p', {}, h('a', { href: `#/players/${encodeURIComponent(me.name)}` }, t('Your profile and ratings'))),
        h('div', { class: 'row' },
          h('button', { id: 'signout', onclick: () => out('/api/account/logout') }, t('Sign out')),
          h('button', { onclick: () => out('/api/account/logout-all', { revokeTokens: revoke.checked }) }, t('Sign out everywhere'))),
        h('p', {}, revoke, ' ', h('label', { for: 'revoke-tokens' }, t('Also revoke my API tokens when I sign out everywhere or change the password'))),
        h('p', {}, strangers, ' ', h('label', { for: 'refuse-strangers' }, t('Take challenges only from players I have played'))),
        h('h2', {}, t('Change password')),
        h('form', { class: 'account pw', onsubmit: async ev => {
          ev.preventDefault(); err.textContent = '';
          try { const r = await api('/api/account/password', { old: old.value, new: neu.value, revokeTokens: revoke.checked }); done.textContent = t('Password changed; other sessions are signed out.') + tokensSaid(r); } catch (e) { err.textContent = e.message; }
        } }, h('label', { for: 'pw-old' }, t('Current password')), old,
          h('label', { for: 'pw-new' }, t('New password '), h('small', { class: 'muted' }, t('(at least 8 characters)'))), neu,
          h('div', { class: 'row' }, h('button', { type: 'submit', id: 'pw-change' }, t('Change password')))), err, done),
        ownData());
      return;
    }
    const name = h('input', { id: 'acct-name', autocomplete: 'username', required: true, maxlength: 20, 'aria-label': t('User name') });
    const pass = h('input', { id: 'acct-pass', type: 'password', autocomplete: 'current-password', required: true, minlength: 8, 'aria-label': t('Password') });
    const go = path => async ev => {
      ev.preventDefault(); err.textContent = '';
      try { setMe(await api(path, { name: name.value, password: pass.value })); draw(); } catch (e) { err.textContent = e.message; }
    };
    root.replaceChildren(h('h1', {}, t('Sign in')), h('form', { class: 'card account', onsubmit: go('/api/account/login') },
      h('p', { class: 'muted' }, t('Playing needs no account. With one, your games follow you to any browser and rated games give you a rating.')),
      h('label', { for: 'acct-name' }, t('User name')), name, h('label', { for: 'acct-pass' }, t('Password')), pass,
      h('div', { class: 'row' }, h('button', { class: 'primary', type: 'submit', id: 'signin' }, t('Sign in')),
        h('button', { type: 'button', id: 'signup', onclick: go('/api/account/signup') }, t('Create account'))), err));
  }
  // The player's own data: a download of all of it, and closing the
  // account (the password, then a confirmation on the button itself).
  function ownData() {
    const pw = h('input', { id: 'close-pass', type: 'password', autocomplete: 'current-password', required: true });
    const cerr = h('p', { class: 'error', role: 'alert' });
    const btn = h('button', { type: 'submit', id: 'close-account', class: 'danger' }, t('Close my account…'));
    return h('div', { class: 'card account', id: 'own-data' }, h('h2', {}, t('Your data')),
      h('p', {}, h('a', { href: '/api/account/export', download: `wyrm-${me.name}.json`, id: 'export' }, t('Download everything kept about you')),
        h('span', { class: 'muted' }, ' ' + t('(JSON: account, games, ratings, chat messages, reports you made)'))),
      h('form', { class: 'account pw', onsubmit: async ev => {
        ev.preventDefault(); cerr.textContent = '';
        if (!btn.dataset.armed) { btn.dataset.armed = '1'; btn.textContent = t('Confirm: close my account for good'); return; }
        try {
          await api('/api/account/close', { password: pw.value });
          await loadMe();
          root.replaceChildren(h('h1', {}, t('Account closed')), h('p', { class: 'card', id: 'closed-note' },
            t('Your account is closed. Your finished games stay, under "deleted account"; the name stays reserved.')));
        } catch (e) { cerr.textContent = e.message; btn.dataset.armed = ''; btn.textContent = t('Close my account…'); }
      } }, h('p', { class: 'muted' }, t('Closing ends your sessions, resigns your games under way and takes your profile away. Your finished games stay, under "deleted account". Nobody can take your name afterwards, you neither.')),
        h('label', { for: 'close-pass' }, t('Password')), pw, h('div', { class: 'row' }, btn), cerr));
  }
  async function out(path, body = {}) {
    try { await api(path, body); } catch (e) { err.textContent = e.message; }
    await loadMe();
    draw();
  }
  draw();
  return () => {};
}

/** Shows player name's profile in root: ratings with their history and
 * leaderboards, head to head, and their games filtered by query. */
export function showPlayer(root, name, query = new URLSearchParams()) {
  root.replaceChildren(h('p', { class: 'loading' }, t('Loading…')));
  Promise.all([api(`/api/players/${encodeURIComponent(name)}`), games().catch(() => [])]).then(([p, titles]) => {
    const rows = p.ratings.map(r => h('tr', {}, h('td', {}, titleOf(titles, r.game), ' ', h('span', { class: 'muted' }, '· ' + t(r.speed))),
      h('td', {}, Math.round(r.rating) + (r.provisional ? '?' : '')), h('td', { class: 'muted rd' }, '± ' + Math.round(2 * r.rd)), h('td', {}, String(r.games)),
      h('td', {}, h('a', { href: '#/leaderboard?' + new URLSearchParams({ game: r.game, speed: r.speed }) }, t('Leaderboard')))));
    const plots = Object.entries(p.history || {}).filter(([, pts]) => pts && pts.length > 1).map(([pool, pts]) => {
      const [g, speed] = pool.split('/');
      return h('figure', {}, h('figcaption', {}, `${titleOf(titles, g)} · ${t(speed)}`), plot(pts));
    });
    // A signed-in player may challenge anyone else from their profile.
    const challenge = me.signedIn && me.name.toLowerCase() !== p.name.toLowerCase()
      ? h('p', {}, h('a', { class: 'btn primary', id: 'challenge', href: '#/challenge/' + encodeURIComponent(p.name) }, t('Challenge {name}', { name: p.name }))) : '';
    // A bot is an engine's account: marked so that people know whom they play.
    const title = h('h1', {}, p.name, p.bot ? [' ', h('span', { class: 'badge bot', title: t('This account is played by an engine') }, t('BOT'))] : '',
      // A moderator's finding: its ratings are off the leaderboards.
      p.mark ? [' ', h('span', { class: 'badge mark', id: 'mark', title: t('Moderators found this account to be a {mark}', { mark: t(p.mark) }) }, p.mark === 'cheat' ? 'CHEAT' : 'BOOSTER')] : '');
    root.replaceChildren(title, challenge, h('div', { class: 'card' }, h('h2', {}, t('Ratings')),
      rows.length ? h('div', { class: 'scroll-x' }, h('table', { class: 'list', id: 'ratings' },
        h('thead', {}, h('tr', {}, h('th', {}, t('Game · speed')), h('th', {}, t('Rating')), h('th', { class: 'rd' }), h('th', {}, t('Games')), h('th'))), h('tbody', {}, rows)))
        : h('p', { class: 'muted' }, t('No rated games yet.')), h('div', { class: 'plots' }, plots)),
    playerTournaments(p.name), headToHeadForm(p.name), playerGames(p.name, query));
  }).catch(e => root.replaceChildren(h('p', { class: 'error', role: 'alert' }, e.message)));
  return () => {};
}

// plot draws a rating history, oldest on the left: a line through each
// game's rating, a value axis of round ratings and a time axis of dates;
// each point names its rating and date on hover.
function plot(pts) {
  const ns = 'http://www.w3.org/2000/svg', w = 320, ht = 150, left = 40, right = 10, top = 8, bottom = 22;
  const el = (name, attrs, text) => {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const rs = pts.map(p => p.rating), ts = pts.map(p => new Date(p.at).getTime());
  const ticks = niceTicks(Math.min(...rs), Math.max(...rs));
  const lo = ticks[0], hi = ticks[ticks.length - 1], t0 = ts[0], t1 = ts[ts.length - 1];
  const x = i => left + (t1 > t0 ? (ts[i] - t0) / (t1 - t0) : i / (rs.length - 1)) * (w - left - right);
  const y = r => top + (hi - r) / (hi - lo) * (ht - top - bottom);
  const svg = el('svg', { viewBox: `0 0 ${w} ${ht}`, class: 'rating-plot', role: 'img',
    'aria-label': t('rating from {x} on {x2} to {x3} on {x4}', { x: Math.round(rs[0]), x2: dateLabel(t0), x3: Math.round(rs[rs.length - 1]), x4: dateLabel(t1) }) });
  for (const v of ticks) {
    svg.append(el('line', { x1: left, x2: w - right, y1: y(v), y2: y(v), class: 'grid' }),
      el('text', { x: left - 4, y: y(v) + 3, 'text-anchor': 'end', class: 'axis' }, String(v)));
  }
  svg.append(el('line', { x1: left, x2: w - right, y1: ht - bottom, y2: ht - bottom, class: 'axis-line' }),
    el('text', { x: left, y: ht - 6, 'text-anchor': 'start', class: 'axis' }, dateLabel(t0)),
    dateLabel(t1) !== dateLabel(t0) ? el('text', { x: w - right, y: ht - 6, 'text-anchor': 'end', class: 'axis' }, dateLabel(t1)) : '');
  svg.append(el('polyline', { points: rs.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(' '), fill: 'none', stroke: 'currentColor', 'stroke-width': 2 }));
  rs.forEach((r, i) => {
    const dot = el('circle', { cx: x(i).toFixed(1), cy: y(r).toFixed(1), r: 2.5, fill: 'currentColor' });
    dot.append(el('title', {}, `${Math.round(r)} · ${dateLabel(ts[i])}`));
    svg.append(dot);
  });
  return svg;
}
