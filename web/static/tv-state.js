// What the TV shows of a channel, pure: shared by the TV page and the
// lobby's TV tiles, and tested apart from them.
import { playerText } from './players.js';

/** The players of a channel's featured game on one line: "alice (1620) vs bob (1580?)". */
export function matchText(f) {
  if (!f) return '';
  return f.seats.map(s => s.kind === 'computer' ? `Computer level ${s.level}` : playerText(s)).join(' vs ');
}

/** How many watch, as a label: "1 watching", "no spectators". */
export function watchingText(n) {
  return n > 0 ? `${n} watching` : 'no spectators';
}

/** What a channel says of itself on one line. */
export function channelText(ch) {
  if (!ch.featured) return 'Nothing is being played right now.';
  return matchText(ch.featured);
}

/**
 * Which seats stand below the board and which above: seat 0 (White, the
 * first to move) at the bottom, as a spectator sees a game, unless the
 * viewer turned this channel round (flipped). The side follows the
 * channel, not the game, so a new game never comes on upside down.
 */
export function sides(seats, flipped) {
  const all = Array.from({ length: seats }, (_, i) => i);
  if (seats === 2) return flipped ? { bottom: [1], top: [0] } : { bottom: [0], top: [1] };
  return { bottom: [0], top: all.slice(1) };
}

/** Whole seconds until an ended game gives way to the next (0: now or never). */
export function secondsToNext(ch, now) {
  if (!ch.featured || !ch.until) return 0;
  return Math.max(0, Math.ceil((ch.until - now) / 1000));
}
