// The game screen: board, setup stages, move list, clocks and actions, kept
// in sync with the server over a websocket.
import { api, tokens, addTokens, invites, h, setConn } from './app.js';
import { renderBoard } from './board.js';

const SPECIAL = '@special'; // selection of the moves aimed at a unit from no square (a hex)

/** Shows game id in root; returns a clean-up function. */
export function showGame(root, id) {
  let st = null, ws = null, closed = false, retry = 0, msgId = 0, tick = null;
  let sel = null, pending = null, viewPly = null, viewBoard = null, flip = null;
  const errBox = h('p', { class: 'error', role: 'alert' });
  const status = h('p', { class: 'status', 'aria-live': 'polite' }, 'Loading…');
  const boardEl = h('div', { class: 'levels' });
  const handsTop = h('div', { class: 'hand' }), handsBottom = h('div', { class: 'hand' });
  const setupEl = h('div'), special = h('div', { class: 'row' });
  const moveInput = h('input', { id: 'movetext', list: 'legal', autocomplete: 'off', placeholder: 'Type a move, e.g. e2e4', 'aria-label': 'Type a move' });
  const datalist = h('datalist', { id: 'legal' });
  const moveForm = h('form', { class: 'row', hidden: true, onsubmit: ev => { ev.preventDefault(); if (moveInput.value.trim()) send({ type: 'move', move: moveInput.value.trim() }); } },
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
  root.append(title, h('div', { class: 'play' },
    h('section', { 'aria-label': 'Board' }, status, errBox, setupEl, handsTop, boardEl, handsBottom, special, moveForm),
    h('aside', { class: 'side' },
      h('div', { class: 'card' }, h('h2', {}, 'Players'), seatsEl),
      h('div', { class: 'card' }, h('h2', {}, 'Moves'), movesEl, navEl),
      h('div', { class: 'card' }, actions, extra))), dialog);

  const mine = () => st ? st.you : [];
  const myTurn = () => st && viewPly === null && st.stage === 'play' && mine().includes(st.toMove);
  const cur = () => viewPly === null ? st.plies.length : viewPly;
  // The game names its seats in every stage ("White", "Human", "seat 2").
  const seatLabel = i => {
    const given = (st.seatNames && st.seatNames[i]) || `seat ${i + 1}`;
    const name = given[0].toUpperCase() + given.slice(1);
    return st.seats.length === 2 || /^seat \d+$/i.test(given) ? name : `${name} (seat ${i + 1})`;
  };
  const dest = m => (m.to >= 0 && m.to !== m.from) ? m.to : m.target;
  const kindOf = m => (m.to < 0 || m.to === m.from) && m.target >= 0 ? 'afar' : m.target >= 0 ? 'capture' : 'move';

  const checks = new Map(); // message id -> seat of a pending setup check
  function send(msg) {
    if (!ws || ws.readyState !== 1) { errBox.textContent = 'Not connected; retrying…'; return; }
    msg.id = ++msgId;
    if (msg.type === 'check') { checks.set(msg.id, msg.seat); if (checks.size > 50) checks.delete(checks.keys().next().value); }
    ws.send(JSON.stringify(msg));
  }

  function connect() {
    const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws/' + id;
    ws = new WebSocket(url);
    ws.onopen = () => {
      retry = 0;
      setConn('');
      const t = tokens(id);
      if (t.length) send({ type: 'hello', tokens: t });
    };
    ws.onmessage = ev => {
      const m = JSON.parse(ev.data);
      if (m.type === 'state') { st = m; st.receivedAt = Date.now(); if (m.error) errBox.textContent = m.error; draw(); }
      else if (m.type === 'error' && checks.has(m.id)) {
        // The game's verdict on a choice being written: shown beside it.
        const t = document.getElementById('tally-' + checks.get(m.id)); if (t) { t.textContent = m.message; t.classList.add('over'); }
      }
      else if (m.type === 'error') { errBox.textContent = m.message; pending = null; if (st) draw(); }
      else if (m.type === 'ack') { errBox.textContent = ''; moveInput.value = ''; }
      else if (m.type === 'checked') { const t = document.getElementById('tally-' + m.seat); if (t) { t.textContent = m.summary; t.classList.remove('over'); } }
      else if (m.type === 'suggestion') { const ta = document.getElementById('setup-' + m.seat); if (ta) { ta.value = m.choice; ta.dispatchEvent(new Event('input')); } }
    };
    ws.onclose = () => {
      if (closed) return;
      setConn('Connection lost — reconnecting…');
      setTimeout(() => { if (!closed) connect(); }, Math.min(5000, 500 * 2 ** retry++));
    };
  }

  function goTo(n) {
    if (!st) return;
    n = Math.max(0, Math.min(n, st.plies.length));
    sel = pending = null;
    if (n === st.plies.length) { viewPly = null; viewBoard = null; draw(); return; }
    viewPly = n;
    api(`/api/games/${id}/ply/${n}`).then(b => { if (viewPly === n) { viewBoard = b; draw(); } }).catch(e => errBox.textContent = e.message);
  }

  function legalFromSel() {
    if (!st.legal || sel === null) return [];
    if (sel === SPECIAL) return st.legal.filter(m => m.from < 0 && !m.drop && m.target >= 0);
    if (typeof sel === 'string') return st.legal.filter(m => m.drop && m.drop.toUpperCase() === sel);
    return st.legal.filter(m => m.from === sel && !m.drop);
  }

  function onSquare(sq) {
    if (st.stage !== 'play' && st.stage !== 'over' && st.setup) { insertSquare(sq); return; }
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

  function play(m) { sel = pending = null; send({ type: 'move', move: m.text }); }

  let lastArea = null; // the setup box that last had focus gets clicked squares
  setupEl.addEventListener('focusin', ev => { if (ev.target.tagName === 'TEXTAREA') lastArea = ev.target.id; });
  function insertSquare(sq) {
    const ta = (lastArea && document.getElementById(lastArea)) || setupEl.querySelector('textarea');
    if (!ta) return;
    const name = st.board.geometry.squareNames[sq];
    const s = ta.selectionStart ?? ta.value.length;
    const pre = ta.value.slice(0, s), gap = pre && !/\s$/.test(pre) ? ' ' : '';
    ta.value = pre + gap + name + ta.value.slice(s);
    ta.focus();
    ta.selectionStart = ta.selectionEnd = s + gap.length + name.length;
  }

  function fmt(ms) {
    ms = Math.max(0, ms);
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
    }
  }

  function statusText() {
    const o = st.outcome;
    if (o.over) {
      if (o.winner >= 0) return `${seatLabel(o.winner)} wins — ${o.reason}`;
      if (o.results.every(r => r === 'draw' || r === 'eliminated')) return `Draw — ${o.reason}`;
      return `Game over — ${o.reason}`;
    }
    if (st.stage !== 'play') {
      const w = st.waiting.map(seatLabel).join(', ');
      return `${st.stage[0].toUpperCase() + st.stage.slice(1)}: waiting for ${w}`;
    }
    const you = mine().includes(st.toMove) ? ' — your move' : '';
    return `${seatLabel(st.toMove)} to move${you}${st.thinking ? ' (computer thinking…)' : ''}`;
  }

  function draw() {
    if (!st) return;
    title.textContent = st.title + (Object.keys(st.options || {}).length ? ' · ' + Object.entries(st.options).map(([k, v]) => `${k}: ${v}`).join(', ') : '');
    document.title = `${st.title} — wyrm`;
    if (flip === null) flip = mine().length > 0 && mine()[0] === 1;
    const viewing = viewPly !== null && viewBoard;
    const board = viewing ? viewBoard : st.board;
    status.replaceChildren(viewing ? `Viewing position after move ${viewPly} of ${st.plies.length}` : statusText());
    // The game's no-progress draw rule, once half of it has run.
    const q = board && board.quiet;
    if (q && !st.outcome.over && q.count * 2 >= q.limit) status.append(h('small', { class: 'muted quiet' }, ` · ${q.count} of ${q.limit} turns without progress (drawn at ${q.limit})`));
    if (st.outcome.over) status.className = 'status result'; else status.className = 'status';
    // Setup stages.
    setupEl.replaceChildren();
    if (st.setup && st.stage !== 'play' && st.stage !== 'over') {
      for (const seat of mine()) {
        const waiting = st.waiting.includes(seat);
        const ta = h('textarea', { 'aria-label': `${st.stage} choice for ${seatLabel(seat)}`, id: `setup-${seat}`, spellcheck: 'false' });
        const old = document.getElementById(`setup-${seat}`);
        if (old) ta.value = old.value;
        const help = (st.help && st.help[seat]) || {};
        const oldTally = document.getElementById(`tally-${seat}`);
        const tally = h('p', { class: 'tally' + (oldTally && oldTally.classList.contains('over') ? ' over' : ''), id: `tally-${seat}`, 'aria-live': 'polite' }, oldTally ? oldTally.textContent : '');
        // The game itself reads the choice as it is written (no parser
        // here): its summary or its objection appears under the box.
        let timer = null;
        const check = () => { clearTimeout(timer); timer = setTimeout(() => { if (ta.value.trim()) send({ type: 'check', seat, choice: ta.value }); else tally.textContent = ''; }, 250); };
        ta.addEventListener('input', check);
        const units = help.units && help.units.length ? h('table', { class: 'units' }, h('thead', {}, h('tr', {}, ['Letter', 'Unit', 'Faction', 'Role', 'XP'].map(x => h('th', {}, x)))),
          h('tbody', {}, help.units.map(u => h('tr', {}, h('td', {}, h('code', {}, u.letter)), h('td', {}, u.name), h('td', {}, u.group || ''), h('td', {}, u.role || ''), h('td', {}, String(u.cost)))))) : '';
        setupEl.append(h('div', { class: 'card' }, h('h2', {}, `${seatLabel(seat)} — ${st.stage}`),
          help.text ? h('p', { class: 'guide' }, help.text) : '', units,
          h('pre', { class: 'visible' }, st.setup[seat] || ''),
          waiting ? [ta, tally, h('p', { class: 'muted' }, st.board ? `Tip: click squares on the board to add their names${help.zone ? ' (your zone is tinted blue)' : ''}.` : ''),
            h('div', { class: 'row' }, h('button', { class: 'primary', onclick: () => send({ type: 'setup', seat, choice: ta.value }) }, 'Submit'),
              h('button', { onclick: () => send({ type: 'suggest', seat }) }, 'Suggest a choice'))]
            : h('p', { class: 'muted' }, 'Submitted — waiting for the others.')));
      }
      if (!mine().length) setupEl.append(h('p', { class: 'muted' }, 'The players are setting up.'));
    }
    // Board.
    const last = viewing ? st.plies[viewPly - 1] : st.plies[st.plies.length - 1];
    const targets = new Map();
    let movable = new Set();
    if (pending) {
      for (const m of pending) if (m.then && m.then.length) targets.set(m.then[0], 'then');
      if (pending.some(m => !m.then || !m.then.length)) targets.set(pending.dest, 'then');
    } else if (!viewing && myTurn()) {
      for (const m of legalFromSel()) targets.set(dest(m), kindOf(m));
      movable = new Set(st.legal.filter(m => m.from >= 0 && !m.drop).map(m => m.from));
    }
    let pick = st.setup && st.stage !== 'play' && st.stage !== 'over' && st.board ? new Set(st.board.geometry.squareNames.map((_, i) => i)) : null;
    let zone = null;
    if (pick && st.help) {
      const seat = mine().find(i => st.waiting.includes(i));
      if (seat !== undefined && st.help[seat] && st.help[seat].zone) pick = zone = new Set(st.help[seat].zone);
    }
    if (board) {
      if (!board.geometry) board.geometry = st.board.geometry;
      renderBoard(boardEl, board, { flip, zone, selected: typeof sel === 'number' ? (pending ? pending.dest : sel) : null, targets, movable, pick,
        last: last ? { from: last.from, to: last.to, target: last.target } : null, check: viewing ? board.check : st.board.check, onSquare });
    } else boardEl.replaceChildren();
    // Hands: the viewer's side below the board.
    const hands = board && board.hands ? board.hands : [];
    const bottomSeat = flip ? 1 : 0;
    handsTop.replaceChildren(); handsBottom.replaceChildren();
    hands.forEach((hand, i) => {
      if (!hand && !(st.legal || []).some(m => m.drop)) return;
      const el = i === bottomSeat ? handsBottom : handsTop;
      el.append(h('span', { class: 'muted' }, `${seatLabel(i)} in hand:`), hand ? '' : h('span', { class: 'muted' }, 'nothing'),
        ...[...hand.toUpperCase()].map(letter => {
          const can = !viewing && myTurn() && st.toMove === i && st.legal.some(m => m.drop && m.drop.toUpperCase() === letter);
          return h('button', { class: 'seat-hand s' + i + (sel === letter ? ' sel' : ''), disabled: !can, 'aria-label': `Drop ${letter}`, 'aria-pressed': sel === letter ? 'true' : 'false',
            onclick: () => { sel = sel === letter ? null : letter; draw(); } }, letter);
        }));
    });
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
      h('span', { class: 'swatch s' + i }), h('span', {}, seatLabel(i), h('br'), h('small', { class: 'muted' },
        s.kind === 'computer' ? `computer, level ${s.level}` : mine().includes(i) ? 'you' : s.taken ? 'player' : s.kind === 'open' ? 'open to anyone (not taken yet)' : 'invited (not joined yet)',
        st.outcome.over ? ` · ${st.outcome.results[i]}` : '')),
      st.clock ? h('span', { class: 'clock', 'data-seat': i }) : '')));
    drawClocks();
    // Move list.
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
      movesEl.append(h('button', { role: 'listitem', class: cur() === i + 1 ? 'cur' : '', onclick: () => goTo(i + 1), 'aria-label': `Move ${i + 1}: ${p.san || p.text}` }, p.san || p.text));
      col++;
    });
    if (viewPly === null) movesEl.scrollTop = movesEl.scrollHeight;
    // Actions.
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
      if (st.stage === 'play') {
        const offered = st.drawOffers || [];
        if (offered.length && !offered.includes(seat)) {
          actions.append(h('button', { class: 'primary', onclick: () => send({ type: 'draw', seat }) }, 'Accept draw'),
            h('button', { onclick: () => send({ type: 'decline', seat }) }, 'Decline draw'));
        } else actions.append(h('button', { disabled: offered.includes(seat), onclick: () => send({ type: 'draw', seat }) }, offered.includes(seat) ? 'Draw offered' : 'Offer draw'));
      }
    }
    if (st.outcome.over && mine().length && !st.rematch) actions.append(h('button', { id: 'rematch', class: 'primary', onclick: () => send({ type: 'rematch' }) }, 'Rematch'));
    if (st.rematch) actions.append(h('a', { id: 'torematch', class: 'btn primary', href: '#/g/' + st.rematch, onclick: () => addTokens(st.rematch, tokens(id)) }, 'Go to rematch'));
    actions.append(h('button', { onclick: () => { flip = !flip; draw(); }, 'aria-label': 'Flip board' }, 'Flip'),
      h('a', { class: 'btn', href: `/api/games/${id}/record`, download: '' }, 'Download record'),
      h('a', { class: 'btn', href: '/rules/' + st.game, target: '_blank' }, 'Rules'));
    // Position string and invitations.
    const pos = h('input', { readonly: true, value: board ? board.position : '', 'aria-label': 'Position string', style: 'flex:1;min-width:0' });
    extra.replaceChildren(h('h2', {}, 'Position'), h('div', { class: 'row' }, pos,
      h('button', { onclick: () => copy(pos) }, 'Copy')));
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

  const onKey = ev => {
    if (!st || ev.target.closest('input, textarea, select, dialog')) return;
    if (ev.key === 'ArrowLeft') goTo(cur() - 1);
    else if (ev.key === 'ArrowRight') goTo(cur() + 1);
    else if (ev.key === 'Home') goTo(0);
    else if (ev.key === 'End') goTo(st.plies.length);
    else if (ev.key === 'Escape') { sel = pending = null; draw(); }
    else return;
    ev.preventDefault();
  };
  addEventListener('keydown', onKey);
  tick = setInterval(drawClocks, 200);
  connect();
  return () => { closed = true; clearInterval(tick); removeEventListener('keydown', onKey); if (ws) ws.close(); };
}
