// How a seat's player reads in lists and beside the board: the account's
// name with its rating in the game's pool ("?" while provisional), a BOT
// mark, and once a rated game is over what it did to the rating.

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
  const parts = [s.name];
  const r = ratingText(s);
  if (r) parts.push(`(${r})`);
  if (s.bot) parts.push('BOT');
  const c = changeText(s);
  if (c) parts.push(c);
  return parts.join(' ');
}
