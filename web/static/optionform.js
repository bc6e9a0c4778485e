// One form field per option of a schema (game.Option: bool, choice, int,
// text, set, perseat), for the lobby's new-game form and the board editor
// (a game's options, a position's own fields). A field holds a value as
// options travel (a string) and reports each change with the value it now
// holds, read back from the page, so that whatever changed its inputs is
// heard the same way.
import { h } from './dom.js';
import { optionTitle, changedOptions, perSeatValue, swapPick, inBounds, choiceLabel, choiceHelp } from './options.js';

/**
 * A labelled field for option o holding value v ('' or undefined: the
 * default); onchange(value) hears each change. seats names the seats of a
 * per-seat option. strict is for a form whose every change must make sense
 * as it stands (the editor writes a position with it): numbers out of
 * bounds go back to what they were, and a per-seat option reports only a
 * choice for every seat, kept different by swapping with the seat that had
 * the one chosen. Otherwise (the lobby) what the player set is reported as
 * it is, for the server to accept or explain, and 'any' stays on offer.
 */
export function optionField(o, v, onchange, { seats = [], strict = false } = {}) {
  const id = 'opt-' + o.name;
  const title = optionTitle(o);
  const value = v === undefined || v === null || v === '' ? (o.default || '') : String(v);
  const hint = o.description ? h('small', { class: 'muted hint' }, o.description) : '';
  let input; // the element named by data-opt: the input, or a group's box
  const report = () => onchange(readOption(input, o, strict));
  if (o.kind === 'set') {
    const on = value.split(',');
    // Each choice reads as the game names it, with its explanation when the
    // game gives one (then one choice a line).
    const explained = o.choices.some(c => choiceHelp(o, c));
    input = h('span', { class: 'checks' + (explained ? ' explained' : ''), id, role: 'group', 'aria-label': title },
      o.choices.map(c => h('label', { title: choiceHelp(o, c) || undefined },
        h('input', { type: 'checkbox', value: c, checked: on.includes(c), onchange: () => report() }),
        h('span', { class: 'choice' }, choiceLabel(o, c), choiceHelp(o, c) ? h('small', { class: 'muted hint' }, choiceHelp(o, c)) : ''))));
  } else if (o.kind === 'perseat') {
    const picks = value ? value.split(',') : [];
    input = h('span', { class: 'checks', id, role: 'group', 'aria-label': title },
      seats.map((s, i) => h('label', {}, `${s} `, h('select', { 'aria-label': `${title} of ${s}` },
        strict && picks[i] ? [] : h('option', { value: '' }, 'any'), o.choices.map(c => h('option', { value: c, selected: picks[i] === c }, choiceLabel(o, c)))))));
    input.querySelectorAll('select').forEach((sel, i) => sel.addEventListener('change', () =>
      strict ? onchange(perSeatValue(swapPick(picks, i, sel.value), true)) : report()));
  } else if (o.kind === 'bool') {
    input = h('input', { type: 'checkbox', id, checked: value === 'true' });
  } else if (o.kind === 'choice') {
    input = h('select', { id }, o.default ? [] : h('option', { value: '' }, 'default'),
      o.choices.map(c => h('option', { value: c, selected: c === value }, choiceLabel(o, c))));
  } else if (o.kind === 'int') {
    input = h('input', { type: 'number', id, min: o.min, max: o.max, value: value || o.min || 0 });
  } else {
    input = h('input', { id, value, maxlength: 200, placeholder: strict ? undefined : 'default' });
  }
  input.dataset.opt = o.name;
  // A group's own inputs report above; a change told to the group as a
  // whole is read from all of them.
  input.addEventListener('change', ev => {
    if (ev.target !== input) return;
    if (strict && o.kind === 'int' && !inBounds(o, input.value)) { input.value = value; return; }
    report();
  });
  const label = o.kind === 'set' || o.kind === 'perseat' ? h('span', { class: 'name' }, title, hint)
    : h('label', { class: 'name', for: id, title: o.description || undefined }, title, hint);
  return h('div', { class: 'field', 'data-kind': o.kind }, label, input);
}

/** The value option o's field holds, read from its element el (the one
 * named by data-opt). */
export function readOption(el, o, strict = false) {
  if (o.kind === 'set') return [...el.querySelectorAll('input:checked')].map(i => i.value).join(',');
  if (o.kind === 'perseat') return perSeatValue([...el.querySelectorAll('select')].map(x => x.value), strict);
  if (o.kind === 'bool') return String(el.checked);
  if (o.kind === 'int') return strict ? String(Number(el.value)) : el.value;
  return o.kind === 'text' ? el.value.trim() : el.value;
}

/** The options the fields inside root hold, those at their default left
 * out (specs: the game's option schema). */
export function formOptions(root, specs) {
  const values = {};
  for (const el of root.querySelectorAll('[data-opt]')) {
    const o = specs.find(s => s.name === el.dataset.opt);
    if (o) values[o.name] = readOption(el, o);
  }
  return changedOptions(specs, values);
}
