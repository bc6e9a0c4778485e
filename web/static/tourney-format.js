// How tournament pages write things: clocks, countdowns, kinds, scores.
// Pure functions, tested by web/tests/tourney-format.test.mjs.
import { t, tn, mark } from './i18n.js';

/** "3+2" for a clock of three minutes and two seconds a move. */
export function clockText(clock) {
  const min = (clock.initialMs || 0) / 60000;
  const m = Number.isInteger(min) ? String(min) : min.toFixed(1).replace(/\.0$/, '');
  return `${m}+${Math.round((clock.incrementMs || 0) / 1000)}`;
}

/** "1:02:05", "4:09" or "0:07": the time left until ms, never negative. */
export function countdown(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(s / 3600), mm = Math.floor(s / 60) % 60, ss = s % 60;
  const two = n => String(n).padStart(2, '0');
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

/** What the tournament is: "Arena, 45 minutes" or "Swiss, 7 rounds",
 * with the seats of a game of more than two. */
export function kindText(tour) {
  const base = tour.kind === 'swiss' ? tn('Swiss, {n} round', 'Swiss, {n} rounds', tour.rounds) : tn('Arena, {n} minute', 'Arena, {n} minutes', tour.minutes);
  return tour.seats > 2 ? base + ', ' + tn('{n} player a game', '{n} players a game', tour.seats) : base;
}

/** A score as the page shows it: a Swiss one is in half points. */
export function scoreText(kind, score) {
  if (kind !== 'swiss') return String(score);
  return score % 2 ? `${(score - 1) / 2}½` : String(score / 2);
}

/** What the countdown counts to, and how it is named, at now. */
export function phase(tour, now) {
  if (tour.status === 'created') return { label: t('Starts in'), at: tour.startsAt };
  if (tour.status === 'started' && tour.kind === 'arena' && tour.endsAt) return { label: t('Ends in'), at: tour.endsAt };
  return null;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const forms = [mark('{n}th'), mark('{n}st'), mark('{n}nd'), mark('{n}rd')];
  return t(teen ? forms[0] : forms[n % 10] || forms[0], { n });
}
