// wyrm web app, its entry: a hash router over the screens (the lobby, the
// game screen, joins, ...). Nothing imports it: the API client, the session
// and what the browser stores live in modules of their own.
import { showLobby } from './lobby.js';
import { showGame } from './play.js';
import { showEditor } from './editor.js';
import { h } from './dom.js';
import { applyTheme } from './theme.js';
import { showSettings } from './settings.js';
import { showAccount, showPlayer } from './account.js';
import { api } from './api.js';
import { loadMe } from './session.js';
import { addTokens } from './tokens.js';
import { setConn } from './conn.js';
import { initChallenges } from './challenges.js';
import { initMenu } from './menu.js';
import { initTournamentGames } from './tourney-games.js';
import { registerWorker, offline, watchConnection, isStale } from './pwa.js';
import { loadLanguage, translateMarkup, t, mark } from './i18n.js';
import { initLangSwitch } from './langswitch.js';

// The language is loaded before anything is drawn, so that every screen
// draws in it from the start.
await loadLanguage();
translateMarkup();
initLangSwitch();
applyTheme();
document.getElementById('settings-open').addEventListener('click', showSettings);
initMenu();

const app = document.getElementById('app');
const OFFLINE = mark('Offline: games against the computer still work');
let leave = null; // clean-up of the current screen

async function route() {
  // A new build took over: its screens load with its own files, whole.
  if (isStale()) { location.reload(); return; }
  if (leave) { leave(); leave = null; }
  setConn(offline() ? t(OFFLINE) : '');
  const parts = location.hash.replace(/^#\/?/, '').split('/');
  // The analysis board has an address of its own; the header's links
  // (#/...) lead from it back to the app's other screens.
  if (location.pathname === '/analysis' && location.hash && !parts[0].startsWith('analysis')) {
    location.replace('/' + location.hash);
    return;
  }
  // So does a game's TV channel (/tv/<game>).
  const tv = location.pathname.match(/^\/tv\/([^/]+)$/);
  if (tv && location.hash && location.hash !== '#') {
    location.replace('/' + location.hash);
    return;
  }
  app.replaceChildren();
  try {
    if (tv) {
      const { showTV } = await import('./tv.js');
      leave = showTV(app, decodeURIComponent(tv[1]));
    } else if (location.pathname === '/analysis' || parts[0].startsWith('analysis')) {
      const query = location.pathname === '/analysis' ? location.search : location.hash.replace(/^[^?]*/, '');
      // Loaded when opened, so that the lobby stays small.
      const { showAnalysis } = await import('./analysis.js');
      leave = showAnalysis(app, new URLSearchParams(query));
    } else if (parts[0] === 'puzzles') {
      const { showPuzzles } = await import('./puzzles.js');
      leave = showPuzzles(app, decodeURIComponent(parts[1] || ''), parts[2] || '');
    } else if (parts[0] === 'g' && parts[1]) {
      leave = showGame(app, parts[1]);
    } else if (parts[0] === 'editor') {
      // #/editor/<game>/<position>?options=<json>: a game screen's "Play on
      // from this position", with the game's options.
      const [pos, query] = parts.slice(2).join('/').split('?');
      let options = {};
      try { options = JSON.parse(new URLSearchParams(query || '').get('options') || '{}') || {}; } catch { /* a link cut short: the defaults */ }
      leave = showEditor(app, { game: parts[1] || '', position: decodeURIComponent(pos), options });
    } else if (parts[0] === 'mod') {
      const { showModeration } = await import('./mod.js');
      leave = showModeration(app, decodeURIComponent(parts[1] || ''));
    } else if (parts[0] === 'account') {
      leave = showAccount(app);
    } else if (parts[0] === 'challenge' && parts[1]) {
      leave = showLobby(app, { challenge: decodeURIComponent(parts[1]) });
    } else if (parts[0] === 'players' && parts[1]) {
      // #/players/<name>?<filters>, or #/players/<name>/vs/<other>.
      const [name, query] = parts[1].split('?');
      if (parts[2] === 'vs' && parts[3]) {
        const { showHeadToHead } = await import('./headtohead.js');
        leave = showHeadToHead(app, decodeURIComponent(name), decodeURIComponent(parts[3].split('?')[0]));
      } else {
        leave = showPlayer(app, decodeURIComponent(name), new URLSearchParams(query || ''));
      }
    } else if (parts[0].split('?')[0] === 'leaderboard') {
      const { showLeaderboard } = await import('./leaderboard.js');
      leave = showLeaderboard(app, new URLSearchParams(location.hash.split('?')[1] || ''));
    } else if (parts[0] === 'tournaments' && parts[1]) {
      const { showTournament } = await import('./tournament.js');
      leave = showTournament(app, decodeURIComponent(parts[1]));
    } else if (parts[0] === 'tournaments') {
      const { showTournaments } = await import('./tournaments.js');
      leave = showTournaments(app);
    } else if (parts[0] === 'join' && parts[1]) {
      await join(parts[1], Number(parts[2] || 0), parts[3] || '');
    } else if (parts[0] === 'offline' || offline()) {
      const { showOfflineLobby } = await import('./offlinelobby.js');
      showOfflineLobby(app);
    } else {
      leave = showLobby(app);
    }
  } catch (e) {
    app.replaceChildren(h('p', { class: 'error', role: 'alert' }, e.message));
  }
}

async function join(id, seat, invite) {
  app.append(h('p', { class: 'loading' }, t('Joining…')));
  try {
    const r = await api(`/api/games/${id}/join`, invite ? { seat, invite } : { seat });
    addTokens(id, [r.token]);
    location.replace('#/g/' + id);
  } catch (e) {
    // A game that is not there cannot be watched either.
    const exists = await fetch('/api/games/' + encodeURIComponent(id)).then(r => r.status !== 404, () => true);
    app.replaceChildren(h('h1', {}, t('Could not join')),
      h('p', { class: 'error', role: 'alert' }, e.message),
      exists ? h('p', {}, h('a', { href: '#/g/' + id }, t('Watch the game')), ' · ', h('a', { href: '#/' }, t('Back to the lobby')))
        : h('p', {}, t('There is no such game.'), ' ', h('a', { href: '#/' }, t('Back to the lobby'))));
  }
}

addEventListener('hashchange', route);
// The connection going or coming back: said in the header, and the lobby
// swapped for the offline one or back.
const onLobby = () => location.pathname === '/' && !/^#\/?[a-z]/.test(location.hash);
watchConnection(online => {
  if (onLobby()) route();
  setConn(online ? t('Back online') : t(OFFLINE));
  if (online) loadMe();
});
initChallenges();
initTournamentGames();
loadMe().finally(route);
registerWorker();
