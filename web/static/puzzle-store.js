// What the browser keeps of a guest's puzzles, per game: the Glicko-2
// rating the server last answered, the best streak, and the puzzles seen
// lately (which the next one avoids). An account's are on the server.

const key = (game, what) => `wyrm.puzzle.${what}.${game}`;
/** How many seen puzzles are kept: the server takes at most 200. */
export const maxSeen = 150;

function read(storage, k, def) {
  try { const v = JSON.parse(storage.getItem(k)); return v ?? def; } catch { return def; }
}

/** A guest's rating in game ({rating, rd, volatility}), null before any. */
export function guestRating(storage, game) {
  const r = read(storage, key(game, 'rating'), null);
  return r && Number.isFinite(r.rating) && Number.isFinite(r.rd) && Number.isFinite(r.volatility) ? r : null;
}

export function setGuestRating(storage, game, r) { storage.setItem(key(game, 'rating'), JSON.stringify(r)); }

/** The best streak in game. */
export function bestStreak(storage, game) { return Number(read(storage, key(game, 'streak'), 0)) || 0; }

/** Records a streak; returns the best. */
export function noteStreak(storage, game, n) {
  const best = Math.max(bestStreak(storage, game), n);
  storage.setItem(key(game, 'streak'), JSON.stringify(best));
  return best;
}

/** The puzzles of game seen lately, newest last. */
export function seen(storage, game) {
  const s = read(storage, key(game, 'seen'), []);
  return Array.isArray(s) ? s.filter(x => typeof x === 'string') : [];
}

/** Adds a puzzle to the seen ones, keeping the last maxSeen. */
export function noteSeen(storage, game, id) {
  const s = seen(storage, game).filter(x => x !== id);
  s.push(id);
  storage.setItem(key(game, 'seen'), JSON.stringify(s.slice(-maxSeen)));
}
