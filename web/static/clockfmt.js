// How a game clock reads: pure, shared by the game screen and its tests.

/** Remaining time ms as a clock shows it: "5:03", "1:02:03", tenths under
 * ten seconds ("0:07.4"), and days and hours for a correspondence clock. */
export function formatClock(ms) {
  ms = Math.max(0, ms);
  if (ms >= 24 * 3600000) return `${Math.floor(ms / 86400000)}d ${Math.floor(ms % 86400000 / 3600000)}h`;
  const t = Math.floor(ms / 1000), m = Math.floor(t / 60), s = t % 60;
  if (ms < 10000) return `0:0${s}.${Math.floor(ms % 1000 / 100)}`;
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}
