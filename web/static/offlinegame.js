// Games against the computer played in the browser alone (the analysis
// board's "vs" mode, which works offline): kept in localStorage so that
// they survive a reload and can be resumed, analysed or downloaded as a
// record. Pure apart from the storage and the download, so that node's
// tests reach it.

const KEY = 'wyrm.offline';
const KEEP = 50; // the newest games kept; older ones make room

function store() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

/** The games kept, newest first. */
export function savedGames() {
  try { return JSON.parse(store()?.getItem(KEY) || '[]'); } catch { return []; }
}

/** The kept game with id, or null. */
export function loadGame(id) { return savedGames().find(g => g.id === id) || null; }

/** Keeps g ({id, game, title, options, start, seat, level, moves, over, reason, results}). */
export function saveGame(g) {
  const all = [{ ...g, updated: Date.now() }, ...savedGames().filter(x => x.id !== g.id)].slice(0, KEEP);
  try { store()?.setItem(KEY, JSON.stringify(all)); } catch { /* full or private: kept for this page */ }
}

/** Forgets the game with id. */
export function removeGame(id) {
  try { store()?.setItem(KEY, JSON.stringify(savedGames().filter(x => x.id !== id))); } catch { /* as above */ }
}

/** A new game's id: time and chance, unique enough in one browser. */
export function newId() { return Date.now().toString(36) + Math.random().toString(36).slice(2, 7); }

/** The engine's limits for a level from 1 (weakest) to 8. */
export function levelLimits(level) {
  const l = Math.min(8, Math.max(1, Number(level) || 1));
  return { depth: l + 1, movetime: 60 * l * l };
}

const quote = s => String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/** The game g as a PGN record in wyrm's layout (record/doc.go): the
 * seven-tag roster, Game, Options, SetUp and FEN from a set position, the
 * result, then the moves in the game's notation, numbered by rounds. */
export function recordText(g, date = new Date()) {
  const seats = g.seatNames?.length || 2;
  const name = i => i === g.seat ? 'You' : 'Computer';
  const result = !g.over ? '*' : seats !== 2 ? '*' : g.results?.[0] === 'win' ? '1-0' : g.results?.[1] === 'win' ? '0-1' : '1/2-1/2';
  const d = `${date.getUTCFullYear()}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${String(date.getUTCDate()).padStart(2, '0')}`;
  const tags = [['Event', 'Casual game against the computer, in the browser'], ['Site', 'wyrm'], ['Date', d], ['Round', '-'],
    ['White', seats === 2 ? name(0) : '?'], ['Black', seats === 2 ? name(1) : '?'], ['Result', result]];
  if (seats !== 2) for (let i = 0; i < seats; i++) tags.push([`Seat${i + 1}`, name(i)]);
  tags.push(['Game', g.game]);
  if (g.options && Object.keys(g.options).length) tags.push(['Options', JSON.stringify(g.options)]);
  if (g.start) tags.push(['SetUp', '1'], ['FEN', g.start]);
  if (g.over && g.reason) tags.push(['Reason', g.reason]);
  if (g.over && seats !== 2 && g.results) tags.push(['Results', g.results.join(',')]);
  const head = tags.map(([k, v]) => `[${k} "${quote(v)}"]`).join('\n');
  // A new number whenever the seat to move is not later than the last.
  const words = [];
  let n = 0, prev = Infinity;
  for (const m of g.moves) {
    const seat = m.seat ?? 0;
    if (!words.length && seat > 0) words.push(`${++n}...`);
    else if (seat <= prev) words.push(`${++n}.`);
    words.push(m.san || m.text);
    prev = seat;
  }
  words.push(result);
  const lines = [];
  let line = '';
  for (let i = 0; i < words.length; i++) {
    // A move number stays on the line of the move it numbers.
    const w = /\d\.+$/.test(words[i]) && i + 1 < words.length ? words[i] + ' ' + words[++i] : words[i];
    if (line && line.length + 1 + w.length > 79) { lines.push(line); line = w; } else line = line ? line + ' ' + w : w;
  }
  lines.push(line);
  return head + '\n\n' + lines.join('\n') + '\n';
}

/** Saves game g's record as a file, through the browser's download. */
export function downloadRecord(g) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([recordText(g)], { type: 'application/x-chess-pgn' }));
  a.download = `wyrm-${g.game}-${g.id}.pgn`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
