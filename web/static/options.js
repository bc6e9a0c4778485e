// The rules of an option form apart from the page: an option's title, when
// a value is the default, and how the choices of a per-seat option combine.
// Options travel as strings (game.Option's schema).

/** What a field calls option o: its label, else its name capitalised. */
export function optionTitle(o) { return o.label || (o.name[0].toUpperCase() + o.name.slice(1)); }

/** What a person reads for choice c of option o: its label from the game,
 * else the choice itself. */
export function choiceLabel(o, c) {
  const i = (o.choices || []).indexOf(c);
  return (i >= 0 && o.choiceLabels && o.choiceLabels[i]) || c;
}

/** The game's sentence explaining choice c of option o, '' for none. */
export function choiceHelp(o, c) {
  const i = (o.choices || []).indexOf(c);
  return (i >= 0 && o.choiceHelp && o.choiceHelp[i]) || '';
}

/** Whether v is option o's default, which a form need not send (an unset
 * boolean is false). */
export function isDefault(o, v) {
  return v === (o.default || '') || (o.kind === 'bool' && v === 'false' && !o.default);
}

/** The options of the schema specs whose values differ from their defaults;
 * values maps a name to the string a field holds. */
export function changedOptions(specs, values) {
  const out = {};
  for (const o of specs) if (o.name in values && !isDefault(o, values[o.name])) out[o.name] = values[o.name];
  return out;
}

/**
 * A per-seat option's value from each seat's pick ('' for any). Strict: a
 * value only once every seat has one, else '' (the game's own choice);
 * otherwise whatever is picked, for the game to accept or explain.
 */
export function perSeatValue(picks, strict) {
  if (strict) return picks.every(x => x) ? picks.join(',') : '';
  return picks.every(x => x === '') ? '' : picks.join(',');
}

/** Seat i's pick set to choice, with the seat that had it before taking
 * seat i's old pick: two seats may not share a choice. */
export function swapPick(picks, i, choice) {
  const next = [...picks];
  const had = next.indexOf(choice);
  if (had >= 0 && had !== i) next[had] = next[i];
  next[i] = choice;
  return next;
}

/** Whether text is an integer within option o's bounds. */
export function inBounds(o, text) {
  const n = Number(text);
  return Number.isInteger(n) && n >= o.min && n <= o.max;
}
