// The game screen: board, setup stages, move list, clocks and actions, kept
// in sync with the server over a websocket.
import { api } from './api.js';
import { tokens, addTokens, invites } from './tokens.js';
import { setConn } from './conn.js';
import { h } from './dom.js';
import { renderBoard, pictureURL } from './board.js';
import { fitUnit, autoLayout } from './layouts.js';
import { get, set } from './settings.js';
import { play as sound } from './sound.js';
import { markTab } from './tab.js';
import { draftUI } from './draft.js';
import { deployUI } from './deploy.js';
import { chatPanel } from './chat.js';

const SPECIAL = '@special'; // selection of the moves aimed at a unit from no square (a hex)

/** The number of the round each ply belongs to, as the move list counts them. */
export function rounds(plies) {
  const out = [];
  let r = 0;
  plies.forEach((p, i) => { if (i === 0 || p.seat <= plies[i - 1].seat) r++; out.push(r); });
  return out;
}

/** Shows game id in root; returns a clean-up function. */
export function showGame(root, id) {
  let st = null, ws = null, closed = false, retry = 0, msgId = 0, tick = null;
  let sel = null, pending = null, viewPly = null, viewBoard = null;
  let premove = null, anim = null, focus = null, autoFlip = null, lowWarned = false, note = '';
  const marks = new Map(); // position shown -> arrows and circles drawn on it
  const flipKey = 'wyrm.flip.' + id;
  const errBox = h('p', { class: 'error', role: 'alert' });
  const status = h('p', { class: 'status', 'aria-live': 'polite' }, 'Loading…');
  const boardEl = h('div', { class: 'levels' });
  const grip = h('button', { class: 'grip', type: 'button', 'aria-label': 'Board size: drag, or use the arrow keys', title: 'Drag to resize the board' });
  const wrap = h('div', { class: 'board-wrap' }, boardEl, grip);
  const handsTop = h('div', { class: 'hand' }), handsBottom = h('div', { class: 'hand' });
  const setupEl = h('div', { class: 'setup' }), special = h('div', { class: 'row' });
  const layoutEl = h('div', { class: 'layouts', role: 'group', 'aria-label': 'Boards' });
  const moveInput = h('input', { id: 'movetext', list: 'legal', autocomplete: 'off', placeholder: 'Type a move, e.g. e2e4', 'aria-label': 'Type a move' });
  const datalist = h('datalist', { id: 'legal' });
  const moveForm = h('form', { class: 'row', hidden: true, onsubmit: ev => { ev.preventDefault(); if (moveInput.value.trim()) send({ type: 'move', move: moveInput.value.trim(), version: st.version }); } },
    moveInput, datalist, h('button', { type: 'submit' }, 'Play'));
  const seatsEl = h('div', { class: 'seats' });
  const movesEl = h('div', { class: 'moves', role: 'list', 'aria-label': 'Moves' });
  const navEl = h('div', { class: 'nav' },
    h('button', { 'aria-label': 'First position', onclick: () => goTo(0) }, '|◀'),
    h('button', { 'aria-label': 'Previous move', onclick: () => goTo(cur() - 1) }, '◀'),
    h('button', { 'aria-label': 'Next move', onclick: () => goTo(cur() + 1) }, '▶'),
    h('button', { 'aria-label': 'Latest position', onclick: () => goTo(st.plies.length) }, '▶|'));
  const actions = h('div', { class: 'row' });
  const extra = h('div');
  const title = h('h1', {}, 'Game');
  const dialog = h('dialog', { 'aria-label': 'Choose a move' });
  // Small squares (a big map on a phone) can be doubled, the board then
  // scrolling in its frame.
  const zoomBtn = h('button', { type: 'button', id: 'zoom', hidden: true, 'aria-pressed': 'false', onclick: () => {
    set('size', (get('size') || 1) > 1 ? 1 : 2);
    // Enlarged, the board opens on your own side.
    requestAnimationFrame(() => { wrap.scrollTop = wrap.scrollHeight; wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2; });
  } }, 'Zoom ×2');
  const chat = chatPanel({ id, send: msg => send(msg), you: () => mine() });
  const stageEl = h('div', { class: 'stage' }, setupEl, h('div', { class: 'boardcol' }, handsTop, wrap, handsBottom, special, moveForm));
  const tools = h('div', { class: 'tools' }, layoutEl, zoomBtn,
    h('button', { onclick: () => { setFlip(!flipped()); draw(); }, 'aria-label': 'Flip board', title: 'Flip board (F)' }, '⇅ Flip'));
  root.append(h('div', { class: 'play' },
    h('section', { class: 'board-area', 'aria-label': 'Board' }, h('div', { class: 'bar' }, status, tools), errBox,
      stageEl),
    h('aside', { class: 'side' }, title,
      h('div', { class: 'card' }, h('h2', {}, 'Players'), seatsEl), chat.el,
      h('div', { class: 'card' }, h('h2', {}, 'Moves'), movesEl, navEl),
      h('div', { class: 'card' }, actions, extra))), dialog);

  const mine = () => st ? st.you : [];
  const myTurn = () => st && viewPly === null && st.stage === 'play' && mine().includes(st.toMove);
  // A move may be queued while another seat moves (a premove).
  const canPremove = () => st && viewPly === null && st.stage === 'play' && !st.outcome.over && mine().length > 0 && !mine().includes(st.toMove);
  const cur = () => viewPly === null ? st.plies.length : viewPly;
  const inSetup = () => st && st.setup && st.stage !== 'play' && st.stage !== 'over';
  // The game names its seats in every stage ("White", "Human", "seat 2").
  const seatLabel = i => {
    const given = (st.seatNames && st.seatNames[i]) || `seat ${i + 1}`;
    const name = given[0].toUpperCase() + given.slice(1);
    return st.seats.length === 2 || /^seat \d+$/i.test(given) ? name : `${name} (seat ${i + 1})`;
  };
  const dest = m => (m.to >= 0 && m.to !== m.from) ? m.to : m.target;
  const kindOf = m => (m.to < 0 || m.to === m.from) && m.target >= 0 ? 'afar' : m.target >= 0 ? 'capture' : 'move';

  // Orientation: the seat this browser holds at the bottom, once the
  // server has read its tokens; a flip by hand is remembered per game.
  function flipped() {
    const saved = localStorage.getItem(flipKey);
    if (saved !== null) return saved === '1';
    const me = mine();
    if (!st || !me.length || me.length === st.seats.length) return false;
    if (st.seats.length === 2) return me[0] === 1;
    if (autoFlip === null) {
      // More seats: the half of the board where this seat's zone or royal
      // pieces lie goes to the bottom.
      const g = st.board && st.board.geometry;
      const help = st.help && st.help[me[0]];
      let sqs = help && help.zone ? help.zone : [];
      if (!sqs.length && st.board) sqs = st.board.pieces.filter(p => p.owner === me[0] && p.royal).map(p => p.sq);
      if (g && sqs.length) {
        const per = g.files * g.ranks;
        const avg = sqs.reduce((n, sq) => n + Math.floor((sq % per) / g.files), 0) / sqs.length;
        autoFlip = avg > (g.ranks - 1) / 2;
      }
    }
    return !!autoFlip;
  }
  function setFlip(v) { try { localStorage.setItem(flipKey, v ? '1' : '0'); } catch { /* kept until reload */ } }

  const checks = new Map(); // message id -> seat of a pending setup check
  function send(msg) {
    if (!ws || ws.readyState !== 1) { errBox.textContent = 'Not connected; retrying…'; return; }
    msg.id = ++msgId;
    if (msg.type === 'check') { checks.set(msg.id, msg.seat); if (checks.size > 50) checks.delete(checks.keys().next().value); }
    ws.send(JSON.stringify(msg));
    return msg.id;
  }

  const setups = new Map(); // "stage:seat" -> the stage's screen for a held seat
  // The state sent on connecting is a spectator's; with seat tokens the
  // answer to hello follows at once. The board waits for it, so that it
  // is not drawn from the wrong side first.
  let awaitingHello = false, helloTimer = null;
  function onState(m) {
    if (awaitingHello && !m.you.length) {
      if (!st) { st = m; st.receivedAt = Date.now(); }
      clearTimeout(helloTimer);
      helloTimer = setTimeout(() => { awaitingHello = false; draw(); }, 1500);
      return;
    }
    if (m.you.length) { awaitingHello = false; clearTimeout(helloTimer); }
    const before = st;
    st = m;
    st.receivedAt = Date.now();
    if (m.error) errBox.textContent = m.error;
    if (before && before.id === st.id && viewPly === null) {
      const grew = st.plies.length === before.plies.length + 1;
      if (grew) {
        const p = st.plies[st.plies.length - 1];
        anim = { from: p.from, to: dest(p) };
        if (st.board && st.board.check && st.board.check.length) sound('check');
        else sound(p.target >= 0 ? 'capture' : 'move');
        if (pending || (typeof sel === 'number' && !mine().includes(p.seat))) { sel = pending = null; }
      }
      if (st.outcome.over && !before.outcome.over) sound('end');
      const turnNow = myTurn(), turnBefore = before.stage === 'play' && before.you.includes(before.toMove);
      if (turnNow && !turnBefore && before.you.length) { lowWarned = false; if (document.hidden || st.seats.length > 2 || before.stage !== 'play') setTimeout(() => sound('turn'), 150); }
    }
    if (premove && myTurn()) playPremove();
    else if (premove && !canPremove()) premove = null;
    draw();
  }

  function connect() {
    const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws/' + id;
    ws = new WebSocket(url);
    ws.onopen = () => {
      retry = 0;
      setConn('');
      chat.reset();
      const t = tokens(id);
      awaitingHello = t.length > 0;
      if (t.length) send({ type: 'hello', tokens: t });
    };
    ws.onmessage = ev => {
      const m = JSON.parse(ev.data);
      if (chat.receive(m)) return;
      if (m.type === 'state') onState(m);
      else if (m.type === 'error' && checks.has(m.id)) setupFor(checks.get(m.id))?.verdict(false, m.message);
      else if (m.type === 'error') { errBox.textContent = m.message; pending = null; if (awaitingHello) { awaitingHello = false; clearTimeout(helloTimer); } if (st) draw(); }
      else if (m.type === 'ack') { errBox.textContent = ''; moveInput.value = ''; }
      else if (m.type === 'checked') setupFor(m.seat)?.verdict(true, m.summary);
      else if (m.type === 'suggestion') setupFor(m.seat)?.suggested(m.choice);
    };
    ws.onclose = () => {
      if (closed) return;
      setConn('Connection lost — reconnecting…');
      setTimeout(() => { if (!closed) connect(); }, Math.min(5000, 500 * 2 ** retry++));
    };
  }
  const setupFor = seat => st && setups.get(`${st.stage}:${seat}`);

  function goTo(n) {
    if (!st) return;
    n = Math.max(0, Math.min(n, st.plies.length));
    sel = pending = null;
    if (n === st.plies.length) { viewPly = null; viewBoard = null; draw(); return; }
    viewPly = n;
    api(`/api/games/${id}/ply/${n}`).then(b => { if (viewPly === n) { viewBoard = b; draw(); } }).catch(e => errBox.textContent = e.message);
  }

  // A selected hand piece is "drop:<seat>:<letter>:<place in the hand>".
  const dropSel = () => typeof sel === 'string' && sel.startsWith('drop:') ? { seat: Number(sel.split(':')[1]), letter: sel.split(':')[2], k: Number(sel.split(':')[3]) } : null;
  function legalFromSel() {
    if (!st.legal || sel === null) return [];
    if (sel === SPECIAL) return st.legal.filter(m => m.from < 0 && !m.drop && m.target >= 0);
    const d = dropSel();
    if (d) return d.seat === st.toMove ? st.legal.filter(m => m.drop && m.drop.toUpperCase() === d.letter) : [];
    return st.legal.filter(m => m.from === sel && !m.drop);
  }
  const ownSquares = () => new Set((st.board ? st.board.pieces : []).filter(p => mine().includes(p.owner)).map(p => p.sq));

  function onSquare(sq) {
    if (inSetup()) { const ui = activeSetup(); if (ui && ui.onSquare) { ui.onSquare(sq); } return; }
    if (canPremove()) { onPremoveSquare(sq); return; }
    if (!myTurn()) return;
    if (pending) {
      let c = pending.filter(m => m.then && m.then[0] === sq);
      if (sq === pending.dest) c = pending.filter(m => !m.then || !m.then.length);
      pending = null;
      if (c.length) { choose(c, sq); return; }
      sel = null; draw(); return;
    }
    if (sel !== null) {
      const c = legalFromSel().filter(m => dest(m) === sq);
      if (c.length) { choose(c, sq); return; }
    }
    const movable = new Set(st.legal.filter(m => m.from >= 0).map(m => m.from));
    sel = movable.has(sq) && sel !== sq ? sq : null;
    draw();
  }

  // While another seat moves: pick one of your pieces (or a hand piece),
  // then a square; clicking elsewhere or right-clicking cancels.
  function onPremoveSquare(sq) {
    if (premove) { premove = null; sel = null; note = 'Premove cancelled.'; draw(); return; }
    const own = ownSquares();
    const d = dropSel();
    if (d && mine().includes(d.seat)) { premove = { from: -1, drop: d.letter, to: sq }; sel = null; note = 'Premove queued: it is played when your turn comes, if it is legal then.'; draw(); return; }
    if (typeof sel === 'number' && sel !== sq && !own.has(sq)) { premove = { from: sel, to: sq }; sel = null; note = 'Premove queued: it is played when your turn comes, if it is legal then.'; draw(); return; }
    sel = own.has(sq) && sel !== sq ? sq : null;
    draw();
  }
  function playPremove() {
    const p = premove;
    premove = null;
    const c = st.legal.filter(m => p.drop ? m.drop && m.drop.toUpperCase() === p.drop && dest(m) === p.to : m.from === p.from && !m.drop && dest(m) === p.to);
    if (!c.length) { note = 'Premove cancelled: it is not legal now.'; return; }
    note = '';
    choose(c, p.to);
  }

  function choose(c, sq) {
    if (c.length === 1) { play(c[0]); return; }
    const withThen = c.filter(m => m.then && m.then.length);
    if (withThen.length && new Set(withThen.map(m => m.then[0])).size === withThen.length) {
      pending = c; pending.dest = sq; draw();
      status.textContent = 'Choose where the piece goes next' + (c.length > withThen.length ? ' (or click its square again to stay)' : '');
      return;
    }
    const names = new Map((st.board.pieces || []).map(p => [p.letter, p.name]));
    dialog.replaceChildren(h('p', {}, c.some(m => m.promotion) ? 'Promote to:' : 'Which move?'),
      h('div', { class: 'choices' }, c.map(m => h('button', { onclick: () => { dialog.close(); play(m); } },
        m.promotion ? `${names.get(m.promotion) || m.promotion} (${m.promotion})` : (m.san || m.text)))),
      h('button', { onclick: () => { dialog.close(); sel = null; draw(); } }, 'Cancel'));
    dialog.showModal();
  }

  function play(m) { sel = pending = null; note = ''; send({ type: 'move', move: m.text, version: st.version }); }

  function fmt(ms) {
    ms = Math.max(0, ms);
    // Correspondence clocks count days and hours.
    if (ms >= 24 * 3600000) return `${Math.floor(ms / 86400000)}d ${Math.floor(ms % 86400000 / 3600000)}h`;
    const t = Math.floor(ms / 1000), m = Math.floor(t / 60), s = t % 60;
    if (ms < 10000) return `0:0${s}.${Math.floor(ms % 1000 / 100)}`;
    return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
  }

  function drawClocks() {
    if (!st || !st.clock) return;
    for (const el of seatsEl.querySelectorAll('.clock')) {
      const i = Number(el.dataset.seat);
      let ms = st.clock.remaining[i];
      if (st.clock.running === i) ms -= Date.now() - st.receivedAt;
      el.textContent = fmt(ms);
      el.classList.toggle('run', st.clock.running === i);
      el.classList.toggle('low', ms < 10000);
      if (st.clock.running === i && ms < 10000 && ms > 0 && mine().includes(i) && !lowWarned) { lowWarned = true; sound('low'); }
    }
  }

  /** "White wins — checkmate", "Draw — stalemate". */
  function resultText() {
    const o = st.outcome;
    if (o.winner >= 0) return `${seatLabel(o.winner)} wins — ${o.reason}`;
    if (o.results.every(r => r === 'draw' || r === 'eliminated')) return `Draw — ${o.reason}`;
    return `Game over — ${o.reason}`;
  }

  function statusText() {
    if (st.outcome.over) return resultText();
    if (st.stage !== 'play') {
      const w = st.waiting.map(seatLabel).join(', ');
      return `${st.stage[0].toUpperCase() + st.stage.slice(1)}: waiting for ${w}`;
    }
    const you = mine().includes(st.toMove) ? ' — your move' : '';
    return `${seatLabel(st.toMove)} to move${you}${st.thinking ? ' (computer thinking…)' : ''}`;
  }

  // The setup screen of the held seat that has to act first (or the first held).
  function activeSeat() {
    const me = mine();
    return me.find(i => st.waiting.includes(i)) ?? me[0];
  }
  function activeSetup() { return inSetup() ? setups.get(`${st.stage}:${activeSeat()}`) : null; }

  function drawSetup() {
    if (!inSetup()) { setupEl.replaceChildren(); return; }
    if (!mine().length) { setupEl.replaceChildren(h('p', { class: 'muted' }, 'The players are setting up.')); return; }
    const seat = activeSeat();
    const help = (st.help && st.help[seat]) || {};
    const key = `${st.stage}:${seat}`;
    let ui = setups.get(key);
    const waiting = st.waiting.includes(seat);
    if (!ui) {
      const ctx = { seat, label: seatLabel(seat), game: st.game, send, redraw: drawBoard };
      if (help.zone && help.place && help.place.length) ui = deployUI(ctx);
      else if (help.units && help.units.length && help.budget) ui = draftUI(ctx);
      else ui = textUI(ctx);
      setups.set(key, ui);
    }
    ui.update(help, waiting, st.board && st.board.geometry ? st.board.geometry.squareNames : []);
    const shown = st.setup && st.setup[seat] ? h('details', { class: 'visible' }, h('summary', {}, 'What you can see of the setup'), h('pre', { class: 'visible' }, st.setup[seat])) : '';
    if (setupEl.firstChild !== ui.el) setupEl.replaceChildren(ui.el);
    if (setupEl.childNodes[1]) setupEl.childNodes[1].remove();
    if (shown) setupEl.append(shown);
  }

  // A setup stage the page has no screen for: the game's notation, typed,
  // with the game's reading of it as it is written.
  function textUI({ seat, label }) {
    const ta = h('textarea', { 'aria-label': `${st.stage} choice for ${label}`, id: `setup-${seat}`, spellcheck: 'false' });
    const tally = h('p', { class: 'tally', id: `tally-${seat}`, 'aria-live': 'polite' });
    const guide = h('p', { class: 'guide' });
    let timer = null;
    ta.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => { if (ta.value.trim()) send({ type: 'check', seat, choice: ta.value }); else tally.textContent = ''; }, 250); });
    const row = h('div', { class: 'row' }, h('button', { class: 'primary', id: 'submit-setup', onclick: () => send({ type: 'setup', seat, choice: ta.value }) }, 'Submit'),
      h('button', { id: 'suggest-setup', onclick: () => send({ type: 'suggest', seat }) }, 'Suggest a choice'));
    const done = h('p', { class: 'muted' }, 'Submitted — waiting for the others.');
    const el = h('div', { class: 'card' }, h('h2', {}, `${label} — ${st.stage}`), guide, ta, tally,
      h('p', { class: 'muted' }, 'Tip: click squares on the board to add their names.'), row, done);
    return {
      el,
      update(help, waiting) { guide.textContent = help.text || ''; ta.hidden = row.hidden = !waiting; done.hidden = waiting; },
      verdict(ok, msg) { tally.textContent = msg; tally.classList.toggle('over', !ok); },
      suggested(choice) { ta.value = choice; ta.dispatchEvent(new Event('input')); },
      onSquare(sq) {
        const name = st.board.geometry.squareNames[sq];
        const s = ta.selectionStart ?? ta.value.length;
        const pre = ta.value.slice(0, s), gap = pre && !/\s$/.test(pre) ? ' ' : '';
        ta.value = pre + gap + name + ta.value.slice(s);
        ta.focus();
        ta.selectionStart = ta.selectionEnd = s + gap.length + name.length;
      },
    };
  }

  // A phone and a wide screen each keep their own choice of layout.
  const layoutKey = () => innerWidth < 700 ? 'layoutPhone' : 'layout';
  function drawLayouts(g) {
    layoutEl.replaceChildren();
    if (!g || g.levels < 2) return;
    const current = get(layoutKey()) || autoLayout(g.levels, innerWidth);
    for (const [v, label] of [['side', 'Side by side'], ['stack', 'Stacked'], ['focus', 'One large']]) {
      layoutEl.append(h('button', { type: 'button', class: current === v ? 'on' : '', 'aria-pressed': String(current === v), 'data-layout': v,
        onclick: () => set(layoutKey(), v) }, label));
    }
  }

  // The board at the size that fits: the column's width and the window's
  // height below the board's top, times the player's size setting.
  function drawBoard(again) {
    if (!st) return;
    const viewing = viewPly !== null && viewBoard;
    const board = viewing ? viewBoard : st.board;
    if (!board) { boardEl.replaceChildren(); return; }
    if (!board.geometry) board.geometry = st.board.geometry;
    const g = board.geometry;
    drawLayouts(g);
    const layout = g.levels === 1 ? 'one' : get(layoutKey()) || autoLayout(g.levels, innerWidth);
    if (focus === null) focus = Math.floor(g.levels / 2);
    // A setup's screen stands beside the board where there is room for
    // both; on a phone a deployment's tray comes right under the board
    // (and your zone), with room kept for it.
    const area = Math.floor(setupEl.parentElement.getBoundingClientRect().width);
    const beside = setupEl.childNodes.length && area >= 760 ? Math.max(340, Math.floor(area * 0.42)) + 16 : 0;
    const ui0 = activeSetup();
    const trayAfter = !!(ui0 && ui0.pieces && !beside && st.waiting.includes(activeSeat()));
    stageEl.classList.toggle('setup-after', trayAfter);
    const top = wrap.getBoundingClientRect().top + scrollY;
    let below = handsBottom.offsetHeight + (handsBottom.offsetHeight ? 8 : 0) + 10;
    if (trayAfter) below += Math.min(setupEl.offsetHeight + 16, innerHeight * 0.28);
    // With much above the board (a setup), it fits the window on its own.
    const avail = top > innerHeight * 0.45 ? innerHeight - 16 : innerHeight - top - below;
    const fit = fitUnit(g, layout, area - beside - 20, Math.max(200, avail));
    const unit = fit * (get('size') || 1);
    zoomBtn.hidden = fit >= 30 && (get('size') || 1) <= 1;
    zoomBtn.setAttribute('aria-pressed', String((get('size') || 1) > 1));
    zoomBtn.classList.toggle('on', (get('size') || 1) > 1);
    const last = viewing ? st.plies[viewPly - 1] : st.plies[st.plies.length - 1];
    const targets = new Map();
    let movable = new Set(), own = null, pick = null, zone = null, pieces = board.pieces;
    if (pending) {
      for (const m of pending) if (m.then && m.then.length) targets.set(m.then[0], 'then');
      if (pending.some(m => !m.then || !m.then.length)) targets.set(pending.dest, 'then');
    } else if (!viewing && myTurn()) {
      for (const m of legalFromSel()) targets.set(dest(m), kindOf(m));
      movable = new Set(st.legal.filter(m => m.from >= 0 && !m.drop).map(m => m.from));
    } else if (!viewing && canPremove()) own = ownSquares();
    const ui = activeSetup();
    if (inSetup()) {
      const seat = activeSeat();
      const help = st.help && st.help[seat];
      if (help && help.zone && st.waiting.includes(seat)) zone = new Set(help.zone);
      pick = ui && ui.pick ? ui.pick() : new Set(g.squareNames.map((_, i) => i));
      if (ui && ui.pieces) pieces = [...board.pieces, ...ui.pieces()];
    }
    const key = viewing ? viewPly : st.plies.length;
    const movesOf = sq => !viewing && myTurn() ? st.legal.filter(m => m.from === sq && !m.drop).map(dest) : [];
    renderBoard(boardEl, { ...board, pieces }, {
      flip: flipped(), zone, selected: typeof sel === 'number' ? (pending ? pending.dest : sel) : null, targets, movable, own, pick,
      last: last ? { from: last.from, to: last.to, target: last.target } : null, check: viewing ? board.check : st.board.check, onSquare,
      premove, marks: marks.get(key) || [], onMarks: list => { marks.set(key, list); drawBoard(); },
      seatNames: st.seats.map((_, i) => seatLabel(i)), game: st.game, pictures: get('pieces') === 'pictures',
      unit, layout, focus, onFocus: lv => { focus = lv; drawBoard(); }, movesOf, anim,
    });
    anim = null;
    wrap.classList.toggle('zoomed', (get('size') || 1) > 1);
    // The new board may have moved what stands around it: fit once more.
    if (!again && Math.abs(wrap.getBoundingClientRect().top + scrollY - top) > 2) drawBoard(true);
  }

  function draw() {
    if (!st) return;
    // Once the seats are proven, so that the chat asks for the rooms they read.
    if (!awaitingHello) chat.update(st);
    title.textContent = st.title + (Object.keys(st.options || {}).length ? ' · ' + Object.entries(st.options).map(([k, v]) => `${k}: ${v}`).join(', ') : '');
    markTab(`${st.title} — wyrm`, myTurn() || (inSetup() && mine().some(i => st.waiting.includes(i))));
    const viewing = viewPly !== null && viewBoard;
    const board = viewing ? viewBoard : st.board;
    if (viewing) {
      const p = st.plies[viewPly - 1], r = rounds(st.plies)[viewPly - 1];
      status.replaceChildren(viewPly === 0 ? 'Viewing the starting position' : `Viewing the position after ${r}${p.seat === 0 ? '.' : '…'} ${p.san || p.text}`);
    } else status.replaceChildren(statusText());
    if (!viewing && note && !st.outcome.over) status.append(h('small', { class: 'muted note' }, ' · ' + note));
    // The game's no-progress draw rule, once half of it has run.
    const q = board && board.quiet;
    if (q && !st.outcome.over && q.count * 2 >= q.limit) status.append(h('small', { class: 'muted quiet' }, ` · ${q.count} of ${q.limit} turns without progress (drawn at ${q.limit})`));
    status.className = st.outcome.over ? 'status result' : 'status';
    drawSetup();
    // Hands: the viewer's side below the board.
    const hands = board && board.hands ? board.hands : [];
    const bottomSeat = flipped() ? 1 : 0;
    handsTop.replaceChildren(); handsBottom.replaceChildren();
    const d = dropSel();
    hands.forEach((hand, i) => {
      if (!hand && !(st.legal || []).some(m => m.drop)) return;
      const el = i === bottomSeat ? handsBottom : handsTop;
      el.append(h('span', { class: 'muted' }, `${seatLabel(i)} in hand:`), hand ? '' : h('span', { class: 'muted' }, 'nothing'),
        ...[...hand.toUpperCase()].map((letter, k) => {
          const can = !viewing && ((myTurn() && st.toMove === i && st.legal.some(m => m.drop && m.drop.toUpperCase() === letter)) || (canPremove() && mine().includes(i)));
          const on = d && d.seat === i && d.k === k;
          const art = board.handArt && board.handArt[i] ? pictureURL(st.game, board.handArt[i][k], get('pieces') === 'pictures') : '';
          return h('button', { class: 'seat-hand s' + i + (on ? ' sel' : '') + (art ? ' art' : ''), disabled: !can, 'aria-label': `Drop ${letter} (${seatLabel(i)})`, 'aria-pressed': on ? 'true' : 'false',
            onclick: () => { sel = on ? null : `drop:${i}:${letter}:${k}`; premove = null; draw(); } }, art ? h('img', { src: art, alt: letter }) : letter);
        }));
    });
    drawBoard();
    // Moves without a board square to start from (other than drops).
    special.replaceChildren();
    if (!viewing && myTurn()) {
      // Actions aimed at a unit (a hex): one button, then click the target.
      const aimed = st.legal.filter(m => m.from < 0 && !m.drop && m.target >= 0);
      const other = st.legal.filter(m => m.from < 0 && !m.drop && m.target < 0);
      if (aimed.length || other.length) special.append(h('span', { class: 'muted' }, 'Other actions:'));
      if (aimed.length) {
        const verb = aimed.every(m => m.text.includes('@')) ? 'Hex' : 'Act on a unit';
        special.append(h('button', { id: 'aim', 'aria-pressed': sel === SPECIAL ? 'true' : 'false', class: sel === SPECIAL ? 'primary' : '',
          onclick: () => { sel = sel === SPECIAL ? null : SPECIAL; draw(); } }, sel === SPECIAL ? `${verb}: click a marked unit` : `${verb}…`));
      }
      special.append(...other.map(m => h('button', { onclick: () => play(m) }, m.san || m.text)));
    }
    moveForm.hidden = !myTurn();
    datalist.replaceChildren(...(st.legal || []).map(m => h('option', { value: m.san || m.text })));
    // Seats.
    seatsEl.replaceChildren(...st.seats.map((s, i) => h('div', { class: 'seat' + (st.waiting.includes(i) ? ' turn' : '') + (s.out ? ' out' : '') },
      h('span', { class: 'swatch s' + i }),
      // A dot says who is at the table right now.
      st.present ? h('span', { class: 'presence' + (st.present[i] ? ' here' : ''), title: st.present[i] ? 'at the table' : 'away', 'aria-label': st.present[i] ? 'at the table' : 'away' }) : '',
      h('span', {}, seatLabel(i), h('br'), h('small', { class: 'muted' },
        s.kind === 'computer' ? `computer, level ${s.level}` : mine().includes(i) ? 'you' : s.taken ? 'player' : s.kind === 'open' ? 'open to anyone (not taken yet)' : 'invited (not joined yet)',
        st.outcome.over ? ` · ${st.outcome.results[i]}` : '')),
      st.clock ? h('span', { class: 'clock', 'data-seat': i }) : '')));
    drawClocks();
    drawMoves();
    drawActions(board);
  }

  function drawMoves() {
    const cols = st.seats.length;
    movesEl.style.setProperty('--cols', cols);
    movesEl.classList.toggle('many', cols > 2);
    movesEl.replaceChildren();
    let round = 0, col = cols;
    st.plies.forEach((p, i) => {
      if (i === 0 || p.seat <= st.plies[i - 1].seat || col >= cols) {
        if (i > 0) for (; col < cols; col++) movesEl.append(h('span'));
        round++; col = 0;
        movesEl.append(h('span', { class: 'n' }, round + '.'));
        for (; col < p.seat; col++) movesEl.append(h('span'));
      }
      movesEl.append(h('button', { role: 'listitem', class: cur() === i + 1 ? 'cur' : '', onclick: () => goTo(i + 1), 'aria-label': `Move ${round}, ${seatLabel(p.seat)}: ${p.san || p.text}` }, p.san || p.text));
      col++;
    });
    if (viewPly === null) movesEl.scrollTop = movesEl.scrollHeight;
  }

  let claimTimer = null;
  function drawActions(board) {
    actions.replaceChildren();
    const active = mine().filter(i => !st.seats[i].out);
    if (!st.outcome.over && active.length) {
      const seat = active.includes(st.toMove) ? st.toMove : active[0];
      // Resigning takes a second click, so a slip cannot end the game.
      const resign = h('button', { id: 'resign', onclick: () => {
        if (resign.dataset.armed) { send({ type: 'resign', seat }); return; }
        resign.dataset.armed = '1';
        resign.textContent = `Confirm: resign for ${seatLabel(seat)}`;
        resign.classList.add('primary');
        setTimeout(() => { if (resign.isConnected) { delete resign.dataset.armed; resign.textContent = 'Resign'; resign.classList.remove('primary'); } }, 4000);
      } }, 'Resign');
      actions.append(resign);
      // Until every seat has moved, a game can be called off without a result.
      if (st.abortable) actions.append(h('button', { id: 'abort', onclick: () => send({ type: 'abort', seat }) }, 'Abort'));
      if (st.stage === 'play' && st.takeback !== undefined) {
        if (st.takeback >= 0 && !(st.takebackYes || []).includes(seat)) {
          actions.append(h('button', { class: 'primary', id: 'takeback-yes', onclick: () => send({ type: 'takeback', seat }) }, `Allow ${seatLabel(st.takeback)}'s takeback`),
            h('button', { onclick: () => send({ type: 'no-takeback', seat }) }, 'Refuse'));
        } else if (st.takeback < 0 && st.plies.some(p => p.seat === seat)) {
          actions.append(h('button', { id: 'takeback', onclick: () => send({ type: 'takeback', seat }) }, 'Ask to take back'));
        } else if (st.takeback >= 0) actions.append(h('button', { disabled: true }, 'Takeback asked'));
      }
      // Once every opponent has been away long enough, the game can be claimed.
      clearTimeout(claimTimer);
      if (st.stage === 'play' && st.present && st.goneMs) {
        const others = st.seats.map((_, i) => i).filter(i => i !== seat && !st.seats[i].out);
        const since = Date.now() - st.receivedAt;
        const away = others.length > 0 && others.every(i => !st.present[i]);
        const wait = Math.max(0, ...others.map(i => st.claimAfterMs - st.goneMs[i] - since));
        if (away && wait > 0) claimTimer = setTimeout(() => { if (st) draw(); }, wait + 50); // offer the claim when it is due
        if (away && wait === 0) actions.append(h('button', { id: 'claim-win', class: 'primary', onclick: () => send({ type: 'claim', seat, choice: 'win' }) }, 'Claim the win'),
          h('button', { onclick: () => send({ type: 'claim', seat, choice: 'draw' }) }, 'Call it a draw'));
      }
      if (st.stage === 'play') {
        const offered = st.drawOffers || [];
        if (offered.length && !offered.includes(seat)) {
          actions.append(h('button', { class: 'primary', onclick: () => send({ type: 'draw', seat }) }, 'Accept draw'),
            h('button', { onclick: () => send({ type: 'decline', seat }) }, 'Decline draw'));
        } else actions.append(h('button', { disabled: offered.includes(seat), onclick: () => send({ type: 'draw', seat }) }, offered.includes(seat) ? 'Draw offered' : 'Offer draw'));
      }
    }
    if (st.outcome.over) actions.append(h('p', { class: 'result', id: 'result' }, resultText()));
    if (st.outcome.over && mine().length && !st.rematch) actions.append(h('button', { id: 'rematch', class: 'primary', onclick: () => send({ type: 'rematch' }) }, 'Rematch'));
    if (st.rematch) actions.append(h('a', { id: 'torematch', class: 'btn primary', href: '#/g/' + st.rematch, onclick: () => addTokens(st.rematch, tokens(id)) }, 'Go to rematch'));
    // The engine helps only those not playing: in a finished game, or
    // watching one.
    if (board && board.position && (st.outcome.over || !mine().length)) {
      const q = new URLSearchParams({ game: st.game, pos: board.position });
      if (Object.keys(st.options || {}).length) q.set('options', JSON.stringify(st.options));
      actions.append(h('a', { id: 'analyse', class: 'btn', href: '/analysis?' + q }, 'Analyse'));
      if (st.outcome.over && st.plies.length) {
        q.delete('pos'); q.set('review', id); q.set('ply', String(viewPly ?? st.plies.length));
        actions.append(h('a', { id: 'review', class: 'btn', href: '/analysis?' + q }, 'Review'));
      }
    }
    actions.append(h('a', { class: 'btn', href: `/api/games/${id}/record`, download: '' }, 'Download record'),
      h('a', { class: 'btn', href: '/rules/' + st.game, target: '_blank' }, 'Rules'));
    // Position string and invitations.
    const pos = h('input', { readonly: true, value: board ? board.position || '' : '', 'aria-label': 'Position string', style: 'flex:1;min-width:0' });
    extra.replaceChildren();
    if (pos.value) extra.append(h('h2', {}, 'Position'), h('div', { class: 'row' }, pos, h('button', { onclick: () => copy(pos) }, 'Copy')),
      h('p', {}, h('a', { id: 'continue', href: `#/editor/${encodeURIComponent(st.game)}/${encodeURIComponent(pos.value)}` +
        (Object.keys(st.options || {}).length ? `?options=${encodeURIComponent(JSON.stringify(st.options))}` : '') }, 'Play on from this position')));
    // Private links carry their secret, which only the creator's browser
    // knows; open seats are taken from the lobby or by a plain link.
    const secrets = invites(id);
    const open = st.seats.map((s, i) => [s, i]).filter(([s, i]) => !s.taken && ((s.kind === 'invite' && secrets[i]) || s.kind === 'open'));
    if (open.length && !st.outcome.over) extra.append(h('h2', {}, 'Invite'), ...open.map(([s, i]) => {
      const link = `${location.origin}/#/join/${id}/${i}` + (s.kind === 'invite' ? '/' + secrets[i] : '');
      const inp = h('input', { readonly: true, value: link, 'aria-label': `Invitation link for ${seatLabel(i)}` });
      return h('div', { class: 'invite' }, h('label', {}, `${seatLabel(i)}:`), h('div', { class: 'row' }, inp, h('button', { onclick: () => copy(inp) }, 'Copy link')));
    }));
    if (!mine().length) extra.append(h('p', { class: 'muted' }, 'You are watching this game.'));
  }

  function copy(input) {
    input.select();
    if (navigator.clipboard && isSecureContext) navigator.clipboard.writeText(input.value).catch(() => document.execCommand('copy'));
    else document.execCommand('copy');
  }

  // Resizing by the grip: dragging it changes the size setting.
  grip.addEventListener('pointerdown', ev => {
    ev.preventDefault();
    const start = ev.clientX + ev.clientY, size0 = get('size') || 1, w0 = boardEl.offsetWidth || 1;
    const move = e => set('size', Math.max(0.5, Math.min(2, size0 * (1 + (e.clientX + e.clientY - start) / w0))));
    const up = () => { removeEventListener('pointermove', move); removeEventListener('pointerup', up); };
    addEventListener('pointermove', move);
    addEventListener('pointerup', up);
  });
  grip.addEventListener('keydown', ev => {
    const step = { ArrowUp: 0.05, ArrowRight: 0.05, ArrowDown: -0.05, ArrowLeft: -0.05 }[ev.key];
    if (!step) return;
    ev.preventDefault();
    ev.stopPropagation();
    set('size', Math.max(0.5, Math.min(2, (get('size') || 1) + step)));
  });

  const onKey = ev => {
    if (!st || ev.target.closest('input, textarea, select, dialog, .grip')) return;
    if (ev.key === 'ArrowLeft') goTo(cur() - 1);
    else if (ev.key === 'ArrowRight') goTo(cur() + 1);
    else if (ev.key === 'Home') goTo(0);
    else if (ev.key === 'End') goTo(st.plies.length);
    else if (ev.key === 'Escape') { sel = pending = premove = null; note = ''; draw(); }
    else if (ev.key === 'f' && !ev.ctrlKey && !ev.metaKey) { setFlip(!flipped()); draw(); }
    else return;
    ev.preventDefault();
  };
  // A right-click cancels a premove and a selection, as on other sites.
  const onRight = ev => { if (ev.button === 2 && (premove || sel !== null) && boardEl.contains(ev.target)) { premove = null; sel = null; note = ''; draw(); } };
  let resizeTimer = null;
  const onResize = () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => drawBoard(), 60); };
  const onSettings = () => { if (st) draw(); };
  addEventListener('keydown', onKey);
  addEventListener('pointerdown', onRight, true);
  addEventListener('resize', onResize);
  addEventListener('wyrm-settings', onSettings);
  tick = setInterval(drawClocks, 200);
  connect();
  return () => {
    closed = true; clearInterval(tick); clearTimeout(helloTimer);
    removeEventListener('keydown', onKey); removeEventListener('pointerdown', onRight, true);
    removeEventListener('resize', onResize); removeEventListener('wyrm-settings', onSettings);
    markTab('wyrm — fantasy chess in the browser', false);
    if (ws) ws.close();
  };
}
