// The axes of a small plot: round values for the ticks and short dates.
// Pure, so that node's test runner checks it.

/** Ticks for values from lo to hi: about n round numbers (steps of 1, 2
 * or 5 times a power of ten) covering the range, lowest first. */
export function niceTicks(lo, hi, n = 4) {
  if (!(hi > lo)) { const r = Math.round(lo); return [r - 10, r, r + 10]; }
  const raw = (hi - lo) / Math.max(1, n - 1), p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map(k => k * p).find(s => s >= raw);
  const out = [];
  for (let v = Math.floor(lo / step) * step; v < hi + step; v += step) { out.push(v); if (v >= hi) break; }
  return out;
}

/** A date as a plot's axis shows it: "3 Mar 2025". */
export function dateLabel(t) {
  const d = new Date(t);
  return `${d.getUTCDate()} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
