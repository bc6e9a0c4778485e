// How tournament pages write things: clocks, countdowns, kinds, scores.
// Pure functions, tested by web/tests/tourney-format.test.mjs.

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
export function kindText(t) {
  const base = t.kind === 'swiss' ? `Swiss, ${t.rounds} round${t.rounds === 1 ? '' : 's'}` : `Arena, ${t.minutes} minutes`;
  return t.seats > 2 ? `${base}, ${t.seats} players a game` : base;
}

/** A score as the page shows it: a Swiss one is in half points. */
export function scoreText(kind, score) {
  if (kind !== 'swiss') return String(score);
  return score % 2 ? `${(score - 1) / 2}½` : String(score / 2);
}

/** What the countdown counts to, and how it is named, at now. */
export function phase(t, now) {
  if (t.status === 'created') return { label: 'Starts in', at: t.startsAt };
  if (t.status === 'started' && t.kind === 'arena' && t.endsAt) return { label: 'Ends in', at: t.endsAt };
  return null;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return n + (teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th');
}
