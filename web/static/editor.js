// The board editor (#/editor): set up any position of a game by hand —
// pieces from a palette, hands, the seat to move, the position's own
// fields and the options that shape the board — or paste a position
// string or a game record, then play it against the computer or with a
// friend. The game reads and writes every position through the server
// (/api/decompose and /api/compose, its game.Composer); this page knows
// no game, only the palette the server describes.
import { api } from './api.js';
import { addTokens, addInvites } from './tokens.js';
import { h } from './dom.js';
import { renderBoard, pictureURL, pieceSVG } from './board.js';
import { fitUnit, largestLayout } from './layouts.js';
import { layoutChooser } from './layoutchooser.js';
import { svgPiece } from './draft.js';
import { get } from './settings.js';
import { optionField } from './optionform.js';
import { t } from './i18n.js';

// A record starts with its tags ("[Event ...]") or its moves ("1. ...").
const isRecord = v => /^\s*\[/.test(v) || /^\s*1\.\s/.test(v);
const sameMarks = (a, b) => (a || []).join() === (b || []).join();

/** Shows the page in root; position, read under options, prefills it (from a game screen). */
export function showEditor(root, { game = '', position = '', options = {} } = {}) {
  let meta = null, name = '';
  let opts = { ...options }; // the options, as the server last answered them
  let pal = null; // the palette of name under opts
  let comp = null; // the composition being edited
  let shown = null; // the server's answer for comp: {position, error, over, board}
  let tool = { kind: 'move' }; // 'move', 'erase' or {kind: 'piece', owner, i}
  let sel = null; // the square picked up in move mode
  let record = ''; // a pasted record, until the board is edited
  let asked = 0; // the latest request: older answers are dropped
  let focus = null; // the large level of the one-large layout
  let gone = false, typing = null;

  const err = h('p', { class: 'error', role: 'alert', id: 'ed-error' });
  const pasteErr = h('p', { class: 'error', role: 'alert', id: 'ed-paste-error' });
  const status = h('p', { class: 'status ed-status', id: 'ed-status', 'aria-live': 'polite' });
  const pick = h('div', { class: 'games', role: 'radiogroup', 'aria-label': t('Game') });
  const shaping = h('div', { class: 'ed-shaping' });
  const boardEl = h('div', { class: 'levels', id: 'ed-board' });
  const layouts = layoutChooser();
  const boardCol = h('section', { class: 'ed-boardcol', 'aria-label': t('Board') }, h('div', { class: 'bar' }, status, layouts.el),
    h('div', { class: 'board-wrap' }, boardEl));
  const paletteEl = h('div', { class: 'ed-palette', role: 'group', 'aria-label': t('Pieces to place') });
  const toolsEl = h('div', { class: 'row ed-tools' });
  const toMoveEl = h('div', { class: 'ed-tomove', role: 'radiogroup', 'aria-label': t('Side to move') });
  const handsEl = h('div', { class: 'ed-hands' });
  const fieldsEl = h('div', { class: 'ed-fields' });
  const text = h('textarea', { id: 'import-text', 'aria-label': t('Position string or game record'), spellcheck: 'false', rows: 3,
    placeholder: t('A position string, as the game screen shows it, or a game record'), oninput: () => pasted() });
  text.value = position;
  const level = h('select', { id: 'import-level', 'aria-label': t('Computer level') });
  const me = h('select', { id: 'ed-me', 'aria-label': t('The seat you play'), onchange: () => { meChosen = true; } });
  const vsComputer = h('button', { class: 'primary', id: 'import-computer', onclick: () => start(false) }, t('Play against the computer'));
  const withFriend = h('button', { id: 'import-friend', onclick: () => start(true) }, t('Play with a friend'));
  const note = h('p', { class: 'muted', id: 'ed-note' });
  // Without a palette (a game with no editor) only the play card shows.
  const editCards = [h('div', { class: 'card' }, toolsEl, paletteEl), h('div', { class: 'card' }, shaping, toMoveEl, handsEl, fieldsEl)];
  const side = h('div', { class: 'ed-side' }, ...editCards,
    h('div', { class: 'card' }, h('div', { class: 'row' }, vsComputer, level), h('div', { class: 'row ed-play' }, withFriend, h('label', {}, t('You play '), me)), note, err));
  const textCard = h('div', { class: 'card ed-text' },
    h('label', { for: 'import-text', class: 'name' }, t('Position string or game record')),
    h('p', { class: 'muted' }, t('The board writes it as you edit. Paste one (copy it from any game screen\'s “Position” box) or a whole game record, whose moves come along.')),
    text, pasteErr);
  const editorEl = h('div', { class: 'editor-grid' }, boardCol, side, textCard);
  for (const el of [boardCol, ...editCards]) el.hidden = true;
  root.append(h('h1', {}, t('Board editor')), h('div', { class: 'card editor ed-games' }, pick), editorEl);
  let meChosen = false;

  const current = () => meta && meta.games.find(g => g.name === name);
  const seats = () => pal ? pal.seats : (current()?.seats || []);
  const pictures = () => get('pieces') === 'pictures';
  const entry = (owner, letter, marks) => {
    const list = (pal && pal.pieces[owner]) || [];
    return list.find(e => e.letter === letter && sameMarks(e.marks, marks)) || list.find(e => e.letter === letter);
  };

  // ---- talking to the server: only the latest answer counts ----

  async function decompose(body, errEl = err) {
    const mine = ++asked;
    err.textContent = pasteErr.textContent = '';
    try {
      const r = await api('/api/decompose', body);
      if (mine !== asked || gone) return false;
      name = r.game; opts = r.options || {}; pal = r.palette; comp = r.composition;
      comp.hands = comp.hands || []; comp.fields = comp.fields || {};
      shown = { position: r.position, error: r.error || '', over: r.over || '', board: r.board };
      sel = null;
      if (tool.kind === 'piece' && !(pal.pieces[tool.owner] || [])[tool.i]) tool = { kind: 'move' };
      drawAll();
      return true;
    } catch (e) {
      if (mine === asked && !gone) { errEl.textContent = e.message; drawPlay(); }
      return false;
    }
  }

  async function compose() {
    const mine = ++asked;
    shown = { ...shown, pending: true };
    drawBoard(); drawPlay();
    try {
      const r = await api('/api/compose', { game: name, options: opts, composition: comp });
      if (mine !== asked || gone) return;
      shown = { position: r.position, error: r.error || '', over: r.over || '', board: r.board };
      err.textContent = pasteErr.textContent = '';
    } catch (e) {
      if (mine !== asked || gone) return;
      shown = { position: '', error: e.message, board: null };
    }
    drawBoard(); drawText(); drawPlay();
  }

  // An edit of the board: the pasted record, if any, gives way to it.
  function edited() {
    record = '';
    compose();
    drawSide();
  }

  // The text box: a pasted position or record, read once typing pauses.
  function pasted() {
    // What is typed supersedes an answer still on its way, which would
    // otherwise write its position over the text.
    asked++;
    clearTimeout(typing);
    typing = setTimeout(() => {
      const v = text.value.trim();
      drawPlay();
      if (!v || !current() || !current().editor) return;
      if (isRecord(v)) { record = v; decompose({ record: v }, pasteErr); }
      else { record = ''; decompose({ game: name, options: opts, position: v }, pasteErr); }
    }, 300);
  }

  // ---- edits ----

  function pieceAt(sq) { return comp.pieces.find(p => p.sq === sq); }
  function put(sq, e) {
    comp.pieces = comp.pieces.filter(p => p.sq !== sq);
    comp.pieces.push({ sq, owner: e.owner, letter: e.letter, ...(e.marks ? { marks: e.marks } : {}) });
  }
  function remove(sq) {
    if (!pieceAt(sq)) return false;
    comp.pieces = comp.pieces.filter(p => p.sq !== sq);
    return true;
  }
  function onSquare(sq) {
    if (tool.kind === 'erase') { if (remove(sq)) edited(); return; }
    if (tool.kind === 'piece') {
      const e = pal.pieces[tool.owner][tool.i];
      const there = pieceAt(sq);
      // The same piece clicked again comes off, as on a real board.
      if (there && there.owner === e.owner && there.letter === e.letter && sameMarks(there.marks, e.marks)) remove(sq);
      else put(sq, e);
      edited();
      return;
    }
    if (sel === null) { if (pieceAt(sq)) { sel = sq; drawBoard(); } return; }
    if (sel === sq) { sel = null; drawBoard(); return; }
    const p = pieceAt(sel);
    sel = null;
    if (!p) { drawBoard(); return; }
    remove(p.sq);
    put(sq, p);
    edited();
  }
  function erase(sq) { sel = null; if (remove(sq)) edited(); }
  function setHand(seat, letter, n) {
    const entries = (pal.hands && pal.hands[seat]) || [];
    const now = comp.hands[seat] || '';
    const counts = entries.map(e => e.letter === letter ? n : [...now].filter(c => c === e.letter).length);
    while (comp.hands.length < seats().length) comp.hands.push('');
    comp.hands[seat] = entries.map((e, i) => e.letter.repeat(Math.max(0, counts[i]))).join('');
    edited();
  }

  // A change of the options that shape the board keeps what it can of the
  // position: each piece on the same level, file and rank, as the entry
  // at the same place in its seat's new palette (the same role in
  // another army); hands, fields and the seat to move where they still
  // exist. A per-seat option is left to the game when the others change,
  // since they may change the seats.
  async function shapeChanged(o, v) {
    const next = { ...opts, [o.name]: v };
    if (v === '') delete next[o.name];
    if (o.kind !== 'perseat') for (const s of pal.shaping) if (s.kind === 'perseat') delete next[s.name];
    const mine = ++asked;
    let r;
    try {
      r = await api('/api/decompose', { game: name, options: next });
    } catch (e) {
      if (mine === asked) { err.textContent = e.message; drawShaping(); }
      return;
    }
    if (mine !== asked || gone) return;
    const g0 = pal.geometry, g1 = r.palette.geometry, old = pal;
    const pieces = [];
    for (const p of comp.pieces) {
      const per = g0.files * g0.ranks, lv = Math.floor(p.sq / per), f = p.sq % g0.files, rk = Math.floor((p.sq % per) / g0.files);
      if (lv >= g1.levels || f >= g1.files || rk >= g1.ranks || p.owner >= r.palette.seats.length) continue;
      const list = old.pieces[p.owner] || [];
      let i = list.findIndex(e => e.letter === p.letter && sameMarks(e.marks, p.marks));
      const exact = i >= 0;
      if (!exact) i = list.findIndex(e => e.letter === p.letter);
      const e = r.palette.pieces[p.owner][i];
      if (!e) continue;
      pieces.push({ sq: lv * g1.files * g1.ranks + rk * g1.files + f, owner: p.owner, letter: e.letter, marks: exact ? e.marks : p.marks });
    }
    const fields = {};
    for (const f of r.palette.fields) if (comp.fields[f.name] !== undefined) fields[f.name] = comp.fields[f.name];
    const hands = comp.hands.slice(0, r.palette.seats.length).map((hd, s) =>
      [...hd].filter(c => ((r.palette.hands || [])[s] || []).some(e => e.letter === c)).join(''));
    opts = r.options; pal = r.palette;
    comp = { pieces, hands, fields, toMove: Math.min(comp.toMove, pal.seats.length - 1) };
    if (tool.kind === 'piece' && !(pal.pieces[tool.owner] || [])[tool.i]) tool = { kind: 'move' };
    drawAll();
    edited();
  }

  // ---- drawing ----

  function drawAll() {
    drawPick(); drawShaping(); drawSide(); drawBoard(); drawText(); drawPlay();
  }

  function drawPick() {
    pick.replaceChildren(...(meta ? meta.games : []).map(g => h('label', {},
      h('input', { type: 'radio', name: 'import-game', value: g.name, checked: g.name === name, onchange: () => gameChanged(g.name) }), t(g.title))));
  }

  function gameChanged(n) {
    name = n; opts = {}; record = ''; pal = null; comp = null; shown = null; sel = null; tool = { kind: 'move' };
    text.value = '';
    if (current() && current().editor) decompose({ game: name });
    else drawAll();
  }

  function drawShaping() {
    shaping.replaceChildren(...(pal ? pal.shaping : []).map(o => optionField(o, opts[o.name], v => shapeChanged(o, v), { seats: seats().map((_, i) => t('seat {n}', { n: i + 1 })), strict: true })));
  }

  // The pieces to draw: the server's view of the composition once it has
  // answered for it (frozen pieces, a King in check), else the palette's.
  function pieces() {
    if (shown && !shown.pending && shown.board) return shown.board.pieces;
    return comp.pieces.map(p => {
      const e = entry(p.owner, p.letter, p.marks) || { name: p.letter };
      return { sq: p.sq, owner: p.owner, letter: p.letter, name: e.name, art: e.art, royal: e.royal, marks: p.marks };
    });
  }

  function drawBoard() {
    for (const el of [boardCol, ...editCards]) el.hidden = !pal;
    if (!pal || !comp) { boardEl.replaceChildren(); return; }
    const g = pal.geometry;
    if (focus === null || focus >= g.levels) focus = Math.floor(g.levels / 2);
    const width = Math.floor(boardCol.getBoundingClientRect().width) || Math.min(innerWidth, 900);
    const top = boardEl.getBoundingClientRect().top + scrollY;
    // On a phone the palette comes right under the board: room is kept for it.
    const avail = Math.max(220, innerWidth < 700 ? innerHeight * 0.62 : innerHeight - Math.min(top, innerHeight * 0.3) - 24);
    // The player's layout, else the one that draws the squares largest, so
    // that pieces are easy to place.
    const layout = layouts.choose(g, () => largestLayout(g, width - 8, avail));
    const unit = fitUnit(g, layout, width - 8, avail);
    const all = new Set(g.squareNames.map((_, i) => i));
    renderBoard(boardEl, { geometry: g, pieces: pieces() }, {
      onSquare, onErase: erase, onDropOff: sq => { sel = null; if (remove(sq)) edited(); },
      pick: all, movable: tool.kind === 'move' ? new Set(comp.pieces.map(p => p.sq)) : null, selected: sel,
      check: shown && !shown.pending && shown.board ? shown.board.check : null,
      seatNames: seats().map(s => t(s)), game: name, pictures: pictures(), unit, layout, focus, onFocus: lv => { focus = lv; drawBoard(); },
    });
    boardEl.classList.toggle('erasing', tool.kind === 'erase');
  }

  function drawSide() {
    if (!pal || !comp) return;
    const toolBtn = (id, kind, label, title) => h('button', { type: 'button', id, class: tool.kind === kind ? 'on' : '', 'aria-pressed': String(tool.kind === kind), title,
      onclick: () => { tool = { kind }; sel = null; drawSide(); drawBoard(); } }, label);
    toolsEl.replaceChildren(
      toolBtn('tool-move', 'move', t('Move'), t('Drag or click pieces on the board to move them; drag one off the board to take it away')),
      toolBtn('tool-erase', 'erase', t('⌫ Eraser'), t('Click pieces to take them away (a right-click always does)')),
      h('button', { type: 'button', id: 'ed-start', onclick: () => { record = ''; decompose({ game: name, options: opts }); } }, t('Start position')),
      h('button', { type: 'button', id: 'ed-clear', onclick: () => { comp.pieces = []; comp.hands = []; sel = null; edited(); } }, t('Clear board')));
    paletteEl.replaceChildren(...pal.seats.map((s, owner) => h('div', { class: 'ed-seat' },
      h('span', { class: 'ed-seatname' }, h('span', { class: `swatch s${owner}` }), t(s)),
      h('div', { class: 'ed-pieces' }, (pal.pieces[owner] || []).map((e, i) => {
        const on = tool.kind === 'piece' && tool.owner === owner && tool.i === i;
        const label = `${t(s)} ${t(e.name)}${e.marks && e.marks.length ? ' (' + e.marks.join(', ') + ')' : ''}`;
        const b = h('button', { type: 'button', class: 'pal-piece' + (on ? ' sel' : ''), 'data-owner': owner, 'data-letter': e.letter, 'data-i': i,
          'aria-pressed': String(on), 'aria-label': label, title: label,
          onclick: () => { tool = on ? { kind: 'move' } : { kind: 'piece', owner, i }; sel = null; drawSide(); drawBoard(); } },
        svgPiece(e, pictureURL(name, e.art, pictures())));
        b.addEventListener('pointerdown', ev => dragFrom(ev, e, b));
        return b;
      })))));
    toMoveEl.replaceChildren(h('span', { class: 'name' }, t('To move')), ...pal.seats.map((s, i) => h('label', {},
      h('input', { type: 'radio', name: 'ed-tomove', value: i, checked: comp.toMove === i, onchange: () => { comp.toMove = i; edited(); } }), ' ' + t(s))));
    handsEl.replaceChildren(...(pal.hands || []).map((entries, seat) => entries.length ? h('div', { class: 'ed-hand', 'data-owner': seat },
      h('span', { class: 'name' }, t('{x} in hand', { x: t(pal.seats[seat]) })),
      entries.map(e => {
        const n = [...(comp.hands[seat] || '')].filter(c => c === e.letter).length;
        return h('span', { class: 'count' }, svgPiece(e, pictureURL(name, e.art, pictures())),
          h('button', { type: 'button', class: 'minus', 'data-letter': e.letter, 'aria-label': t("One {name} less in {x}'s hand", { name: t(e.name), x: t(pal.seats[seat]) }), disabled: n === 0,
            onclick: () => setHand(seat, e.letter, n - 1) }, '−'),
          h('output', {}, String(n)),
          h('button', { type: 'button', class: 'plus', 'data-letter': e.letter, 'aria-label': t("One {name} more in {x}'s hand", { name: t(e.name), x: t(pal.seats[seat]) }),
            onclick: () => setHand(seat, e.letter, n + 1) }, '+'));
      })) : ''));
    fieldsEl.replaceChildren(...pal.fields.map(f => optionField(f, comp.fields[f.name], v => {
      if (v === '' || v === f.default) delete comp.fields[f.name]; else comp.fields[f.name] = v;
      edited();
    }, { strict: true })));
    const mine = meChosen && Number(me.value) < pal.seats.length ? Number(me.value) : comp.toMove;
    me.replaceChildren(...pal.seats.map((s, i) => h('option', { value: i, selected: i === mine }, t(s))));
  }

  function drawText() {
    if (record) return; // the record stays as pasted
    if (shown && shown.position && document.activeElement !== text) text.value = shown.position;
  }

  // Whether the position can be played, said above the board and by the
  // play buttons.
  function drawPlay() {
    const ed = current() && current().editor;
    const ok = !!(shown && !shown.pending && shown.position && !shown.error && !shown.over);
    vsComputer.disabled = withFriend.disabled = ed ? !(ok || record) : !text.value.trim();
    // While the server reads an edit the last verdict stays, greyed.
    const pending = !!(shown && shown.pending);
    editorEl.toggleAttribute('data-pending', pending);
    status.classList.toggle('pending', pending);
    if (pending) return;
    const bad = ed && shown && shown.error;
    status.classList.toggle('bad', !!bad);
    status.textContent = !ed || !shown ? '' : bad ? t('Not playable: {error}', { error: shown.error })
      : shown.over ? t('Over at once ({over}): nothing to play', { over: shown.over }) : t('Ready to play');
    note.textContent = current() && !ed ? t('{title} has no board editor here: paste a position string or a record.', { title: t(current().title) })
      : record ? t('The record\'s last position; playing on keeps its moves.') : '';
  }

  // Dragging a piece from the palette onto the board (pointer events, so
  // a finger can too); a click alone picks it for clicking squares.
  function dragFrom(ev, e, btn) {
    if (ev.button !== 0) return;
    const start = { x: ev.clientX, y: ev.clientY };
    let ghost = null;
    const move = m => {
      if (!ghost && Math.hypot(m.clientX - start.x, m.clientY - start.y) > 6) {
        ghost = h('div', { class: 'ghost' });
        ghost.innerHTML = `<svg viewBox="0 0 10 10" width="48" height="48">${pieceSVG(e, 5, 5, 4.3, pictureURL(name, e.art, pictures()))}</svg>`;
        document.body.append(ghost);
      }
      if (ghost) { ghost.style.left = m.clientX + 'px'; ghost.style.top = m.clientY + 'px'; }
    };
    const up = u => {
      removeEventListener('pointermove', move);
      removeEventListener('pointerup', up);
      removeEventListener('pointercancel', up);
      if (!ghost) return;
      ghost.remove();
      btn.blur();
      const at = document.elementFromPoint(u.clientX, u.clientY);
      const sqEl = at && at.closest && at.closest('#ed-board figure:not(.mini) [data-sq]');
      if (sqEl) { put(Number(sqEl.dataset.sq), e); edited(); }
    };
    addEventListener('pointermove', move);
    addEventListener('pointerup', up);
    addEventListener('pointercancel', up);
  }

  // ---- playing the position ----

  async function start(friend) {
    err.textContent = '';
    const v = text.value.trim();
    if (!name || !v) { err.textContent = t('Choose a game and set up or paste a position.'); return; }
    const n = seats().length || 2;
    const mine = Number(me.value || 0);
    const seatList = Array.from({ length: n }, (_, i) => i === mine ? { kind: 'local' }
      : friend ? { kind: 'invite' } : { kind: 'computer', level: Number(level.value) });
    // What the box holds is what is played: the board's position, or a
    // record, or a string pasted a moment ago.
    const body = { game: name, seats: seatList, clock: { initialMs: 0, incrementMs: 0 } };
    if (isRecord(v)) body.record = v;
    else { body.position = v; body.options = opts; }
    try {
      const r = await api('/api/games', body);
      addTokens(r.id, Object.values(r.tokens));
      addInvites(r.id, r.invites);
      location.hash = '#/g/' + r.id;
    } catch (e) { err.textContent = e.message; }
  }

  const redraw = () => { if (pal) { drawSide(); drawBoard(); } };
  addEventListener('wyrm-settings', redraw);
  addEventListener('resize', drawBoard);
  api('/api/meta').then(m => {
    meta = m;
    level.replaceChildren(...Array.from({ length: meta.maxLevel }, (_, l) => h('option', { value: l + 1, selected: l + 1 === 3 }, t('level {x}', { x: l + 1 }))));
    name = (meta.games.find(g => g.name === game) || meta.games[0] || {}).name || '';
    drawPick();
    if (!current() || !current().editor) { drawAll(); return; }
    if (!position) { decompose({ game: name }); return; }
    // A position the game cannot read stays in the box with its error,
    // over the start position's board.
    decompose({ game: name, options: opts, position }, pasteErr).then(async ok => {
      if (ok) return;
      const why = pasteErr.textContent;
      if (await decompose({ game: name })) { text.value = position; pasteErr.textContent = why; }
    });
  }).catch(e => { err.textContent = e.message; });
  return () => { gone = true; clearTimeout(typing); removeEventListener('wyrm-settings', redraw); removeEventListener('resize', drawBoard); };
}
