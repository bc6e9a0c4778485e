// One form field per option of a schema (game.Option: bool, choice, int,
// text, set, perseat), holding a value as options travel (a string) and
// reporting a change with the new one: what the board editor offers of a
// game's options and of a position's own fields.
import { h } from './dom.js';

/**
 * A labelled field for option o holding value v ('' or undefined: the
 * default). onchange(value) is called with the new value; seats names the
 * seats of a per-seat option, whose choices are kept different by
 * swapping with the seat that had the one chosen.
 */
export function optionField(o, v, onchange, seats = []) {
  const id = 'field-' + o.name;
  const title = o.label || (o.name[0].toUpperCase() + o.name.slice(1));
  const value = v === undefined || v === null || v === '' ? (o.default || '') : String(v);
  const hint = o.description ? h('small', { class: 'muted hint' }, o.description) : '';
  const wrap = (input, label) => {
    input.dataset.opt = o.name;
    return h('div', { class: 'field', 'data-kind': o.kind }, label, input);
  };
  if (o.kind === 'set') {
    const on = value.split(',');
    const box = h('span', { class: 'checks', id, role: 'group', 'aria-label': title });
    const read = () => onchange([...box.querySelectorAll('input:checked')].map(i => i.value).join(','));
    box.append(...o.choices.map(c => h('label', {}, h('input', { type: 'checkbox', value: c, checked: on.includes(c), onchange: read }), c)));
    return wrap(box, h('span', { class: 'name' }, title, hint));
  }
  if (o.kind === 'perseat') {
    const picks = value ? value.split(',') : [];
    const box = h('span', { class: 'checks', id, role: 'group', 'aria-label': title });
    seats.forEach((s, i) => {
      const sel = h('select', { 'aria-label': `${title} of ${s}`, onchange: () => {
        const next = [...picks];
        const had = next.indexOf(sel.value);
        if (had >= 0 && had !== i) next[had] = next[i]; // two seats may not share a choice: they swap
        next[i] = sel.value;
        onchange(next.every(x => x) ? next.join(',') : '');
      } }, picks[i] ? [] : h('option', { value: '' }, 'any'), o.choices.map(c => h('option', { value: c, selected: picks[i] === c }, c)));
      box.append(h('label', {}, `${s} `, sel));
    });
    return wrap(box, h('span', { class: 'name' }, title, hint));
  }
  const label = h('label', { class: 'name', for: id }, title, hint);
  let input;
  if (o.kind === 'bool') {
    input = h('input', { type: 'checkbox', id, checked: value === 'true', onchange: () => onchange(String(input.checked)) });
  } else if (o.kind === 'choice') {
    input = h('select', { id, onchange: () => onchange(input.value) }, o.default ? [] : h('option', { value: '' }, 'default'),
      o.choices.map(c => h('option', { value: c, selected: c === value }, c)));
  } else if (o.kind === 'int') {
    input = h('input', { type: 'number', id, min: o.min, max: o.max, value: value || o.min || 0, onchange: () => {
      const n = Number(input.value);
      if (Number.isInteger(n) && n >= o.min && n <= o.max) onchange(String(n));
      else input.value = value; // out of bounds: back to what it was
    } });
  } else {
    input = h('input', { id, value, maxlength: 200, onchange: () => onchange(input.value.trim()) });
  }
  return wrap(input, label);
}
