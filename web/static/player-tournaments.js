// A profile's tournaments: the events the player joined, latest first,
// with their place and score.
import { api } from './api.js';
import { h } from './dom.js';
import { ordinal, scoreText } from './tourney-format.js';
import { t, tn } from './i18n.js';

/** A card listing name's tournaments, filled once they are read. */
export function playerTournaments(name) {
  const card = h('div', { class: 'card', id: 'player-tournaments' }, h('h2', {}, t('Tournaments')));
  api(`/api/players/${encodeURIComponent(name)}/tournaments`).then(r => {
    const items = r.tournaments.map(tour => h('li', {}, h('a', { href: '#/tournaments/' + tour.id }, tour.name),
      h('span', {}, tour.status === 'finished' ? t('{rank} of {players}', { rank: ordinal(tour.rank), players: tour.players }) : tour.status === 'started' ? t('playing') : t('joined')),
      h('span', { class: 'muted' }, t('score {score}', { score: scoreText(tour.kind, tour.score) }) + ' · ' + tn('{n} game', '{n} games', tour.games) + ' · ' + new Date(tour.startsAt).toLocaleDateString())));
    card.append(items.length ? h('ul', { class: 'list' }, items) : h('p', { class: 'muted' }, t('No tournaments yet.')));
  }).catch(e => card.append(h('p', { class: 'error' }, e.message)));
  return card;
}
