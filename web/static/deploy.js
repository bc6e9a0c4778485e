// Deploying an army without typing: a tray of the units still to place
// (SetupHelp.place), dragged or clicked onto the tinted zone; a placed
// unit clicked goes back. The choice is written "<letter><square>,...".
import { mergeSuggestion } from './deploymerge.js';
import { h } from './dom.js';
import { pieceSVG, pictureURL } from './board.js';
import { svgPiece } from './draft.js';
import { get } from './settings.js';
import { t } from './i18n.js';

/** A deployment for seat; ctx: {seat, label, game, send, redraw}. */
export function deployUI({ seat, label, game, send, redraw }) {
  let help = null, names = [], sel = null, typed = false, waiting = true;
  const placed = new Map(); // square -> letter
  const tray = h('div', { class: 'tray', role: 'group', 'aria-label': t('Units to place') });
  const verdictEl = h('p', { class: 'tally', id: `tally-${seat}`, 'aria-live': 'polite' });
  const guide = h('p', { class: 'guide' });
  const ta = h('textarea', { id: `setup-${seat}`, 'aria-label': t('deploy choice for {label}', { label }), spellcheck: 'false', hidden: true,
    oninput: () => send({ type: 'check', seat, choice: ta.value }) });
  const typeBtn = h('button', { type: 'button', class: 'type-it', 'aria-pressed': 'false', onclick: () => { typed = !typed; ta.value = text(); render(); } }, t('Type it'));
  const submit = h('button', { class: 'primary', id: 'submit-setup', onclick: () => send({ type: 'setup', seat, choice: typed ? ta.value : text() }) }, t('Submit deployment'));
  const suggest = h('button', { id: 'suggest-setup', onclick: () => send({ type: 'suggest', seat }) }, t('Suggest'));
  const clear = h('button', { onclick: () => { placed.clear(); sel = null; changed(); } }, t('Clear'));
  const done = h('p', { class: 'muted' }, t('Submitted — waiting for the others.'));
  const el = h('div', { class: 'card deploy' }, h('h2', {}, t('{label} — deployment', { label })), guide, tray, verdictEl, ta,
    h('div', { class: 'row' }, submit, suggest, clear, typeBtn), done);

  const unit = l => (help.units || []).find(u => u.letter === l) || { letter: l, name: l };
  const zone = () => new Set(help.zone || []);
  // The letters not yet on the board, in the order the game gave them.
  function left() {
    const rest = [...(help.place || [])];
    for (const l of placed.values()) { const i = rest.indexOf(l); if (i >= 0) rest.splice(i, 1); }
    return rest;
  }
  const text = () => [...placed].map(([sq, l]) => l + names[sq]).join(',');
  function changed() {
    render();
    redraw();
    if (typed) ta.value = text();
    if (!left().length && placed.size) send({ type: 'check', seat, choice: text() });
    else verdictEl.textContent = placed.size ? t('{size} of {n} placed', { size: placed.size, n: (help.place || []).length }) : '', verdictEl.classList.remove('over');
  }
  function put(sq, letter) {
    if (!zone().has(sq) || placed.has(sq)) return false;
    placed.set(sq, letter);
    sel = null;
    changed();
    return true;
  }

  function render() {
    guide.textContent = waiting ? t('Drag each unit onto a tinted square, or click a unit and then a square; click a placed unit to take it back.') : '';
    const rest = left();
    if (sel !== null && !rest.includes(sel)) sel = null;
    tray.replaceChildren(...rest.map((l, i) => {
      const u = unit(l);
      const b = h('button', { type: 'button', class: 'chip' + (sel === l ? ' sel' : ''), 'data-letter': l, 'aria-pressed': String(sel === l),
        'aria-label': t('Place {name}', { name: t(u.name) }), onclick: () => { sel = sel === l ? null : l; render(); } },
      svgPiece({ owner: seat, letter: l, name: u.name }, pictureURL(game, u.art, get('pieces') === 'pictures')), h('span', {}, t(u.name)));
      b.addEventListener('pointerdown', ev => dragFrom(ev, l, b));
      b.dataset.i = i;
      return b;
    }));
    if (!rest.length) tray.append(h('span', { class: 'muted' }, placed.size ? t('Every unit is placed.') : ''));
    ta.hidden = !typed;
    tray.hidden = typed || !waiting;
    typeBtn.setAttribute('aria-pressed', String(typed));
    submit.disabled = !waiting;
    suggest.disabled = clear.disabled = !waiting;
    done.hidden = waiting;
    // Deploying one after another: this seat's turn has not come yet.
    done.textContent = !waiting && !placed.size && (help.place || []).length ? t('The others place first; your turn comes after theirs.') : t('Submitted — waiting for the others.');
  }

  // Dragging a unit from the tray: pointer events, so touch works too.
  function dragFrom(ev, letter, chip) {
    if (ev.button !== 0) return;
    const start = { x: ev.clientX, y: ev.clientY };
    let ghost = null;
    const move = e => {
      if (!ghost && Math.hypot(e.clientX - start.x, e.clientY - start.y) > 6) {
        ghost = h('div', { class: 'ghost' });
        ghost.style.width = ghost.style.height = '44px';
        ghost.innerHTML = `<svg viewBox="0 0 10 10" width="44" height="44">${pieceSVG({ owner: seat, letter }, 5, 5, 4.3, pictureURL(game, unit(letter).art, get('pieces') === 'pictures'))}</svg>`;
        document.body.append(ghost);
        chip.style.opacity = '.4';
      }
      if (ghost) { ghost.style.left = e.clientX + 'px'; ghost.style.top = e.clientY + 'px'; }
    };
    const up = e => {
      removeEventListener('pointermove', move);
      removeEventListener('pointerup', up);
      removeEventListener('pointercancel', up);
      if (!ghost) return;
      ghost.remove();
      chip.style.opacity = '';
      const under = document.elementFromPoint(e.clientX, e.clientY);
      const sqEl = under && under.closest && under.closest('[data-sq]');
      if (!sqEl || !put(Number(sqEl.dataset.sq), letter)) render();
    };
    addEventListener('pointermove', move);
    addEventListener('pointerup', up);
    addEventListener('pointercancel', up);
  }

  return {
    el,
    update(h2, isWaiting, squareNames) {
      help = h2;
      names = squareNames || [];
      waiting = isWaiting;
      render();
    },
    /** The units placed so far, drawn on the board as the seat's. */
    pieces() {
      return [...placed].map(([sq, l]) => ({ sq, owner: seat, letter: l, name: unit(l).name, art: unit(l).art }));
    },
    /** Board squares a click may act on: the zone. */
    pick() { return zone(); },
    /** A square clicked: place the chosen unit there, or take one back. */
    onSquare(sq) {
      if (!waiting) return;
      if (placed.has(sq)) { sel = placed.get(sq); placed.delete(sq); changed(); return; }
      const rest = left();
      const l = sel !== null ? sel : rest.length === 1 ? rest[0] : null;
      if (l !== null) put(sq, l);
    },
    verdict(ok, msg) { verdictEl.textContent = msg; verdictEl.classList.toggle('over', !ok); },
    // A suggestion "<letter><square>,..." read back with the board's own
    // square names; anything else goes to the text box as it is.
    suggested(choice) {
      if (typed) { ta.value = choice; send({ type: 'check', seat, choice }); return; }
      const next = new Map();
      const byLen = names.map((n, i) => [n, i]).sort((a, b) => b[0].length - a[0].length);
      const pool = [...(help.place || [])];
      const ok = choice.split(',').every(item => {
        item = item.trim();
        const hit = byLen.find(([n]) => item.endsWith(n) && pool.includes(item.slice(0, -n.length)));
        if (!hit) return false;
        pool.splice(pool.indexOf(item.slice(0, -hit[0].length)), 1);
        next.set(hit[1], item.slice(0, -hit[0].length));
        return true;
      });
      // Units placed by hand stay where they are; the suggestion fills the rest.
      if (ok) { const merged = mergeSuggestion(placed, next, left(), help.zone || []); placed.clear(); for (const [k, v] of merged) placed.set(k, v); typed = false; changed(); }
      else { typed = true; ta.value = choice; render(); }
    },
  };
}
