// A puzzle's line as the page plays it: the solver's moves, each checked
// against the line (the page makes the opponents' replies itself, as the
// board says whose move it is). Pure, so that node tests it.

/** What a move played at step i (an index into line) makes of the
 * attempt: 'wrong' when the line has another move there, 'solved' when it
 * is the line's last, 'right' when the line goes on. */
export function judge(line, i, text) {
  if (i >= line.length || line[i] !== text) return 'wrong';
  return i === line.length - 1 ? 'solved' : 'right';
}

/** A rating change as shown: "+12", "−7", "±0". */
export function change(before, after) {
  const d = Math.round(after) - Math.round(before);
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0';
}
