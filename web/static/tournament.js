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
import { t, tn } from './i18n.js';

const LEAD_BOARD = 260; // px: the leading game's board at most this wide and high

/** Shows tournament id in root; returns the screen's clean-up. */
export function showTournament(root, id) {
  const err = h('p', { class: 'error', role: 'alert' });
  const head = h('div', { class: 'card tournament-head' });
  const mine = h('div', { id: 't-mine', 'aria-live': 'polite' });
  const standings = h('section', { class: 'card', id: 't-standings' });
  const under = h('section', { class: 'card', id: 't-games' });
  const done = h('section', { class: 'card', id: 't-finished' });
  root.replaceChildren(h('p', {}, h('a', { href: '#/tournaments' }, t('← Tournaments'))), head, err, mine,
    h('div', { class: 'tournament-cols' }, standings, h('div', {}, under, done)));
  let tour = null, gameList = [], skew = 0, seen = null;
  // The leading game's live board, read again at every reading of the
  // tournament while that game is the leading one.
  const leadBoard = h('a', { class: 'levels lead-board', id: 't-lead-board' });
  let leadID = '';
  const clock = h('strong', { id: 't-countdown' });

  async function load() {
    try {
      const [d, gs] = await Promise.all([api('/api/tournaments/' + encodeURIComponent(id)), games()]);
      tour = d; gameList = gs; skew = d.now - Date.now();
      err.textContent = '';
      draw();
      const g = tour.me && tour.me.game;
      // A game that starts while the page is open takes the player to it.
      if (g && seen !== null && g !== seen) goToGame(g, tour.me.token, id);
      seen = g || '';
    } catch (e) { err.textContent = e.message; }
  }
  const act = (path, body) => async () => {
    err.textContent = '';
    try { await api(`/api/tournaments/${encodeURIComponent(id)}/${path}`, body || {}); await load(); } catch (e) { err.textContent = e.message; }
  };

  function tick() {
    const p = tour && phase(tour, Date.now() + skew);
    clock.textContent = p ? `${p.label} ${countdown(p.at - Date.now() - skew)}` : '';
  }

  function draw() {
    document.title = `${tour.name} — wyrm`;
    const status = { created: t('Not started'), started: tour.kind === 'swiss' ? t('Round {round} of {rounds}', { round: tour.round, rounds: tour.rounds }) : t('Under way'), finished: t('Finished') }[tour.status];
    // replaceChildren would write a null as text: the parts left out are dropped.
    head.replaceChildren(...[h('h1', { id: 't-name' }, tour.name),
      h('p', {}, `${titleOf(gameList, tour.game)} · ${clockText(tour.clock)} · ${kindText(tour)} · ${tour.rated ? t('rated') : t('casual')}`),
      h('p', {}, h('span', { id: 't-status' }, status), ' ', clock),
      tour.description ? h('p', { class: 'muted' }, tour.description) : null,
      conditions(tour), h('div', { class: 'row' }, ...buttons())].filter(Boolean));
    tick();
    mine.replaceChildren(...(tour.me && tour.me.game ? [h('div', { class: 'card your-game', id: 't-your-game' },
      h('strong', {}, t('Your game is under way. ')), h('a', { href: '#/g/' + tour.me.game, onclick: ev => { ev.preventDefault(); goToGame(tour.me.game, tour.me.token, id); } }, t('Go to the board')))] : []));
    drawStandings();
    drawGames();
  }

  function buttons() {
    if (tour.status === 'finished') return [];
    if (!me.signedIn) return [h('a', { href: '#/account' }, t('Sign in to join'))];
    const state = tour.me && tour.me.state;
    const out = [];
    if (!state || state !== 'active') {
      const pw = tour.private ? h('input', { type: 'password', id: 't-password', 'aria-label': t('Password'), placeholder: t('Password') }) : null;
      out.push(...(pw ? [pw] : []), h('button', { type: 'button', class: 'primary', id: 't-join', onclick: () => act('join', pw ? { password: pw.value } : {})() }, state ? t('Rejoin') : t('Join')));
    }
    if (state === 'active') {
      if (tour.kind === 'arena') {
        out.push(h('button', { type: 'button', id: 't-pause', onclick: act('pause') }, t('Pause')));
        out.push(h('button', { type: 'button', id: 't-berserk', 'aria-pressed': String(!!tour.me.berserk), title: t('Half your clock, no increment, one more point for a win'),
          onclick: act('berserk', { on: !tour.me.berserk }) }, tour.me.berserk ? t('Berserk: on') : t('Berserk: off')));
      }
      out.push(h('button', { type: 'button', id: 't-withdraw', onclick: act('withdraw') }, t('Withdraw')));
    }
    return out;
  }

  function drawStandings() {
    const swiss = tour.kind === 'swiss';
    const rows = tour.standings.map(s => h('tr', { class: s.state !== 'active' ? 'muted' : '' },
      h('td', {}, String(s.rank)),
      h('td', {}, h('a', { href: `#/players/${encodeURIComponent(s.name)}` }, s.name), s.state === 'paused' ? ' ' + t('(paused)') : s.state === 'withdrawn' ? ' ' + t('(withdrew)') : '',
        s.fire ? h('span', { class: 'fire', title: t('On a streak: points doubled') }, ' 🔥') : null),
      h('td', {}, String(s.rating)),
      h('td', { class: 'score' }, scoreText(tour.kind, s.score)),
      swiss ? h('td', {}, scoreText('swiss', s.buchholz || 0)) : h('td', {}, String(s.berserks || 0)),
      h('td', {}, String(s.games)),
      h('td', {}, s.playing ? h('a', { href: '#/g/' + s.playing }, t('playing')) : '')));
    standings.replaceChildren(h('h2', {}, t('Standings')), rows.length ? h('div', { class: 'scroll-x' }, h('table', { class: 'list standings' },
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('Player')), h('th', {}, t('Rating')), h('th', {}, t('Score')),
        h('th', {}, swiss ? t('Buchholz') : t('Berserks')), h('th', {}, t('Games')), h('th', {}))), h('tbody', {}, rows)))
      : h('p', { class: 'muted' }, t('Nobody has joined yet.')));
  }

  function drawGames() {
    const line = g => h('li', { class: g.id === tour.featured ? 'featured' : '' },
      tour.kind === 'swiss' ? h('span', { class: 'muted' }, `R${g.round}`) : null,
      g.bye ? h('span', {}, t('{player}: bye', { player: g.players[0] })) : h('a', { href: '#/g/' + g.id },
        g.players.map((p, i) => p + (g.berserk[i] ? ' ⚔' : '') + (g.points && g.status === 'over' ? ` (${scoreText(tour.kind, g.points[i])})` : '')).join(' – ')),
      g.id === tour.featured ? h('span', { class: 'muted' }, t('leading game')) : null);
    const now = tour.games.filter(g => g.status !== 'over'), over = tour.games.filter(g => g.status === 'over').reverse();
    const lead = now.find(g => g.id === tour.featured);
    if (lead && lead.id !== leadID) { leadBoard.replaceChildren(); leadBoard.href = '#/g/' + lead.id; }
    leadID = lead ? lead.id : '';
    if (lead) drawMiniBoard(leadBoard, lead.id, LEAD_BOARD, () => leadID === lead.id);
    // replaceChildren would write a null as the word "null".
    under.replaceChildren(...[h('h2', {}, t('Games under way')),
      lead ? h('div', { class: 'featured-game', id: 't-featured' }, h('p', {}, h('span', { class: 'muted' }, t('Leading game: ')),
        h('a', { class: 'btn', href: '#/g/' + lead.id }, t('Watch {x}', { x: lead.players.join(' – ') }))), leadBoard) : null,
      now.length ? h('ul', { class: 'list', id: 't-playing' }, now.map(line)) : h('p', { class: 'muted' }, t('None now.'))].filter(Boolean));
    done.replaceChildren(h('h2', {}, t('Finished games')), over.length ? h('ul', { class: 'list' }, over.slice(0, 50).map(line)) : h('p', { class: 'muted' }, t('None yet.')));
  }

  load();
  const poll = setInterval(load, 2000), count = setInterval(tick, 1000);
  return () => { clearInterval(poll); clearInterval(count); };
}

function conditions(tour) {
  const c = tour.conditions || {}, parts = [];
  if (c.minRating) parts.push(t('rating at least {n}', { n: c.minRating }));
  if (c.minRatedGames) parts.push(tn('{n} rated game', '{n} rated games', c.minRatedGames));
  if (!c.bots) parts.push(t('no bots'));
  if (tour.private) parts.push(t('private'));
  return parts.length ? h('p', { class: 'muted' }, t('Conditions: ') + parts.join(', ')) : null;
}
