// A suggested deployment merged with the units a player already placed by
// hand: pure, so that node's test runner checks it.

/**
 * The placement (square -> letter) that keeps every unit of placed and
 * adds the letters of rest (those still to place) where the suggestion
 * (square -> letter) puts units of that letter on free squares; a letter
 * whose suggested squares are taken goes to the suggestion's other free
 * squares, then to any free square of zone (in its order).
 */
export function mergeSuggestion(placed, suggestion, rest, zone) {
  const out = new Map(placed), todo = [...rest];
  const take = (sq, l) => { const i = todo.indexOf(l); if (i < 0 || out.has(sq)) return false; out.set(sq, l); todo.splice(i, 1); return true; };
  for (const [sq, l] of suggestion) take(sq, l);
  const free = [...suggestion.keys(), ...zone].filter(sq => !out.has(sq));
  for (const l of [...todo]) { const sq = free.find(s => !out.has(s)); if (sq === undefined) break; take(sq, l); }
  return out;
}
