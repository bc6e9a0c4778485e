// A profile's tournaments: the events the player joined, latest first,
// with their place and score.
import { api } from './api.js';
import { h } from './dom.js';
import { ordinal, scoreText } from './tourney-format.js';

/** A card listing name's tournaments, filled once they are read. */
export function playerTournaments(name) {
  const card = h('div', { class: 'card', id: 'player-tournaments' }, h('h2', {}, 'Tournaments'));
  api(`/api/players/${encodeURIComponent(name)}/tournaments`).then(r => {
    const items = r.tournaments.map(t => h('li', {}, h('a', { href: '#/tournaments/' + t.id }, t.name),
      h('span', {}, t.status === 'finished' ? `${ordinal(t.rank)} of ${t.players}` : t.status === 'started' ? 'playing' : 'joined'),
      h('span', { class: 'muted' }, `score ${scoreText(t.kind, t.score)} · ${t.games} game${t.games === 1 ? '' : 's'} · ${new Date(t.startsAt).toLocaleDateString()}`)));
    card.append(items.length ? h('ul', { class: 'list' }, items) : h('p', { class: 'muted' }, 'No tournaments yet.'));
  }).catch(e => card.append(h('p', { class: 'error' }, e.message)));
  return card;
}
