// How a seat's player reads in lists and beside the board: the account's
// name with its rating in the game's pool ("?" while provisional), a BOT
// mark, and once a rated game is over what it did to the rating.
import { t } from './i18n.js';

/** Who plays seat s in the page's language: the server words a computer,
 * a guest and an empty seat in English ("Computer level 3", "Guest",
 * "Player 2"); an account's name stays as it is. */
export function nameText(s) {
  if (!s || !s.name) return '';
  if (s.kind === 'computer') return t('Computer level {level}', { level: s.level });
  const m = /^Player (\d+)$/.exec(s.name);
  if (m) return t('Player {n}', { n: m[1] });
  return s.name === 'Guest' && !s.rating && !s.bot ? t('Guest') : s.name;
}

/** The rating of seat s as text ("1500?", "1623"), "" without one. */
export function ratingText(s) {
  if (!s || !s.rating) return '';
  return `${s.rating}${s.provisional ? '?' : ''}`;
}

/** What a rated game did to seat s's rating ("+12", "−8", "±0"), "" before. */
export function changeText(s) {
  if (!s || s.ratingChange === undefined || s.ratingChange === null) return '';
  const d = s.ratingChange;
  return d > 0 ? `+${d}` : d < 0 ? `\u2212${-d}` : '\u00b10';
}

/** Seat s's player as one line of text: name, rating, bot mark, change. */
export function playerText(s) {
  const parts = [nameText(s)];
  const r = ratingText(s);
  if (r) parts.push(`(${r})`);
  if (s.bot) parts.push(t('BOT'));
  const c = changeText(s);
  if (c) parts.push(c);
  return parts.join(' ');
}
