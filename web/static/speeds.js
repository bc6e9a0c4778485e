// Which speed a list opens on when the address names none: pure, so that
// node's test runner checks it.

/** Speeds in the order a tie is broken: the speeds most sites play most. */
const PREFERRED = ['blitz', 'rapid', 'bullet', 'classical', 'correspondence'];

/**
 * The most played of speeds, given counts (speed -> games played by the
 * players a leaderboard lists there); ties, and no games at all, go to the
 * speed earlier in PREFERRED, then in speeds.
 */
export function mostPlayed(speeds, counts) {
  const rank = s => { const i = PREFERRED.indexOf(s); return i < 0 ? PREFERRED.length + speeds.indexOf(s) : i; };
  return [...speeds].sort((a, b) => (counts[b] || 0) - (counts[a] || 0) || rank(a) - rank(b))[0] || '';
}
