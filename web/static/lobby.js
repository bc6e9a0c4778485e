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

const clocks = [['none', 'No clock', 0, 0], ['1+0', '1 min', 1, 0], ['3+2', '3 min + 2 s', 3, 2], ['5+3', '5 min + 3 s', 5, 3],
  ['10+5', '10 min + 5 s', 10, 5], ['15+10', '15 min + 10 s', 15, 10], ['30+20', '30 min + 20 s', 30, 20],
  ['d1', '1 day a move', 0, 0, 1], ['d3', '3 days a move', 0, 0, 3], ['d7', '7 days a move', 0, 0, 7], ['custom', 'Custom…', 0, 0]];

/** Shows the lobby in root; with opts.challenge (a player's name) only the
 * form, to challenge that player. */
export function showLobby(root, { challenge: target = '' } = {}) {
  let meta = null, unwatch = () => {};
  const form = h('form', { class: 'card', 'aria-labelledby': 'newh' });
  const lists = h('div');
  const panel = target ? null : seeksPanel();
  const tv = target ? null : tvTiles();
  // The games played in this browser alone, which work offline too.
  const inBrowser = target ? '' : h('p', { class: 'muted in-browser' }, h('a', { href: '#/offline', id: 'in-browser' }, 'Play the computer in this browser'),
    ', with no connection needed; your games there are kept in this browser.');
  root.append(h('div', { class: 'lobby' }, h('section', {}, h('h1', { id: 'newh' }, target ? `Challenge ${target}` : 'New game'), form, inBrowser),
    target ? '' : h('section', {}, tv.el, panel.el, lists)));

  // The lists hold the pages loaded so far; the server pushes the games
  // that change (no polling), and "More" loads the next page.
  const kinds = [['open', 'Open seats', 'No game has a seat waiting for a player.'],
    ['playing', 'Games in progress', 'No game being played.'], ['finished', 'Finished games', 'None yet.']];
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
      if (i < l.length || !next[g.list]) l.splice(i, 0, g); // past the loaded pages it is "More" to find
    }
    draw();
  }
  function draw() {
    const actions = {
      open: g => g.open.map(s => h('a', { class: 'btn primary', href: `#/join/${g.id}/${s}` }, `Join as ${seatName(g, s)}`)),
      playing: g => [h('a', { class: 'btn', href: '#/g/' + g.id }, 'Watch')],
      finished: g => [h('a', { class: 'btn', href: '#/g/' + g.id }, 'Review')],
    };
    lists.replaceChildren(...kinds.map(([k, title, empty]) => table(title, empty, shown[k], actions[k],
      next[k] ? h('button', { class: 'more', onclick: () => more(k) }, 'More') : '')));
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
    if (g.winner >= 0) return `${seatName(g, g.winner)} wins — ${g.result}`;
    return g.result;
  }
  function seatName(g, s) { const n = (g.seatNames && g.seatNames[s]) || `seat ${s + 1}`; return n[0].toUpperCase() + n.slice(1); }
  // Where a game stands: its round (a full move, not a ply), its setup
  // stage, or who won and why.
  function progress(g) {
    if (g.stage === 'over' && g.aborted) return 'Aborted';
    if (g.stage === 'over') return g.winner >= 0 ? resultText(g) : g.result ? `Drawn — ${g.result}` : 'Finished';
    if (g.stage !== 'play') return g.stage[0].toUpperCase() + g.stage.slice(1);
    return `Move ${Math.floor(g.plies / Math.max(1, g.seats.length)) + 1}`;
  }
  function table(title, empty, rows, actions, moreButton) {
    return h('div', { class: 'card' }, h('h2', {}, title), rows.length === 0 ? h('p', { class: 'muted' }, empty) :
      h('ul', { class: 'list' }, rows.map(g => h('li', { 'data-id': g.id },
        h('strong', {}, g.title),
        h('span', { class: 'muted who' }, g.seats.map((s, i) => `${seatName(g, i)}: ${playerText(s)}`).join(' · ')),
        h('span', { class: 'muted where' }, progress(g)),
        g.spectators && g.list === 'playing' ? h('span', { class: 'muted watching-count' }, `${g.spectators} watching`) : '',
        h('span', { class: 'go' }, actions(g))))), moreButton);
  }

  async function buildForm() {
    meta = await api('/api/meta');
    if (meta.games.length === 0) { form.replaceChildren(h('p', { class: 'error' }, 'This server has no games.')); return; }
    const pick = h('div', { class: 'games', role: 'radiogroup', 'aria-label': 'Game' }, meta.games.map((g, i) =>
      h('label', {}, h('input', { type: 'radio', name: 'game', value: g.name, checked: i === 0, onchange: gameChanged }), g.title)));
    const opts = h('div'), seats = h('div', { 'aria-label': 'Seats' }), err = h('p', { class: 'error', role: 'alert' });
    const clockSel = h('select', { id: 'clock', name: 'clock', onchange: () => custom.hidden = clockSel.value !== 'custom' },
      clocks.map(([v, l]) => h('option', { value: v }, l)));
    const mins = h('input', { type: 'number', min: 1, max: 600, value: 10, 'aria-label': 'Minutes each', style: 'width:5rem' });
    const inc = h('input', { type: 'number', min: 0, max: 600, value: 5, 'aria-label': 'Increment seconds', style: 'width:5rem' });
    const custom = h('span', { hidden: true }, mins, ' min + ', inc, ' s');
    const rated = h('input', { type: 'checkbox', id: 'rated', onchange: modeChanged });
    const rules = h('a', { href: '/rules/' }, 'rules');
    // Who plays: the seats set below, or anyone who accepts a seek (a
    // challenge to a player is the form opened from their profile).
    let mode = target ? 'challenge' : 'game';
    const modes = h('div', { class: 'field modes', role: 'radiogroup', 'aria-label': 'Opponent' },
      [['game', 'Set the seats'], ['seek', 'Seek an opponent']].map(([v, l]) =>
        h('label', {}, h('input', { type: 'radio', name: 'mode', value: v, checked: v === mode, onchange: () => { mode = v; modeChanged(); } }), l)));
    const lo = h('input', { type: 'number', id: 'rating-min', min: 0, max: 4000, step: 50, placeholder: 'any', 'aria-label': 'Lowest rating', style: 'width:6rem' });
    const hi = h('input', { type: 'number', id: 'rating-max', min: 0, max: 4000, step: 50, placeholder: 'any', 'aria-label': 'Highest rating', style: 'width:6rem' });
    const range = h('div', { class: 'field' }, h('span', { class: 'name' }, 'Opponent\'s rating', h('small', { class: 'muted hint' }, 'in this game at this speed')), lo, '–', hi);
    const players = h('div', {}, h('h2', {}, 'Players'), seats);
    // A seek or challenge may name the author's colour, for two seats only;
    // the API names the first seat white and the second black.
    const colour = h('select', { id: 'colour', name: 'colour' });
    const colourField = h('div', { class: 'field' }, h('label', { class: 'name', for: 'colour' }, 'Your colour'), colour);
    function colourChoices(names) {
      const was = colour.value || 'random', cap = n => n[0].toUpperCase() + n.slice(1);
      colour.replaceChildren(h('option', { value: 'random' }, 'Random'),
        ...['white', 'black'].map((v, i) => h('option', { value: v }, cap(names[i] || `seat ${i + 1}`))));
      colour.value = was;
    }
    const done = h('p', { class: 'muted', role: 'status' });
    const submit = h('button', { class: 'primary', type: 'submit', id: 'create' }, 'Create game');
    let asked = 0, seatCount = 2;
    function modeChanged() {
      players.hidden = mode !== 'game';
      range.hidden = mode !== 'seek' || !rated.checked;
      colourField.hidden = mode === 'game' || seatCount !== 2;
      submit.textContent = { game: 'Create game', seek: 'Post seek', challenge: `Challenge ${target}` }[mode];
      submit.id = { game: 'create', seek: 'post-seek', challenge: 'send-challenge' }[mode];
    }
    form.replaceChildren(
      h('div', { class: 'field' }, pick, rules),
      opts,
      h('div', { class: 'field' }, h('label', { class: 'name', for: 'clock' }, 'Time control'), clockSel, custom),
      // Rated games need an account: one seat yours, the others invited.
      me.signedIn ? h('div', { class: 'field' }, h('label', { class: 'name', for: 'rated' }, 'Rated', h('small', { class: 'muted hint' }, 'changes the players\' ratings; no computer seats')), rated) : '',
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
          done.textContent = mode === 'challenge' ? `Challenge sent; waiting for ${target} to answer.` : 'Seek posted; waiting for an opponent.';
          // The page follows its challenge: declined, expired or withdrawn,
          // it says so and the form may send another.
          const id = r.challenge && r.challenge.id;
          if (id) {
            unwatch();
            unwatch = watchMine(() => {
              if (myChallenges().has(id)) return;
              unwatch();
              if (!location.hash.includes('#/g/')) done.textContent = answerOf(id) || (mode === 'challenge' ? 'Challenge withdrawn.' : 'Seek withdrawn.');
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
      rules.textContent = `How to play ${g.title}`;
      opts.replaceChildren(...g.options.map(o => optionField(o, undefined, seatsChanged, { seats: seatNames() })));
      seatsChanged();
    }
    const seatNames = () => Array.from({ length: seatCount }, (_, i) => `seat ${i + 1}`);
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
      seats.replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, names[i] || `Seat ${i + 1}`, old[i])));
    }
    function seatRow(i, name, old) {
      const level = h('select', { class: 'lvl', 'aria-label': `Computer level for seat ${i + 1}` },
        Array.from({ length: meta.maxLevel }, (_, l) => h('option', { value: l + 1, selected: l + 1 === 3 }, `level ${l + 1}`)));
      const kind = h('select', { class: 'kind', 'aria-label': `Who plays seat ${i + 1}`, onchange: () => level.hidden = kind.value !== 'computer' },
        h('option', { value: 'local' }, 'Me, on this device'), h('option', { value: 'invite' }, 'A friend, invited by a private link'),
        h('option', { value: 'open' }, 'Anyone, from the lobby'), h('option', { value: 'computer' }, 'The computer'));
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
