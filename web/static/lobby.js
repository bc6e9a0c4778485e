// The lobby: create a game, seek an opponent or challenge a player, join an
// open game, watch one in progress.
import { api } from './api.js';
import { addTokens, addInvites } from './tokens.js';
import { h } from './dom.js';
import { me } from './session.js';
import { seeksPanel } from './seeks.js';
import { postChallenge, watchMine, myChallenges, answerOf } from './challenges.js';
import { optionField, readOption, formOptions } from './optionform.js';
import { playerText } from './players.js';
import { tvTiles } from './tvtiles.js';
import { t, tn } from './i18n.js';

const clocks = [['none', '', 0, 0], ['1+0', '', 1, 0], ['3+2', '', 3, 2], ['5+3', '', 5, 3],
  ['10+5', '', 10, 5], ['15+10', '', 15, 10], ['30+20', '', 30, 20],
  ['d1', '', 0, 0, 1], ['d3', '', 0, 0, 3], ['d7', '', 0, 0, 7], ['custom', '', 0, 0]];

/** A clock's choice as the form names it: "5 min + 3 s", "3 days a move". */
function clockLabel([v, , min, inc, days]) {
  if (v === 'none') return t('No clock');
  if (v === 'custom') return t('Custom…');
  if (days) return tn('{n} day a move', '{n} days a move', days);
  return inc ? t('{min} min + {inc} s', { min, inc }) : t('{min} min', { min });
}

/** Shows the lobby in root; with opts.challenge (a player's name) only the
 * form, to challenge that player. */
export function showLobby(root, { challenge: target = '' } = {}) {
  let meta = null, unwatch = () => {};
  const form = h('form', { class: 'card', 'aria-labelledby': 'newh' });
  const lists = h('div');
  const panel = target ? null : seeksPanel();
  const tv = target ? null : tvTiles();
  // The games played in this browser alone, which work offline too.
  const inBrowser = target ? '' : h('p', { class: 'muted in-browser' }, h('a', { href: '#/offline', id: 'in-browser' }, t('Play the computer in this browser')),
    t(', with no connection needed; your games there are kept in this browser.'));
  root.append(h('div', { class: 'lobby' }, h('section', {}, h('h1', { id: 'newh' }, target ? t('Challenge {target}', { target }) : t('New game')), form, inBrowser),
    target ? '' : h('section', {}, tv.el, panel.el, lists)));

  // The lists hold the pages loaded so far; the server pushes the games
  // that change (no polling), and "More" loads the next page.
  const kinds = [['open', t('Open seats'), t('No game has a seat waiting for a player.')],
    ['playing', t('Games in progress'), t('No game being played.')], ['finished', t('Finished games'), t('None yet.')]];
  const shown = { open: [], playing: [], finished: [] }, next = {};
  let events = null;
  async function refresh() {
    try {
      const l = await api('/api/games');
      for (const [k] of kinds) { shown[k] = l[k]; next[k] = l.next && l.next[k]; }
      draw();
    } catch (e) {
      lists.replaceChildren(h('p', { class: 'error' }, e.message));
    }
  }
  async function more(k) {
    try {
      const l = await api(`/api/games?list=${k}&cursor=${encodeURIComponent(next[k])}`);
      shown[k] = shown[k].concat(l.games.filter(g => !shown[k].some(x => x.id === g.id)));
      next[k] = l.next;
      draw();
    } catch (e) { lists.prepend(h('p', { class: 'error' }, e.message)); }
  }
  // merge places changed games in the list they now belong to, newest first.
  function merge(games) {
    for (const g of games) {
      for (const [k] of kinds) shown[k] = shown[k].filter(x => x.id !== g.id);
      const l = shown[g.list];
      if (!l) continue;
      let i = 0;
      while (i < l.length && (l[i].created > g.created || (l[i].created === g.created && l[i].id > g.id))) i++;
      if (i < l.length || !next[g.list]) l.splice(i, 0, g); // past the loaded pages it is t("More") to find
    }
    draw();
  }
  function draw() {
    const actions = {
      open: g => g.open.map(s => h('a', { class: 'btn primary', href: `#/join/${g.id}/${s}` }, t('Join as {x}', { x: seatName(g, s) }))),
      playing: g => [h('a', { class: 'btn', href: '#/g/' + g.id }, t('Watch'))],
      finished: g => [h('a', { class: 'btn', href: '#/g/' + g.id }, t('Review'))],
    };
    lists.replaceChildren(...kinds.map(([k, title, empty]) => table(title, empty, shown[k], actions[k],
      next[k] ? h('button', { class: 'more', onclick: () => more(k) }, t('More')) : '')));
  }
  function listen() {
    if (typeof EventSource === 'undefined') return;
    events = new EventSource('/api/lobby/events');
    events.addEventListener('games', ev => { try { merge(JSON.parse(ev.data)); } catch { /* a broken push is skipped */ } });
    events.addEventListener('seeks', ev => { try { panel.onSeeks(JSON.parse(ev.data)); } catch { /* skipped */ } });
    events.addEventListener('online', ev => { try { panel.onOnline(JSON.parse(ev.data)); } catch { /* skipped */ } });
    events.onopen = () => { refresh(); panel.refresh(); }; // (re)connected: catch up with what was missed
  }
  function resultText(g) {
    if (g.winner >= 0) return t('{seat} wins — {reason}', { seat: seatName(g, g.winner), reason: t(g.result) });
    return t(g.result);
  }
  function seatName(g, s) { const n = (g.seatNames && g.seatNames[s]) || t('seat {n}', { n: s + 1 }); return t(n[0].toUpperCase() + n.slice(1)); }
  // Where a game stands: its round (a full move, not a ply), its setup
  // stage, or who won and why.
  function progress(g) {
    if (g.stage === 'over' && g.aborted) return t('Aborted');
    if (g.stage === 'over') return g.winner >= 0 ? resultText(g) : g.result ? t('Drawn — {result}', { result: t(g.result) }) : t('Finished');
    if (g.stage !== 'play') return g.stage[0].toUpperCase() + g.stage.slice(1);
    return t('Move {x}', { x: Math.floor(g.plies / Math.max(1, g.seats.length)) + 1 });
  }
  function table(title, empty, rows, actions, moreButton) {
    return h('div', { class: 'card' }, h('h2', {}, title), rows.length === 0 ? h('p', { class: 'muted' }, empty) :
      h('ul', { class: 'list' }, rows.map(g => h('li', { 'data-id': g.id },
        h('strong', {}, t(g.title)),
        h('span', { class: 'muted who' }, g.seats.map((s, i) => `${seatName(g, i)}: ${playerText(s)}`).join(' · ')),
        h('span', { class: 'muted where' }, progress(g)),
        g.spectators && g.list === 'playing' ? h('span', { class: 'muted watching-count' }, t('{spectators} watching', { spectators: g.spectators })) : '',
        h('span', { class: 'go' }, actions(g))))), moreButton);
  }

  async function buildForm() {
    meta = await api('/api/meta');
    if (meta.games.length === 0) { form.replaceChildren(h('p', { class: 'error' }, t('This server has no games.'))); return; }
    const pick = h('div', { class: 'games', role: 'radiogroup', 'aria-label': t('Game') }, meta.games.map((g, i) =>
      h('label', {}, h('input', { type: 'radio', name: 'game', value: g.name, checked: i === 0, onchange: gameChanged }), t(g.title))));
    const opts = h('div'), seats = h('div', { role: 'group', 'aria-label': t('Seats') }), err = h('p', { class: 'error', role: 'alert' });
    const clockSel = h('select', { id: 'clock', name: 'clock', onchange: () => custom.hidden = clockSel.value !== 'custom' },
      clocks.map(c => h('option', { value: c[0] }, clockLabel(c))));
    const mins = h('input', { type: 'number', min: 1, max: 600, value: 10, 'aria-label': t('Minutes each'), style: 'width:5rem' });
    const inc = h('input', { type: 'number', min: 0, max: 600, value: 5, 'aria-label': t('Increment seconds'), style: 'width:5rem' });
    const custom = h('span', { hidden: true }, mins, ' ', t('min'), ' + ', inc, ' ', t('s'));
    const rated = h('input', { type: 'checkbox', id: 'rated', onchange: modeChanged });
    const rules = h('a', { href: '/rules/' }, t('rules'));
    // Who plays: the seats set below, or anyone who accepts a seek (a
    // challenge to a player is the form opened from their profile).
    let mode = target ? 'challenge' : 'game';
    const modes = h('div', { class: 'field modes', role: 'radiogroup', 'aria-label': t('Opponent') },
      [['game', t('Set the seats')], ['seek', t('Seek an opponent')]].map(([v, l]) =>
        h('label', {}, h('input', { type: 'radio', name: 'mode', value: v, checked: v === mode, onchange: () => { mode = v; modeChanged(); } }), l)));
    const lo = h('input', { type: 'number', id: 'rating-min', min: 0, max: 4000, step: 50, placeholder: t('any'), 'aria-label': t('Lowest rating'), style: 'width:6rem' });
    const hi = h('input', { type: 'number', id: 'rating-max', min: 0, max: 4000, step: 50, placeholder: t('any'), 'aria-label': t('Highest rating'), style: 'width:6rem' });
    const range = h('div', { class: 'field' }, h('span', { class: 'name' }, t('Opponent\'s rating'), h('small', { class: 'muted hint' }, t('in this game at this speed'))), lo, '–', hi);
    const players = h('div', {}, h('h2', {}, t('Players')), seats);
    // A seek or challenge may name the author's colour, for two seats only;
    // the API names the first seat white and the second black.
    const colour = h('select', { id: 'colour', name: 'colour' });
    const colourField = h('div', { class: 'field' }, h('label', { class: 'name', for: 'colour' }, t('Your colour')), colour);
    function colourChoices(names) {
      const was = colour.value || 'random', cap = n => n[0].toUpperCase() + n.slice(1);
      colour.replaceChildren(h('option', { value: 'random' }, t('Random')),
        ...['white', 'black'].map((v, i) => h('option', { value: v }, names[i] ? t(cap(names[i])) : t('Seat {x}', { x: i + 1 }))));
      colour.value = was;
    }
    const done = h('p', { class: 'muted', role: 'status' });
    const submit = h('button', { class: 'primary', type: 'submit', id: 'create' }, t('Create game'));
    let asked = 0, seatCount = 2;
    function modeChanged() {
      players.hidden = mode !== 'game';
      range.hidden = mode !== 'seek' || !rated.checked;
      colourField.hidden = mode === 'game' || seatCount !== 2;
      submit.textContent = { game: t('Create game'), seek: t('Post seek'), challenge: t('Challenge {target}', { target }) }[mode];
      submit.id = { game: 'create', seek: 'post-seek', challenge: 'send-challenge' }[mode];
    }
    form.replaceChildren(
      h('div', { class: 'field' }, pick, rules),
      opts,
      h('div', { class: 'field' }, h('label', { class: 'name', for: 'clock' }, t('Time control')), clockSel, custom),
      // Rated games need an account: one seat yours, the others invited.
      me.signedIn ? h('div', { class: 'field' }, h('label', { class: 'name', for: 'rated' }, t('Rated'), h('small', { class: 'muted hint' }, t('changes the players\' ratings; no computer seats'))), rated) : '',
      target ? '' : modes, colourField, range, players, err, done,
      h('div', { class: 'row' }, submit));
    modeChanged();
    form.onsubmit = async ev => {
      ev.preventDefault();
      err.textContent = '';
      done.textContent = '';
      const c = clocks.find(c => c[0] === clockSel.value);
      const clock = clockSel.value === 'custom' ? { initialMs: mins.value * 60000, incrementMs: inc.value * 1000 }
        : c[4] ? { initialMs: 0, incrementMs: 0, days: c[4] } : { initialMs: c[2] * 60000, incrementMs: c[3] * 1000 };
      if (mode !== 'game') {
        const body = { game: current().name, options: values(), clock, rated: me.signedIn && rated.checked };
        if (seatCount === 2) body.color = colour.value;
        if (mode === 'challenge') body.to = target;
        else if (body.rated) {
          if (lo.value) body.ratingMin = Number(lo.value);
          if (hi.value) body.ratingMax = Number(hi.value);
        }
        try {
          const r = await postChallenge(body);
          done.textContent = mode === 'challenge' ? t('Challenge sent; waiting for {target} to answer.', { target }) : t('Seek posted; waiting for an opponent.');
          // The page follows its challenge: declined, expired or withdrawn,
          // it says so and the form may send another.
          const id = r.challenge && r.challenge.id;
          if (id) {
            unwatch();
            unwatch = watchMine(() => {
              if (myChallenges().has(id)) return;
              unwatch();
              if (!location.hash.includes('#/g/')) done.textContent = answerOf(id) || (mode === 'challenge' ? t('Challenge withdrawn.') : t('Seek withdrawn.'));
            });
          }
        } catch (e) { err.textContent = e.message; }
        return;
      }
      const seatList = [...seats.querySelectorAll('.seatrow')].map(r => {
        const kind = r.querySelector('select.kind').value;
        return kind === 'computer' ? { kind, level: Number(r.querySelector('select.lvl').value) } : { kind };
      });
      try {
        const r = await api('/api/games', { game: current().name, options: values(), seats: seatList, clock, rated: me.signedIn && rated.checked });
        addTokens(r.id, Object.values(r.tokens));
        addInvites(r.id, r.invites);
        location.hash = '#/g/' + r.id;
      } catch (e) { err.textContent = e.message; }
    };
    function current() { return meta.games.find(g => g.name === form.querySelector('input[name=game]:checked').value); }
    // Each option's value as the form holds it; an option left at its
    // default is not sent.
    const values = () => formOptions(opts, current().options);
    function gameChanged() {
      const g = current();
      rules.href = '/rules/' + g.name;
      rules.textContent = t('How to play {title}', { title: t(g.title) });
      opts.replaceChildren(...g.options.map(o => optionField(o, undefined, seatsChanged, { seats: seatNames() })));
      seatsChanged();
    }
    const seatNames = () => Array.from({ length: seatCount }, (_, i) => t('seat {n}', { n: i + 1 }));
    async function seatsChanged() {
      err.textContent = '';
      let n = seatCount, names = current().seats || [];
      const mine = ++asked;
      try {
        const r = await api(`/api/seats?game=${current().name}&options=${encodeURIComponent(JSON.stringify(values()))}`);
        n = r.players; names = r.names;
      } catch (e) { err.textContent = e.message; }
      if (mine !== asked) return; // a later change answers instead
      if (n !== seatCount) {
        seatCount = n;
        // A per-seat option gets a choice for each seat, the old ones kept.
        for (const o of current().options.filter(o => o.kind === 'perseat')) {
          const el = opts.querySelector(`[data-opt="${o.name}"]`);
          if (el) el.closest('.field').replaceWith(optionField(o, readOption(el, o), seatsChanged, { seats: seatNames() }));
        }
      }
      colourChoices(names);
      modeChanged();
      const old = [...seats.querySelectorAll('.seatrow')].map(r => [r.querySelector('select.kind').value, r.querySelector('select.lvl').value]);
      seats.replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, names[i] ? t(names[i]) : t('Seat {x}', { x: i + 1 }), old[i])));
    }
    function seatRow(i, name, old) {
      const level = h('select', { class: 'lvl', 'aria-label': t('Computer level for seat {x}', { x: i + 1 }) },
        Array.from({ length: meta.maxLevel }, (_, l) => h('option', { value: l + 1, selected: l + 1 === 3 }, t('level {x}', { x: l + 1 }))));
      const kind = h('select', { class: 'kind', 'aria-label': t('Who plays seat {x}', { x: i + 1 }), onchange: () => level.hidden = kind.value !== 'computer' },
        h('option', { value: 'local' }, t('Me, on this device')), h('option', { value: 'invite' }, t('A friend, invited by a private link')),
        h('option', { value: 'open' }, t('Anyone, from the lobby')), h('option', { value: 'computer' }, t('The computer')));
      kind.value = old ? old[0] : i === 0 ? 'local' : 'computer';
      if (old) level.value = old[1];
      level.hidden = kind.value !== 'computer';
      return h('div', { class: 'seatrow' }, h('span', { class: 'swatch s' + i }), h('span', { style: 'min-width:4.5rem' }, name[0].toUpperCase() + name.slice(1)), kind, level);
    }
    gameChanged();
  }

  buildForm().catch(e => form.replaceChildren(h('p', { class: 'error' }, e.message)));
  if (target) return () => unwatch();
  refresh();
  panel.refresh();
  listen();
  return () => { unwatch(); if (events) events.close(); panel.close(); tv.close(); };
}
