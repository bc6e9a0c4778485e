// The game screen's setup stages (a draft, a deployment, any stage a game
// has before play): a screen per held seat and stage, the game's own where
// the page has one (draft cards, a deployment tray), else its notation
// typed, checked by the game as it is written.
import { h } from './dom.js';
import { draftUI } from './draft.js';
import { deployUI } from './deploy.js';
import { mine, inSetup, seatLabel, activeSeat } from './play-state.js';
import { t } from './i18n.js';

/** The setup of view v, drawn into el (the stage beside or under the board). */
export function setupStages(v, el) {
  const setups = new Map(); // "stage:seat" -> the stage's screen for a held seat

  /** The screen of a held seat in the current stage, if it has one yet. */
  const forSeat = seat => v.st && setups.get(`${v.st.stage}:${seat}`);
  /** The screen shown: the held seat's that has to act first. */
  const active = () => inSetup(v) ? setups.get(`${v.st.stage}:${activeSeat(v)}`) : null;

  function draw() {
    const st = v.st;
    if (!inSetup(v)) { el.replaceChildren(); return; }
    if (!mine(v).length) { el.replaceChildren(h('p', { class: 'muted' }, t('The players are setting up.'))); return; }
    const seat = activeSeat(v);
    const help = (st.help && st.help[seat]) || {};
    const key = `${st.stage}:${seat}`;
    let ui = setups.get(key);
    const waiting = st.waiting.includes(seat);
    if (!ui) {
      const ctx = { seat, label: seatLabel(st, seat), game: st.game, send: msg => v.send(msg), redraw: () => v.drawBoard() };
      if (help.zone && help.place && help.place.length) ui = deployUI(ctx);
      else if (help.units && help.units.length && help.budget) ui = draftUI(ctx);
      else ui = textUI(ctx);
      setups.set(key, ui);
    }
    ui.update(help, waiting, st.board && st.board.geometry ? st.board.geometry.squareNames : []);
    const shown = st.setup && st.setup[seat] ? h('details', { class: 'visible' }, h('summary', {}, t('What you can see of the setup')), h('pre', { class: 'visible' }, st.setup[seat])) : '';
    if (el.firstChild !== ui.el) el.replaceChildren(ui.el);
    if (el.childNodes[1]) el.childNodes[1].remove();
    if (shown) el.append(shown);
  }

  // A setup stage the page has no screen for: the game's notation, typed,
  // with the game's reading of it as it is written.
  function textUI({ seat, label }) {
    const ta = h('textarea', { 'aria-label': t('{stage} choice for {label}', { stage: t(v.st.stage), label }), id: `setup-${seat}`, spellcheck: 'false' });
    const tally = h('p', { class: 'tally', id: `tally-${seat}`, 'aria-live': 'polite' });
    const guide = h('p', { class: 'guide' });
    let timer = null;
    ta.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => { if (ta.value.trim()) v.send({ type: 'check', seat, choice: ta.value }); else tally.textContent = ''; }, 250); });
    const row = h('div', { class: 'row' }, h('button', { class: 'primary', id: 'submit-setup', onclick: () => v.send({ type: 'setup', seat, choice: ta.value }) }, t('Submit')),
      h('button', { id: 'suggest-setup', onclick: () => v.send({ type: 'suggest', seat }) }, t('Suggest a choice')));
    const done = h('p', { class: 'muted' }, t('Submitted — waiting for the others.'));
    const box = h('div', { class: 'card' }, h('h2', {}, `${label} — ${t(v.st.stage)}`), guide, ta, tally,
      h('p', { class: 'muted' }, t('Tip: click squares on the board to add their names.')), row, done);
    return {
      el: box,
      update(help, waiting) { guide.textContent = t(help.text || ''); ta.hidden = row.hidden = !waiting; done.hidden = waiting; },
      verdict(ok, msg) { tally.textContent = msg; tally.classList.toggle('over', !ok); },
      suggested(choice) { ta.value = choice; ta.dispatchEvent(new Event('input')); },
      onSquare(sq) {
        const name = v.st.board.geometry.squareNames[sq];
        const s = ta.selectionStart ?? ta.value.length;
        const pre = ta.value.slice(0, s), gap = pre && !/\s$/.test(pre) ? ' ' : '';
        ta.value = pre + gap + name + ta.value.slice(s);
        ta.focus();
        ta.selectionStart = ta.selectionEnd = s + gap.length + name.length;
      },
    };
  }

  return { draw, forSeat, active };
}
