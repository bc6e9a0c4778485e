// A player's finished games on their profile: filters (game, result, rated
// or casual, opponent) kept in the address, pages loaded with "More", and
// from each row the record against its opponents.
import { api } from './api.js';
import { h } from './dom.js';
import { games, titleOf } from './meta.js';
import { t, mark } from './i18n.js';

const results = [['', mark('Any result')], ['win', mark('Wins')], ['loss', mark('Losses')], ['draw', mark('Draws')]];
const modes = [['', mark('Rated and casual')], ['true', mark('Rated')], ['false', mark('Casual')]];

/** The games card of player name, filtered by query (URLSearchParams). */
export function playerGames(name, query) {
  const card = h('section', { class: 'card', 'aria-labelledby': 'games-h' });
  const list = h('ul', { class: 'list played', id: 'played' });
  const more = h('button', { type: 'button', id: 'games-more', hidden: true }, t('More games'));
  const err = h('p', { class: 'error', role: 'alert' });
  const pick = (id, label, options, value) => h('select', { id, 'aria-label': label },
    options.map(([v, text]) => h('option', { value: v, selected: v === value }, t(text))));
  const game = pick('f-game', t('Game'), [['', t('All games')]], '');
  const result = pick('f-result', t('Result'), results, query.get('result') || '');
  const rated = pick('f-rated', t('Rated or casual'), modes, query.get('rated') || '');
  const opponent = h('input', { id: 'f-opponent', 'aria-label': t('Opponent'), placeholder: t('Opponent'), maxlength: 20, value: query.get('opponent') || '', autocomplete: 'off' });
  const form = h('form', { class: 'filters row', onsubmit: ev => { ev.preventDefault(); apply(); } },
    game, result, rated, opponent, h('button', { type: 'submit', id: 'f-apply' }, t('Show')),
    h('button', { type: 'button', onclick: () => { for (const s of [game, result, rated]) s.value = ''; opponent.value = ''; apply(); } }, t('Clear')));
  card.append(h('h2', { id: 'games-h' }, t('Games')), form, err, list, more);
  let titles = [], next = '';

  function filters() {
    const q = new URLSearchParams();
    if (game.value) q.set('game', game.value);
    if (result.value) q.set('result', result.value);
    if (rated.value) q.set('rated', rated.value);
    if (opponent.value.trim()) q.set('opponent', opponent.value.trim());
    return q;
  }
  // apply keeps the filters in the address (without a new history entry or
  // a redraw of the page) and lists the first page.
  function apply() {
    const q = filters().toString();
    history.replaceState(null, '', `#/players/${encodeURIComponent(name)}${q ? '?' + q : ''}`);
    list.replaceChildren();
    next = '';
    load();
  }
  async function load() {
    err.textContent = '';
    more.disabled = true;
    const q = filters();
    q.set('limit', '20');
    if (next) q.set('cursor', next);
    try {
      const page = await api(`/api/players/${encodeURIComponent(name)}/games?${q}`);
      list.append(...page.games.map(row));
      if (!list.children.length) list.append(h('li', { class: 'muted' }, t('No games.')));
      next = page.next;
      more.hidden = !next;
    } catch (e) { err.textContent = e.message; }
    more.disabled = false;
  }
  more.addEventListener('click', load);

  function row(g) {
    const mine = g.players.find(p => p.seat === g.seat) || {};
    const change = g.rated && mine.after !== undefined ? Math.round(mine.after) - Math.round(mine.before) : null;
    const others = g.players.filter(p => p.seat !== g.seat);
    // A closed account has no profile: its name ("deleted account") is not a link.
    const who = others.map((p, i) => [i ? ', ' : '', p.name && !p.deleted ? h('a', { href: `#/players/${encodeURIComponent(p.name)}` }, p.name) : h('span', { class: 'muted' }, p.deleted ? t(p.name) : p.name || t('guest'))]);
    const vs = [...new Set(others.filter(p => p.name && !p.deleted && p.name.toLowerCase() !== name.toLowerCase()).map(p => p.name))];
    return h('li', { class: 'played-game' },
      h('span', { class: `outcome ${g.result}` }, { win: t('Won'), loss: t('Lost'), draw: t('Drew') }[g.result]),
      h('span', {}, h('a', { href: '#/g/' + g.id }, titleOf(titles, g.game)), ' ', h('span', { class: 'muted' }, `${t(g.speed)} · ${g.rated ? t('rated') : t('casual')}`)),
      h('span', {}, t('vs') + ' ', who.flat()),
      change !== null ? h('span', { class: 'change' + (change > 0 ? ' up' : change < 0 ? ' down' : '') }, (change > 0 ? '+' : '') + change) : '',
      h('span', { class: 'muted' }, new Date(g.at).toLocaleDateString()),
      vs.length ? h('span', { class: 'go' }, vs.map(o => h('a', { class: 'h2h', href: `#/players/${encodeURIComponent(name)}/vs/${encodeURIComponent(o)}`, title: t("{name}'s record against {other}", { name, other: o }) }, t('Head to head')))) : '');
  }

  games().then(list => {
    titles = list;
    game.append(...list.map(g => h('option', { value: g.name }, t(g.title))));
    game.value = query.get('game') || '';
  }).catch(() => {}).finally(load);
  return card;
}

/** A form that opens the head-to-head record of name against another player. */
export function headToHeadForm(name) {
  const other = h('input', { id: 'h2h-name', 'aria-label': t('Another player'), placeholder: t('Another player'), required: true, maxlength: 20, autocomplete: 'off' });
  return h('section', { class: 'card', 'aria-labelledby': 'h2h-h' }, h('h2', { id: 'h2h-h' }, t('Head to head')),
    h('form', { class: 'row', onsubmit: ev => {
      ev.preventDefault();
      if (other.value.trim()) location.hash = `#/players/${encodeURIComponent(name)}/vs/${encodeURIComponent(other.value.trim())}`;
    } }, other, h('button', { type: 'submit', id: 'h2h-go' }, t('Compare'))));
}
