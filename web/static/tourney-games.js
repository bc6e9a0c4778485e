// Tournament games and the player: a game that starts (announced on the
// event stream, or seen on the tournament's page) takes them to its board
// with the seat's token, and once it is over the board leads back.
import { addTokens } from './tokens.js';
import { on } from './stream.js';
import { h } from './dom.js';
import { t } from './i18n.js';

const key = id => 'wyrm.tournamentOf.' + id;

/** Opens the board of a tournament game, holding its seat's token. */
export function goToGame(game, token, tournament) {
  if (token) addTokens(game, [token]);
  try { sessionStorage.setItem(key(game), tournament); } catch { /* storage off: no way back offered */ }
  location.hash = '#/g/' + game;
}

/** Follows the stream: a tournament game starting moves the player to it. */
export function initTournamentGames() {
  on('gameStart', d => {
    const g = d && d.game;
    if (g && g.tournament && g.token) goToGame(g.id, g.token, g.tournament);
  });
}

/** On a game's board: once a tournament game is over, a link back to the
 * tournament in status, and after a few seconds the way back itself.
 * Returns whether the game belongs to a tournament. */
export function tournamentReturn(game, over, status) {
  let tid = null;
  try { tid = sessionStorage.getItem(key(game)); } catch { return false; }
  if (!tid || !over) return !!tid;
  status.append(' ', h('a', { href: '#/tournaments/' + tid, id: 'back-to-tournament' }, t('Back to the tournament')));
  if (!returning.has(game)) {
    returning.add(game);
    setTimeout(() => { if (location.hash === '#/g/' + game) location.hash = '#/tournaments/' + tid; }, 4000);
  }
  return true;
}

const returning = new Set();
