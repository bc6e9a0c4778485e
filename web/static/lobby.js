// The lobby: create a game, join an open one, watch one in progress.
import { api, addTokens, h } from './app.js';

const clocks = [['none', 'No clock', 0, 0], ['1+0', '1 min', 1, 0], ['3+2', '3 min + 2 s', 3, 2], ['5+3', '5 min + 3 s', 5, 3],
  ['10+5', '10 min + 5 s', 10, 5], ['15+10', '15 min + 10 s', 15, 10], ['30+20', '30 min + 20 s', 30, 20], ['custom', 'Custom…', 0, 0]];
const seatColours = ['White', 'Black', 'Red', 'Blue'];

export function showLobby(root) {
  let meta = null, timer = null;
  const form = h('form', { class: 'card', 'aria-labelledby': 'newh' });
  const lists = h('div');
  root.append(h('div', { class: 'lobby' }, h('section', {}, h('h1', { id: 'newh' }, 'New game'), form), h('section', {}, lists)));

  async function refresh() {
    try {
      const l = await api('/api/games');
      lists.replaceChildren(
        table('Open games', 'Nobody waiting for an opponent right now.', l.open, g => g.open.map(s =>
          h('a', { class: 'btn primary', href: `#/join/${g.id}/${s}` }, `Join as ${seatName(g, s)}`))),
        table('Games in progress', 'No game being played.', l.playing, g => [h('a', { class: 'btn', href: '#/g/' + g.id }, 'Watch')]),
        table('Finished games', 'None yet.', l.finished, g => [h('a', { class: 'btn', href: '#/g/' + g.id }, 'Review')]));
    } catch (e) {
      lists.replaceChildren(h('p', { class: 'error' }, e.message));
    }
  }
  function seatName(g, s) { return g.seats.length === 2 ? seatColours[s] : 'seat ' + (s + 1); }
  function table(title, empty, rows, actions) {
    return h('div', { class: 'card' }, h('h2', {}, title), rows.length === 0 ? h('p', { class: 'muted' }, empty) :
      h('table', { class: 'list' }, h('tbody', {}, rows.map(g => h('tr', {},
        h('td', {}, h('strong', {}, g.title)),
        h('td', { class: 'muted' }, g.seats.map(s => s.name).join(' · ')),
        h('td', { class: 'muted' }, g.stage === 'over' ? g.result : g.stage === 'play' ? `move ${g.plies}` : g.stage),
        h('td', {}, actions(g)))))));
  }

  async function buildForm() {
    meta = await api('/api/meta');
    if (meta.games.length === 0) { form.replaceChildren(h('p', { class: 'error' }, 'This server has no games.')); return; }
    const pick = h('div', { class: 'games', role: 'radiogroup', 'aria-label': 'Game' }, meta.games.map((g, i) =>
      h('label', {}, h('input', { type: 'radio', name: 'game', value: g.name, checked: i === 0, onchange: gameChanged }), g.title)));
    const opts = h('div'), seats = h('div', { 'aria-label': 'Seats' }), err = h('p', { class: 'error', role: 'alert' });
    const clockSel = h('select', { id: 'clock', name: 'clock', onchange: () => custom.hidden = clockSel.value !== 'custom' },
      clocks.map(([v, l]) => h('option', { value: v }, l)));
    const mins = h('input', { type: 'number', min: 1, max: 600, value: 10, 'aria-label': 'Minutes each', style: 'width:5rem' });
    const inc = h('input', { type: 'number', min: 0, max: 600, value: 5, 'aria-label': 'Increment seconds', style: 'width:5rem' });
    const custom = h('span', { hidden: true }, mins, ' min + ', inc, ' s');
    const rules = h('a', { href: '/rules/' }, 'rules');
    form.replaceChildren(
      h('div', { class: 'field' }, pick, rules),
      opts,
      h('div', { class: 'field' }, h('label', { class: 'name', for: 'clock' }, 'Time control'), clockSel, custom),
      h('h2', {}, 'Players'), seats, err,
      h('div', { class: 'row' }, h('button', { class: 'primary', type: 'submit', id: 'create' }, 'Create game')));
    form.onsubmit = async ev => {
      ev.preventDefault();
      err.textContent = '';
      const c = clocks.find(c => c[0] === clockSel.value);
      const clock = clockSel.value === 'custom' ? { initialMs: mins.value * 60000, incrementMs: inc.value * 1000 } : { initialMs: c[2] * 60000, incrementMs: c[3] * 1000 };
      const seatList = [...seats.querySelectorAll('.seatrow')].map(r => {
        const kind = r.querySelector('select.kind').value;
        return kind === 'computer' ? { kind, level: Number(r.querySelector('select.lvl').value) } : { kind };
      });
      try {
        const r = await api('/api/games', { game: current().name, options: values(), seats: seatList, clock });
        addTokens(r.id, Object.values(r.tokens));
        location.hash = '#/g/' + r.id;
      } catch (e) { err.textContent = e.message; }
    };
    function current() { return meta.games.find(g => g.name === form.querySelector('input[name=game]:checked').value); }
    function values() {
      const o = {};
      for (const el of opts.querySelectorAll('[data-opt]')) {
        const spec = current().options.find(s => s.name === el.dataset.opt);
        let v;
        if (el.dataset.multi) v = [...el.querySelectorAll('input:checked')].map(i => i.value).join(',');
        else if (el.type === 'checkbox') v = String(el.checked);
        else v = el.value;
        if (v !== (spec.default || '') && !(spec.kind === 0 && v === 'false' && !spec.default)) o[spec.name] = v;
      }
      return o;
    }
    function gameChanged() {
      const g = current();
      rules.href = '/rules/' + g.name;
      rules.textContent = `How to play ${g.title}`;
      opts.replaceChildren(...g.options.map(optionField));
      seatsChanged();
    }
    let asked = 0;
    async function seatsChanged() {
      err.textContent = '';
      let n = 2;
      const mine = ++asked;
      try { n = (await api(`/api/seats?game=${current().name}&options=${encodeURIComponent(JSON.stringify(values()))}`)).players; } catch (e) { err.textContent = e.message; }
      if (mine !== asked) return; // a later change answers instead
      const old = [...seats.querySelectorAll('.seatrow')].map(r => [r.querySelector('select.kind').value, r.querySelector('select.lvl').value]);
      seats.replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, n, old[i])));
    }
    function seatRow(i, n, old) {
      const level = h('select', { class: 'lvl', 'aria-label': `Computer level for seat ${i + 1}` },
        Array.from({ length: meta.maxLevel }, (_, l) => h('option', { value: l + 1, selected: l + 1 === 3 }, `level ${l + 1}`)));
      const kind = h('select', { class: 'kind', 'aria-label': `Who plays seat ${i + 1}`, onchange: () => level.hidden = kind.value !== 'computer' },
        h('option', { value: 'local' }, 'Me, on this device'), h('option', { value: 'invite' }, 'A friend, invited by link'), h('option', { value: 'computer' }, 'The computer'));
      kind.value = old ? old[0] : i === 0 ? 'local' : 'computer';
      if (old) level.value = old[1];
      level.hidden = kind.value !== 'computer';
      return h('div', { class: 'seatrow' }, h('span', { class: 'swatch s' + i }), h('span', { style: 'min-width:4.5rem' }, n === 2 ? seatColours[i] : `Seat ${i + 1}`), kind, level);
    }
    function optionField(o) {
      const id = 'opt-' + o.name;
      const desc = o.description || o.name;
      const wire = (input, ...rest) => {
        input.dataset.opt = o.name;
        input.addEventListener('change', seatsChanged);
        return h('div', { class: 'field' }, ...rest);
      };
      // A text option whose description ends in "comma-separated ...: a, b, c"
      // is a set: one checkbox per value.
      const set = o.kind === 3 && !(o.choices && o.choices.length) && desc.match(/comma-separated[^:]*:\s*([a-z0-9-]+(?:,\s*[a-z0-9-]+)+)\s*$/);
      const choices = set ? set[1].split(/,\s*/) : o.choices;
      if (o.kind === 3 && choices && choices.length) {
        const def = (o.default || '').split(',');
        const input = h('span', { class: 'checks', id, role: 'group', 'aria-label': o.name, 'data-multi': '1' },
          choices.map(c => h('label', {}, h('input', { type: 'checkbox', value: c, checked: def.includes(c) }), c)));
        return wire(input, h('span', { class: 'name' }, o.name[0].toUpperCase() + o.name.slice(1), h('small', { class: 'muted hint' }, set ? desc.slice(0, desc.indexOf(':')).replace(/^comma-separated /, '') : desc)), input);
      }
      const title = o.name[0].toUpperCase() + o.name.slice(1);
      const label = h('label', { class: 'name', for: id, title: desc }, title, h('small', { class: 'muted hint' }, desc));
      let input;
      if (o.kind === 0) input = h('input', { type: 'checkbox', id, checked: o.default === 'true' });
      else if (o.kind === 1) input = h('select', { id }, o.choices.map(c => h('option', { value: c, selected: c === o.default }, c)));
      else if (o.kind === 2) input = h('input', { type: 'number', id, min: o.min, max: o.max, value: o.default || o.min });
      else {
        // Values listed in parentheses in the description become suggestions.
        const hint = desc.match(/\(([a-z0-9-]+(?:,\s*[a-z0-9-]+)+)\)/);
        input = h('input', { id, value: o.default || '', placeholder: 'default', list: hint ? id + '-list' : null });
        if (hint) return wire(input, label, input, h('datalist', { id: id + '-list' }, hint[1].split(/,\s*/).map(v => h('option', { value: v }))));
      }
      return wire(input, label, input);
    }
    gameChanged();
  }

  buildForm().catch(e => form.replaceChildren(h('p', { class: 'error' }, e.message)));
  refresh();
  timer = setInterval(refresh, 4000);
  return () => clearInterval(timer);
}
