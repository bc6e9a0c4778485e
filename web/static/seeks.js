// The lobby's seeks: quick pairing for common set-ups of each game, the
// open seeks of every player (accept one, or cancel one's own), and who is
// online; kept live by the lobby's event stream.
import { api } from './api.js';
import { h } from './dom.js';
import { me } from './session.js';
import { postChallenge, acceptChallenge, cancelChallenge, myChallenges, watchMine, describe, clockText } from './challenges.js';
import { playerText } from './players.js';
import { t } from './i18n.js';

// Quick pairing's time controls, in minutes and seconds: quicker for games
// that start at once, longer for games with stages before play (the
// game's setup flag says which).
const quickClocks = { play: [[3, 2], [5, 3], [10, 5]], setup: [[10, 5], [15, 10], [30, 20]] };

/** Builds the lobby's seeks panel; the lobby passes it its stream's events. */
export function seeksPanel() {
  const seeks = new Map();
  const pairing = new Map(); // quick button's key -> the seek it posted
  let online = [];
  const err = h('p', { class: 'error', role: 'alert' });
  const quickEl = h('div', { class: 'quick' });
  const listEl = h('div');
  const onlineEl = h('div');
  const el = h('div', { class: 'seeks-panel' },
    h('div', { class: 'card' }, h('h2', {}, t('Quick pairing')),
      h('p', { class: 'muted hint' }, me.signedIn ? t('Rated games with each game\'s usual settings: joins a waiting player, or waits for one.')
        : t('Casual games with each game\'s usual settings (sign in for rated ones): joins a waiting player, or waits for one.')),
      quickEl, err),
    h('div', { class: 'card', id: 'seeks' }, h('h2', {}, t('Seeks')), listEl),
    h('div', { class: 'card', id: 'online' }, h('h2', {}, t('Online')), onlineEl));

  async function buildQuick() {
    const meta = await api('/api/meta');
    const rows = [];
    for (const g of meta.games) {
      if ((g.seats || []).length !== 2) continue; // pairing seats two
      const buttons = (g.setup ? quickClocks.setup : quickClocks.play).map(([m, s]) => {
        const clock = { initialMs: m * 60000, incrementMs: s * 1000 };
        const key = `${g.name}/${m}+${s}`;
        return h('button', { type: 'button', class: 'pair', 'data-key': key, 'aria-pressed': 'false', onclick: () => pair(key, g.name, clock) }, clockText(clock));
      });
      rows.push(h('div', { class: 'quickrow' }, h('span', { class: 'qtitle' }, t(g.title)), h('span', { class: 'row' }, buttons)));
    }
    quickEl.replaceChildren(...rows);
    drawQuick();
  }
  async function pair(key, game, clock) {
    err.textContent = '';
    try {
      const waiting = pairing.get(key);
      if (waiting && myChallenges().has(waiting)) {
        pairing.delete(key);
        await cancelChallenge(waiting);
        return;
      }
      const r = await postChallenge({ game, options: {}, clock, rated: me.signedIn, pair: true });
      if (r.challenge) pairing.set(key, r.challenge.id);
      drawQuick();
    } catch (e) { err.textContent = e.message; }
  }
  function drawQuick() {
    const live = myChallenges();
    for (const b of quickEl.querySelectorAll('button.pair')) {
      const on = live.has(pairing.get(b.dataset.key));
      b.classList.toggle('on', on);
      b.setAttribute('aria-pressed', String(on));
      b.title = on ? t('Waiting for an opponent; press again to stop') : '';
    }
  }

  function draw() {
    drawQuick();
    const list = [...seeks.values()].sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
    if (list.length === 0) { listEl.replaceChildren(h('p', { class: 'muted' }, t('No seeks right now. Post one with the form, or press a quick pairing button.'))); return; }
    const live = myChallenges();
    listEl.replaceChildren(h('ul', { class: 'list' }, list.map(s => {
      const own = live.has(s.id) || (me.signedIn && !s.author.guest && s.author.name === me.name);
      const range = s.ratingMin || s.ratingMax ? t('rating {x}–{x2}', { x: s.ratingMin || 0, x2: s.ratingMax || '∞' }) : '';
      const who = s.author.guest ? h('span', {}, playerText(s.author)) : h('a', { href: '#/players/' + encodeURIComponent(s.author.name) }, playerText(s.author));
      const errRow = h('span', { class: 'error', role: 'alert' });
      const act = f => async () => { errRow.textContent = ''; try { await f(); } catch (e) { errRow.textContent = e.message; } };
      return h('li', { 'data-id': s.id }, h('strong', {}, who), h('span', {}, describe(s)), range ? h('span', { class: 'muted' }, range) : '',
        h('span', { class: 'go' }, own ? h('button', { class: 'cancel', onclick: act(() => cancelChallenge(s.id)) }, t('Cancel'))
          : h('button', { class: 'primary accept', onclick: act(() => acceptChallenge(s.id)) }, t('Accept'))), errRow);
    })));
  }
  function drawOnline() {
    if (online.length === 0) { onlineEl.replaceChildren(h('p', { class: 'muted' }, t('Nobody signed in is here right now.'))); return; }
    onlineEl.replaceChildren(h('p', { class: 'online' }, online.flatMap((n, i) => [i ? ', ' : '', h('a', { href: '#/players/' + encodeURIComponent(n) }, n)])));
  }

  async function refresh() {
    try {
      const [r, o] = await Promise.all([api('/api/challenges'), api('/api/online')]);
      seeks.clear();
      for (const s of r.seeks) seeks.set(s.id, s);
      online = o.players.map(p => p.name);
      draw();
      drawOnline();
    } catch {
      el.hidden = true; // a server without accounts has no seeks
    }
  }
  const unwatch = watchMine(draw);
  buildQuick().catch(e => { err.textContent = e.message; });
  return {
    el, refresh,
    /** Takes a "seeks" event of the lobby's stream. */
    onSeeks(d) { for (const s of d.seeks) seeks.set(s.id, s); for (const id of d.gone) seeks.delete(id); draw(); },
    /** Takes an "online" event of the lobby's stream. */
    onOnline(names) { online = names; drawOnline(); },
    close: unwatch,
  };
}
