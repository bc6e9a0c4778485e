// The tournaments' list (upcoming, running, finished) and, for a
// signed-in player, the form that creates one.
import { api } from './api.js';
import { h } from './dom.js';
import { games, titleOf } from './meta.js';
import { me } from './session.js';
import { clockText, kindText } from './tourney-format.js';
import { t } from './i18n.js';

/** Shows the list in root; returns the screen's clean-up. */
export function showTournaments(root) {
  const err = h('p', { class: 'error', role: 'alert' });
  const lists = h('div', { id: 'tournament-lists', 'aria-live': 'polite' });
  root.replaceChildren(h('h1', {}, t('Tournaments')), err, lists, me.signedIn ? createForm(err) : h('p', { class: 'muted' },
    h('a', { href: '#/account' }, t('Sign in')), t(' to join a tournament or create one.')));
  let gameList = [];
  async function load() {
    try {
      const [l, gs] = await Promise.all([api('/api/tournaments'), games()]);
      gameList = gs;
      lists.replaceChildren(section(t('Running'), l.running, 'running'), section(t('Upcoming'), l.upcoming, 'upcoming'),
        section(t('Finished'), l.finished, 'finished'));
    } catch (e) { err.textContent = e.message; }
  }
  function section(title, list, id) {
    const items = list.map(tour => h('li', {}, h('a', { href: '#/tournaments/' + tour.id }, tour.name),
      h('span', { class: 'muted' }, `${titleOf(gameList, tour.game)} · ${clockText(tour.clock)} · ${kindText(tour)}${tour.rated ? ' · ' + t('rated') : ''}${tour.private ? ' · ' + t('private') : ''}`),
      h('span', { class: 'muted' }, new Date(tour.status === 'finished' ? tour.finishedAt : tour.startsAt).toLocaleString())));
    return h('section', { class: 'card', id: 'tournaments-' + id }, h('h2', {}, title),
      items.length ? h('ul', { class: 'list' }, items) : h('p', { class: 'muted' }, t('None.')));
  }
  load();
  const timer = setInterval(load, 10000);
  return () => clearInterval(timer);
}

// createForm is the form of a new tournament: the game with its usual
// options, the kind and length, the clock, the start and the conditions.
function createForm(err) {
  const f = h('form', { class: 'card create-tournament', id: 'create-tournament' });
  const field = (label, input) => h('label', {}, label, ' ', input);
  const name = h('input', { name: 'name', required: true, maxlength: 40, value: t('Friday arena') });
  const game = h('select', { name: 'game', 'aria-label': t('Game') });
  const kind = h('select', { name: 'kind' }, h('option', { value: 'arena' }, t('Arena')), h('option', { value: 'swiss' }, t('Swiss')));
  const length = h('input', { name: 'length', type: 'number', min: 1, max: 1440, value: 45 });
  const lengthLabel = h('span', {}, t('Minutes'));
  const minutes = h('input', { name: 'clock', type: 'number', min: 0.5, step: 0.5, value: 3 });
  const inc = h('input', { name: 'increment', type: 'number', min: 0, max: 60, value: 2 });
  const rated = h('input', { name: 'rated', type: 'checkbox', checked: true });
  const startsIn = h('input', { name: 'startsIn', type: 'number', min: 0, max: 10080, step: 'any', value: 5 });
  const minRating = h('input', { name: 'minRating', type: 'number', min: 0, max: 4000, value: 0 });
  const password = h('input', { name: 'password', type: 'password', maxlength: 64, autocomplete: 'new-password' });
  const bots = h('input', { name: 'bots', type: 'checkbox' });
  kind.addEventListener('change', () => {
    const swiss = kind.value === 'swiss';
    lengthLabel.textContent = swiss ? t('Rounds') : t('Minutes');
    length.value = swiss ? 5 : 45;
  });
  games().then(gs => game.append(...gs.map(g => h('option', { value: g.name }, t(g.title))))).catch(e => { err.textContent = e.message; });
  f.append(h('h2', {}, t('Create a tournament')), h('div', { class: 'form-grid' },
    field(t('Name'), name), field(t('Game'), game), field(t('Kind'), kind), h('label', {}, lengthLabel, ' ', length),
    field(t('Clock (minutes)'), minutes), field(t('Increment (seconds)'), inc), field(t('Starts in (minutes)'), startsIn),
    field(t('Least rating'), minRating), field(t('Password (private)'), password),
    h('label', {}, rated, t(' Rated')), h('label', {}, bots, t(' Bots may join'))),
  h('button', { type: 'submit', class: 'primary' }, t('Create')));
  f.addEventListener('submit', async ev => {
    ev.preventDefault();
    err.textContent = '';
    const body = { kind: kind.value, name: name.value, game: game.value, options: {}, rated: rated.checked, bots: bots.checked,
      clock: { initialMs: Math.round(Number(minutes.value) * 60000), incrementMs: Math.round(Number(inc.value) * 1000) },
      startsAt: Date.now() + Number(startsIn.value) * 60000, minRating: Number(minRating.value) || 0 };
    body[kind.value === 'swiss' ? 'rounds' : 'minutes'] = Number(length.value);
    if (password.value) body.password = password.value;
    try {
      const r = await api('/api/tournaments', body);
      location.hash = '#/tournaments/' + r.id;
    } catch (e) { err.textContent = e.message; }
  });
  return f;
}
