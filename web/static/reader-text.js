// What the screen-reader mode says: moves with the pieces' own names (the
// game's descriptions, as the board view carries them), the pieces on a
// board or level, what attacks a square, and how typed text reads as a
// move or a command. Pure, so that node's tests reach it.

/** Where move m goes: its destination, or for a capture from afar its target. */
const dest = m => (m.to >= 0 && m.to !== m.from) ? m.to : m.target;

const pieceAt = (board, sq) => board && sq >= 0 ? board.pieces.find(p => p.sq === sq) || null : null;

/**
 * A played ply as a sentence: "White: Knight g1 to f3", "Black: Pawn d7
 * takes Knight on d5", "White: Archer dropped on e1", with check. before
 * is the board before the ply, after the one after it (either may be
 * null: the sentence then says less); seat names a seat.
 */
export function describePly(ply, before, after, names, seat) {
  const sq = i => (names && names[i]) || `square ${i + 1}`;
  const who = seat(ply.seat) + ': ';
  const to = dest(ply);
  const moved = pieceAt(before, ply.from), landed = pieceAt(after, to >= 0 ? to : ply.from);
  const victim = ply.target >= 0 ? pieceAt(before, ply.target) : null;
  let s;
  if (ply.drop) {
    s = `${(landed && landed.name) || ply.drop} dropped on ${sq(ply.to)}`;
  } else if (ply.from < 0) {
    s = ply.san || ply.text;
  } else {
    const name = moved ? moved.name : 'Piece';
    s = `${name} ${sq(ply.from)}`;
    if (victim && victim.sq !== to && ply.to >= 0 && ply.to !== ply.from) s += ` to ${sq(ply.to)}, takes ${victim.name} on ${sq(ply.target)}`;
    else if (victim && (ply.to < 0 || ply.to === ply.from)) s += ` takes ${victim.name} on ${sq(ply.target)} from afar`;
    else if (victim) s += ` takes ${victim.name} on ${sq(to)}`;
    else s += ` to ${sq(to)}`;
    if (moved && landed && landed.owner === moved.owner && landed.name !== moved.name) s += `, becomes ${landed.name}`;
  }
  if (after && after.check && after.check.length) s += ', check';
  return who + s + ` (${ply.san || ply.text})`;
}

/**
 * The pieces on the board, by seat, or on one level of a board of several
 * (level: its number from 1, or its name, as the view names levels).
 */
export function piecesText(board, seat, level) {
  const g = board.geometry, per = g.files * g.ranks;
  let lv = -1;
  if (level) {
    const want = String(level).toLowerCase();
    lv = (g.levelNames || []).findIndex(n => n.toLowerCase() === want || n.toLowerCase().startsWith(want));
    if (lv < 0 && /^\d+$/.test(want) && Number(want) >= 1 && Number(want) <= g.levels) lv = Number(want) - 1;
    if (lv < 0) return `No level ${level}. The levels: ${levelNames(g).join(', ')}.`;
  }
  const shown = board.pieces.filter(p => lv < 0 || Math.floor(p.sq / per) === lv);
  const where = lv >= 0 ? `On ${levelNames(g)[lv]}` : 'On the board';
  if (!shown.length) return `${where}: no pieces.`;
  const seats = [...new Set(shown.map(p => p.owner))].sort((a, b) => a - b);
  return `${where}: ` + seats.map(s => `${seat(s)}: ` + shown.filter(p => p.owner === s)
    .map(p => `${p.name} ${g.squareNames[p.sq]}`).join(', ')).join('. ') + '.';
}

/** The names of a board's levels ("Board" for one). */
export function levelNames(g) {
  return Array.from({ length: g.levels }, (_, i) => (g.levelNames && g.levelNames[i]) || (g.levels > 1 ? `Level ${i + 1}` : 'Board'));
}

/**
 * What attacks square sq, read from the legal moves of the side to move:
 * its pieces (and hand pieces) that could move to or capture on sq now.
 * The state carries the legal moves of the seat to move only, so that is
 * what can be told without the rules in the page.
 */
export function attackersText(board, legal, sq, seat, toMove) {
  const name = board.geometry.squareNames[sq];
  const here = pieceAt(board, sq);
  const hits = (legal || []).filter(m => dest(m) === sq);
  const froms = [...new Set(hits.filter(m => m.from >= 0 && !m.drop).map(m => m.from))];
  const parts = froms.map(f => { const p = pieceAt(board, f); return `${p ? p.name : 'Piece'} ${board.geometry.squareNames[f]}`; });
  const drops = [...new Set(hits.filter(m => m.drop).map(m => m.drop))];
  if (drops.length) parts.push(`a drop from hand (${drops.join(', ')})`);
  const what = here ? `${name}, ${seat(here.owner)}'s ${here.name}` : `${name}, empty`;
  if (!parts.length) return `${what}: no piece of ${seat(toMove)} can move there now.`;
  return `${what}: ${seat(toMove)} can move there with ${parts.join(', ')}.`;
}

/** The last n plies, newest last, as "3. White: e4". */
export function lastText(plies, n, seat, rounds) {
  if (!plies.length) return 'No moves yet.';
  const from = Math.max(0, plies.length - n);
  return plies.slice(from).map((p, i) => `${rounds[from + i]}. ${seat(p.seat)}: ${p.san || p.text}`).join('; ') + '.';
}

/** The square named name (any case), or -1. */
export function squareOf(names, name) {
  const n = name.toLowerCase();
  return names.findIndex(x => x.toLowerCase() === n);
}

export const COMMANDS = 'Type a move in the game\'s notation, or two squares (from and to, such as "e2 e4"). Commands: ' +
  '"c" the clocks, "l" the last moves ("l 6" six), "p" the pieces ("p" and a level\'s name or number for one level), ' +
  '"a" and a square: what attacks it, "m" and a square: its piece\'s moves, "s" the status, "h" this help.';

/**
 * Reads typed text: a command ({command, arg}), a legal move ({move}),
 * several moves that the text fits ({choices}), or {error}.
 */
export function readInput(text, legal, names) {
  const t = text.trim();
  if (!t) return { error: 'Nothing typed.' };
  // A move first: a game's notation may spell one like a command.
  const exact = (legal || []).filter(m => m.text === t || m.san === t);
  if (exact.length === 1) return { move: exact[0] };
  const cmd = /^(c|clocks?|l|last|p|pieces|a|attacks?|m|moves|s|status|h|help|\?)(?:\s+(.+))?$/i.exec(t);
  if (cmd) {
    const word = cmd[1].toLowerCase();
    const command = { clock: 'c', clocks: 'c', last: 'l', pieces: 'p', attack: 'a', attacks: 'a', moves: 'm', status: 's', help: 'h', '?': 'h' }[word] || word;
    return { command, arg: (cmd[2] || '').trim() };
  }
  const folded = (legal || []).filter(m => m.text.toLowerCase() === t.toLowerCase() || (m.san && m.san.toLowerCase() === t.toLowerCase()));
  if (folded.length === 1) return { move: folded[0] };
  // Two squares: from and to, apart or joined by a dash or an x.
  const sqs = t.split(/[\s\-x]+/).filter(Boolean);
  if (sqs.length === 2) {
    const a = squareOf(names, sqs[0]), b = squareOf(names, sqs[1]);
    if (a >= 0 && b >= 0) {
      const c = (legal || []).filter(m => m.from === a && !m.drop && dest(m) === b);
      if (c.length === 1) return { move: c[0] };
      if (c.length > 1) return { choices: c };
      return { error: `No legal move from ${names[a]} to ${names[b]}.` };
    }
  }
  return { error: `"${t}" is neither a legal move here nor a command. Type h for help.` };
}
