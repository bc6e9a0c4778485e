// Drafting an army without typing: a faction, then a card per unit with
// plus and minus, the cost against the budget as a bar, and the game's own
// verdict (the server's check) as the army is built. The choice is written
// in the draft notation "<group>: <letter>, <count><letter>, ...".
import { h } from './dom.js';
import { pieceSVG, pictureURL } from './board.js';
import { get } from './settings.js';
import { t } from './i18n.js';

const savedKey = (game, group) => `wyrm.army.${game}.${group}`;

/** A draft for seat; ctx: {seat, label, game, send}. Returns {el, update(help, waiting), verdict(ok, text), suggested(choice)}. */
export function draftUI({ seat, label, game, send }) {
  let help = null, group = null, typed = false, timer = null, isWaiting = false;
  const counts = new Map(); // letter -> count
  const title = h('h2', {}, t('{label} — draft', { label }));
  const guide = h('p', { class: 'guide' });
  const groups = h('div', { class: 'factions', role: 'radiogroup', 'aria-label': t('Faction') });
  const cards = h('div', { class: 'units' });
  const fill = h('div', { class: 'fill' });
  const barText = h('span', { class: 'bartext' });
  const bar = h('div', { class: 'xp', role: 'meter', 'aria-label': t('Cost of the army'), 'aria-valuemin': 0 }, fill, barText);
  const verdictEl = h('p', { class: 'tally', id: `tally-${seat}`, 'aria-live': 'polite' });
  const ta = h('textarea', { id: `setup-${seat}`, 'aria-label': t('draft choice for {label}', { label }), placeholder: t('Your army in the game\'s notation; "Suggest an army" shows one'), spellcheck: 'false', hidden: true,
    oninput: () => check(ta.value) });
  const typeBtn = h('button', { type: 'button', class: 'type-it', 'aria-pressed': 'false', onclick: () => { clearTimeout(timer); typed = !typed; if (typed) ta.value = text(); render(); } }, t('Type it'));
  const loadBtn = h('button', { type: 'button', id: 'load-army', onclick: () => { load(); render(); changed(); } }, t('Load saved army'));
  const submit = h('button', { class: 'primary', id: 'submit-setup', onclick: () => {
    const choice = typed ? ta.value : text();
    if (!typed && group !== null) try { localStorage.setItem(savedKey(game, group), JSON.stringify(Object.fromEntries(counts))); } catch { /* not saved */ }
    send({ type: 'setup', seat, choice });
  } }, t('Submit army'));
  const suggest = h('button', { id: 'suggest-setup', onclick: () => send({ type: 'suggest', seat }) }, t('Suggest an army'));
  const clear = h('button', { onclick: () => { counts.clear(); render(); changed(); } }, t('Clear'));
  const done = h('p', { class: 'muted' }, t('Submitted — waiting for the others.'));
  const el = h('div', { class: 'card draft' }, title, guide, groups, cards, bar, verdictEl, ta,
    h('div', { class: 'row' }, submit, suggest, loadBtn, clear, typeBtn), done);

  const units = () => (help.units || []).filter(u => (u.group || '') === group);
  const groupsOf = () => [...new Set((help.units || []).map(u => u.group || ''))];
  const cost = () => units().reduce((n, u) => n + u.cost * (counts.get(u.letter) || 0), 0);
  // The draft notation, written from the counts.
  function text() {
    const list = units().filter(u => counts.get(u.letter)).map(u => (counts.get(u.letter) > 1 ? counts.get(u.letter) : '') + u.letter).join(', ');
    return group ? `${group.toLowerCase()}: ${list}` : list;
  }
  function saved() { try { return JSON.parse(localStorage.getItem(savedKey(game, group)) || 'null'); } catch { return null; } }
  function load() { const s = saved(); if (s) { counts.clear(); for (const [k, v] of Object.entries(s)) counts.set(k, v); } }

  function changed() {
    clearTimeout(timer);
    timer = setTimeout(() => check(text()), 150);
    if (typed) ta.value = text();
  }
  function check(choice) {
    clearTimeout(timer); // a later choice replaces one still waiting to be checked
    if (!choice.trim() || (!typed && !counts.size)) { verdictEl.textContent = ''; return; }
    send({ type: 'check', seat, choice });
  }

  function render() {
    guide.textContent = t(help.text || '');
    const gs = groupsOf();
    groups.hidden = gs.length < 2;
    groups.replaceChildren(...gs.map(g => h('button', { type: 'button', role: 'radio', class: 'faction' + (g === group ? ' on' : ''), 'aria-checked': String(g === group),
      onclick: () => { if (g !== group) { group = g; counts.clear(); load(); render(); changed(); } } }, g ? t(g) : t('Units'))));
    cards.replaceChildren(...units().map(u => {
      const n = counts.get(u.letter) || 0;
      const pic = pictureURL(game, u.art, get('pieces') === 'pictures');
      const set = k => { if (k > 0) counts.set(u.letter, k); else counts.delete(u.letter); render(); changed(); };
      return h('div', { class: 'unit' + (n ? ' some' : ''), 'data-letter': u.letter },
        svgPiece({ owner: seat, letter: u.letter, name: u.name }, pic),
        h('div', { class: 'what' }, h('strong', {}, t(u.name)), h('small', { class: 'muted' }, [u.role && t(u.role), t('{n} XP', { n: u.cost })].filter(Boolean).join(' · '))),
        h('div', { class: 'count' },
          h('button', { type: 'button', class: 'minus', 'aria-label': t('Remove a {name}', { name: t(u.name) }), disabled: !n, onclick: () => set(n - 1) }, '−'),
          h('output', { 'aria-label': t('{name}: how many', { name: t(u.name) }) }, String(n)),
          h('button', { type: 'button', class: 'plus', 'aria-label': t('Add a {name}', { name: t(u.name) }), onclick: () => set(n + 1) }, '+')));
    }));
    const c = cost(), b = help.budget || 0;
    bar.hidden = !b;
    fill.style.width = Math.min(100, (c / (b || 1)) * 100) + '%';
    bar.classList.toggle('over', c > b);
    bar.setAttribute('aria-valuenow', c);
    bar.setAttribute('aria-valuemax', b);
    barText.textContent = t("{c} of {b} XP", { c, b });
    // An army over budget cannot be submitted; the bar says by how much.
    const over = !typed && b > 0 && c > b;
    submit.disabled = !isWaiting || over;
    submit.title = over ? t('{b} XP over the budget', { b: c - b }) : '';
    loadBtn.hidden = !saved();
    ta.hidden = !typed;
    typeBtn.setAttribute('aria-pressed', String(typed));
    cards.hidden = typed;
  }

  return {
    el,
    update(h2, waiting) {
      if (!help || JSON.stringify(h2.units) !== JSON.stringify(help.units)) {
        help = h2;
        const gs = groupsOf();
        if (!gs.includes(group)) { group = gs[0]; counts.clear(); load(); }
      }
      help = h2;
      isWaiting = waiting;
      for (const x of el.querySelectorAll('.row button, .units button, .factions button')) if (x !== typeBtn) x.disabled = !waiting || x.disabled;
      done.hidden = waiting;
      if (waiting) render();
      if (waiting && !el.dataset.checked && counts.size) { el.dataset.checked = '1'; changed(); }
    },
    verdict(ok, msg) { verdictEl.textContent = msg; verdictEl.classList.toggle('over', !ok); },
    // A suggestion in the draft notation becomes counts; anything else
    // goes to the text box as it is.
    suggested(choice) {
      clearTimeout(timer);
      if (typed) { ta.value = choice; check(choice); return; }
      const [g, list] = choice.includes(':') ? choice.split(/:(.*)/s) : ['', choice];
      const grp = groupsOf().find(x => x.toLowerCase() === g.trim().toLowerCase());
      const next = new Map();
      const ok = grp !== undefined && list.split(',').every(item => {
        const m = item.trim().match(/^(\d*)\s*([A-Za-z])$/);
        const u = m && (help.units || []).find(u => u.group === grp && u.letter === m[2].toUpperCase());
        if (u) next.set(u.letter, (next.get(u.letter) || 0) + Number(m[1] || 1));
        return !!u;
      });
      if (ok) { group = grp; counts.clear(); for (const [k, v] of next) counts.set(k, v); typed = false; }
      else { typed = true; ta.value = choice; }
      render();
      check(choice);
    },
  };
}

/** A small SVG of a piece as the board draws it. */
export function svgPiece(p, pic) {
  const s = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  s.setAttribute('viewBox', '0 0 10 10');
  s.setAttribute('class', 'unitpic');
  s.setAttribute('aria-hidden', 'true');
  s.innerHTML = pieceSVG(p, 5, 5, 4.6, pic);
  return s;
}
