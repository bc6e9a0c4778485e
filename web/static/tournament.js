// One tournament's page: what it is, a countdown, joining, withdrawing,
// pausing and berserk, the player's own game, the live standings, the
// games under way and those finished. It reads the tournament every two
// seconds; the player's game starting moves them to its board.
import { api } from './api.js';
import { h } from './dom.js';
import { games, titleOf } from './meta.js';
import { me } from './session.js';
import { clockText, countdown, kindText, scoreText, phase } from './tourney-format.js';
import { goToGame } from './tourney-games.js';
import { drawMiniBoard } from './miniboard.js';

const LEAD_BOARD = 260; // px: the leading game's board at most this wide and high

/** Shows tournament id in root; returns the screen's clean-up. */
export function showTournament(root, id) {
  const err = h('p', { class: 'error', role: 'alert' });
  const head = h('div', { class: 'card tournament-head' });
  const mine = h('div', { id: 't-mine', 'aria-live': 'polite' });
  const standings = h('section', { class: 'card', id: 't-standings' });
  const under = h('section', { class: 'card', id: 't-games' });
  const done = h('section', { class: 'card', id: 't-finished' });
  root.replaceChildren(h('p', {}, h('a', { href: '#/tournaments' }, '← Tournaments')), head, err, mine,
    h('div', { class: 'tournament-cols' }, standings, h('div', {}, under, done)));
  let t = null, gameList = [], skew = 0, seen = null;
  // The leading game's live board, read again at every reading of the
  // tournament while that game is the leading one.
  const leadBoard = h('a', { class: 'levels lead-board', id: 't-lead-board' });
  let leadID = '';
  const clock = h('strong', { id: 't-countdown' });

  async function load() {
    try {
      const [d, gs] = await Promise.all([api('/api/tournaments/' + encodeURIComponent(id)), games()]);
      t = d; gameList = gs; skew = d.now - Date.now();
      err.textContent = '';
      draw();
      const g = t.me && t.me.game;
      // A game that starts while the page is open takes the player to it.
      if (g && seen !== null && g !== seen) goToGame(g, t.me.token, id);
      seen = g || '';
    } catch (e) { err.textContent = e.message; }
  }
  const act = (path, body) => async () => {
    err.textContent = '';
    try { await api(`/api/tournaments/${encodeURIComponent(id)}/${path}`, body || {}); await load(); } catch (e) { err.textContent = e.message; }
  };

  function tick() {
    const p = t && phase(t, Date.now() + skew);
    clock.textContent = p ? `${p.label} ${countdown(p.at - Date.now() - skew)}` : '';
  }

  function draw() {
    document.title = `${t.name} — wyrm`;
    const status = { created: 'Not started', started: t.kind === 'swiss' ? `Round ${t.round} of ${t.rounds}` : 'Under way', finished: 'Finished' }[t.status];
    // replaceChildren would write a null as text: the parts left out are dropped.
    head.replaceChildren(...[h('h1', { id: 't-name' }, t.name),
      h('p', {}, `${titleOf(gameList, t.game)} · ${clockText(t.clock)} · ${kindText(t)} · ${t.rated ? 'rated' : 'casual'}`),
      h('p', {}, h('span', { id: 't-status' }, status), ' ', clock),
      t.description ? h('p', { class: 'muted' }, t.description) : null,
      conditions(t), h('div', { class: 'row' }, ...buttons())].filter(Boolean));
    tick();
    mine.replaceChildren(...(t.me && t.me.game ? [h('div', { class: 'card your-game', id: 't-your-game' },
      h('strong', {}, 'Your game is under way. '), h('a', { href: '#/g/' + t.me.game, onclick: ev => { ev.preventDefault(); goToGame(t.me.game, t.me.token, id); } }, 'Go to the board'))] : []));
    drawStandings();
    drawGames();
  }

  function buttons() {
    if (t.status === 'finished') return [];
    if (!me.signedIn) return [h('a', { href: '#/account' }, 'Sign in to join')];
    const state = t.me && t.me.state;
    const out = [];
    if (!state || state !== 'active') {
      const pw = t.private ? h('input', { type: 'password', id: 't-password', 'aria-label': 'Password', placeholder: 'Password' }) : null;
      out.push(...(pw ? [pw] : []), h('button', { type: 'button', class: 'primary', id: 't-join', onclick: () => act('join', pw ? { password: pw.value } : {})() }, state ? 'Rejoin' : 'Join'));
    }
    if (state === 'active') {
      if (t.kind === 'arena') {
        out.push(h('button', { type: 'button', id: 't-pause', onclick: act('pause') }, 'Pause'));
        out.push(h('button', { type: 'button', id: 't-berserk', 'aria-pressed': String(!!t.me.berserk), title: 'Half your clock, no increment, one more point for a win',
          onclick: act('berserk', { on: !t.me.berserk }) }, t.me.berserk ? 'Berserk: on' : 'Berserk: off'));
      }
      out.push(h('button', { type: 'button', id: 't-withdraw', onclick: act('withdraw') }, 'Withdraw'));
    }
    return out;
  }

  function drawStandings() {
    const swiss = t.kind === 'swiss';
    const rows = t.standings.map(s => h('tr', { class: s.state !== 'active' ? 'muted' : '' },
      h('td', {}, String(s.rank)),
      h('td', {}, h('a', { href: `#/players/${encodeURIComponent(s.name)}` }, s.name), s.state === 'paused' ? ' (paused)' : s.state === 'withdrawn' ? ' (withdrew)' : '',
        s.fire ? h('span', { class: 'fire', title: 'On a streak: points doubled' }, ' 🔥') : null),
      h('td', {}, String(s.rating)),
      h('td', { class: 'score' }, scoreText(t.kind, s.score)),
      swiss ? h('td', {}, scoreText('swiss', s.buchholz || 0)) : h('td', {}, String(s.berserks || 0)),
      h('td', {}, String(s.games)),
      h('td', {}, s.playing ? h('a', { href: '#/g/' + s.playing }, 'playing') : '')));
    standings.replaceChildren(h('h2', {}, 'Standings'), rows.length ? h('div', { class: 'scroll-x' }, h('table', { class: 'list standings' },
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Player'), h('th', {}, 'Rating'), h('th', {}, 'Score'),
        h('th', {}, swiss ? 'Buchholz' : 'Berserks'), h('th', {}, 'Games'), h('th', {}))), h('tbody', {}, rows)))
      : h('p', { class: 'muted' }, 'Nobody has joined yet.'));
  }

  function drawGames() {
    const line = g => h('li', { class: g.id === t.featured ? 'featured' : '' },
      t.kind === 'swiss' ? h('span', { class: 'muted' }, `R${g.round}`) : null,
      g.bye ? h('span', {}, `${g.players[0]}: bye`) : h('a', { href: '#/g/' + g.id },
        g.players.map((p, i) => p + (g.berserk[i] ? ' ⚔' : '') + (g.points && g.status === 'over' ? ` (${scoreText(t.kind, g.points[i])})` : '')).join(' – ')),
      g.id === t.featured ? h('span', { class: 'muted' }, 'leading game') : null);
    const now = t.games.filter(g => g.status !== 'over'), over = t.games.filter(g => g.status === 'over').reverse();
    const lead = now.find(g => g.id === t.featured);
    if (lead && lead.id !== leadID) { leadBoard.replaceChildren(); leadBoard.href = '#/g/' + lead.id; }
    leadID = lead ? lead.id : '';
    if (lead) drawMiniBoard(leadBoard, lead.id, LEAD_BOARD, () => leadID === lead.id);
    // replaceChildren would write a null as the word "null".
    under.replaceChildren(...[h('h2', {}, 'Games under way'),
      lead ? h('div', { class: 'featured-game', id: 't-featured' }, h('p', {}, h('span', { class: 'muted' }, 'Leading game: '),
        h('a', { class: 'btn', href: '#/g/' + lead.id }, `Watch ${lead.players.join(' – ')}`)), leadBoard) : null,
      now.length ? h('ul', { class: 'list', id: 't-playing' }, now.map(line)) : h('p', { class: 'muted' }, 'None now.')].filter(Boolean));
    done.replaceChildren(h('h2', {}, 'Finished games'), over.length ? h('ul', { class: 'list' }, over.slice(0, 50).map(line)) : h('p', { class: 'muted' }, 'None yet.'));
  }

  load();
  const poll = setInterval(load, 2000), count = setInterval(tick, 1000);
  return () => { clearInterval(poll); clearInterval(count); };
}

function conditions(t) {
  const c = t.conditions || {}, parts = [];
  if (c.minRating) parts.push(`rating at least ${c.minRating}`);
  if (c.minRatedGames) parts.push(`${c.minRatedGames} rated games`);
  if (!c.bots) parts.push('no bots');
  if (t.private) parts.push('private');
  return parts.length ? h('p', { class: 'muted' }, 'Conditions: ' + parts.join(', ')) : null;
}
