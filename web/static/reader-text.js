// What the screen-reader mode says: moves with the pieces' own names (the
// game's descriptions, as the board view carries them), the pieces on a
// board or level, what attacks a square, and how typed text reads as a
// move or a command. Pure, so that node's tests reach it.
import { t } from './i18n.js';

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
  const sq = i => (names && names[i]) || t('square {n}', { n: i + 1 });
  const who = seat(ply.seat) + ': ';
  const to = dest(ply);
  const moved = pieceAt(before, ply.from), landed = pieceAt(after, to >= 0 ? to : ply.from);
  const victim = ply.target >= 0 ? pieceAt(before, ply.target) : null;
  let s;
  if (ply.drop) {
    s = t('{piece} dropped on {square}', { piece: t((landed && landed.name) || ply.drop), square: sq(ply.to) });
  } else if (ply.from < 0) {
    s = ply.san || ply.text;
  } else {
    const name = moved ? t(moved.name) : t('Piece');
    s = `${name} ${sq(ply.from)}`;
    if (victim && victim.sq !== to && ply.to >= 0 && ply.to !== ply.from) s += ' ' + t('to {square}, takes {piece} on {target}', { square: sq(ply.to), piece: t(victim.name), target: sq(ply.target) });
    else if (victim && (ply.to < 0 || ply.to === ply.from)) s += ' ' + t('takes {piece} on {target} from afar', { piece: t(victim.name), target: sq(ply.target) });
    else if (victim) s += ' ' + t('takes {piece} on {target}', { piece: t(victim.name), target: sq(to) });
    else s += ' ' + t('to {square}', { square: sq(to) });
    if (moved && landed && landed.owner === moved.owner && landed.name !== moved.name) s += ', ' + t('becomes {piece}', { piece: t(landed.name) });
  }
  if (after && after.check && after.check.length) s += ', ' + t('check');
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
    // A level is named in English or in the page's language.
    lv = (g.levelNames || []).findIndex(n => [n, t(n)].some(x => x.toLowerCase() === want || x.toLowerCase().startsWith(want)));
    if (lv < 0 && /^\d+$/.test(want) && Number(want) >= 1 && Number(want) <= g.levels) lv = Number(want) - 1;
    if (lv < 0) return t('No level {level}. The levels: {x}.', { level, x: levelNames(g).join(', ') });
  }
  const shown = board.pieces.filter(p => lv < 0 || Math.floor(p.sq / per) === lv);
  const where = lv >= 0 ? t('On {level}', { level: levelNames(g)[lv] }) : t('On the board');
  if (!shown.length) return t('{where}: no pieces.', { where });
  const seats = [...new Set(shown.map(p => p.owner))].sort((a, b) => a - b);
  return `${where}: ` + seats.map(s => `${seat(s)}: ` + shown.filter(p => p.owner === s)
    .map(p => `${t(p.name)} ${g.squareNames[p.sq]}`).join(', ')).join('. ') + '.';
}

/** The names of a board's levels ("Board" for one). */
export function levelNames(g) {
  return Array.from({ length: g.levels }, (_, i) => (g.levelNames && g.levelNames[i] && t(g.levelNames[i])) || (g.levels > 1 ? t('Level {x}', { x: i + 1 }) : t('Board')));
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
  const parts = froms.map(f => { const p = pieceAt(board, f); return `${p ? t(p.name) : t('Piece')} ${board.geometry.squareNames[f]}`; });
  const drops = [...new Set(hits.filter(m => m.drop).map(m => m.drop))];
  if (drops.length) parts.push(t('a drop from hand ({letters})', { letters: drops.join(', ') }));
  const what = here ? t("{square}, {seat}'s {piece}", { square: name, seat: seat(here.owner), piece: t(here.name) }) : t('{square}, empty', { square: name });
  if (!parts.length) return t('{what}: no piece of {x} can move there now.', { what, x: seat(toMove) });
  return t('{what}: {x} can move there with {x2}.', { what, x: seat(toMove), x2: parts.join(', ') });
}

/** The last n plies, newest last, as "3. White: e4". */
export function lastText(plies, n, seat, rounds) {
  if (!plies.length) return t('No moves yet.');
  const from = Math.max(0, plies.length - n);
  return plies.slice(from).map((p, i) => `${rounds[from + i]}. ${seat(p.seat)}: ${p.san || p.text}`).join('; ') + '.';
}

/** The square named name (any case), or -1. */
export function squareOf(names, name) {
  const n = name.toLowerCase();
  return names.findIndex(x => x.toLowerCase() === n);
}

/** The help of the screen reader's field (a function: the page's language
 * is known only once the app runs). */
export const commandsText = () => t('Type a move in the game\'s notation, or two squares (from and to, such as "e2 e4"). Commands: ') +
  t('"c" the clocks, "l" the last moves ("l 6" six), "p" the pieces ("p" and a level\'s name or number for one level), ') +
  t('"a" and a square: what attacks it, "m" and a square: its piece\'s moves, "s" the status, "h" this help.');

/**
 * Reads typed text: a command ({command, arg}), a legal move ({move}),
 * several moves that the text fits ({choices}), or {error}.
 */
export function readInput(text, legal, names) {
  const typed = text.trim();
  if (!typed) return { error: t('Nothing typed.') };
  // A move first: a game's notation may spell one like a command.
  const exact = (legal || []).filter(m => m.text === typed || m.san === typed);
  if (exact.length === 1) return { move: exact[0] };
  const cmd = /^(c|clocks?|l|last|p|pieces|a|attacks?|m|moves|s|status|h|help|\?)(?:\s+(.+))?$/i.exec(typed);
  if (cmd) {
    const word = cmd[1].toLowerCase();
    const command = { clock: 'c', clocks: 'c', last: 'l', pieces: 'p', attack: 'a', attacks: 'a', moves: 'm', status: 's', help: 'h', '?': 'h' }[word] || word;
    return { command, arg: (cmd[2] || '').trim() };
  }
  const folded = (legal || []).filter(m => m.text.toLowerCase() === typed.toLowerCase() || (m.san && m.san.toLowerCase() === typed.toLowerCase()));
  if (folded.length === 1) return { move: folded[0] };
  // Two squares: from and to, apart or joined by a dash or an x.
  const sqs = typed.split(/[\s\-x]+/).filter(Boolean);
  if (sqs.length === 2) {
    const a = squareOf(names, sqs[0]), b = squareOf(names, sqs[1]);
    if (a >= 0 && b >= 0) {
      const c = (legal || []).filter(m => m.from === a && !m.drop && dest(m) === b);
      if (c.length === 1) return { move: c[0] };
      if (c.length > 1) return { choices: c };
      return { error: t('No legal move from {x} to {x2}.', { x: names[a], x2: names[b] }) };
    }
  }
  return { error: t('"{typed}" is neither a legal move here nor a command. Type h for help.', { typed }) };
}
