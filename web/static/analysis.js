// The analysis board: the engine (in a Web Worker) analyses the position
// shown, its best lines and arrows beside the board; moves played on the
// board grow a tree of variations; a finished game can be reviewed. The
// address (/analysis?game=&pos=) always names the position shown.
import { api } from './api.js';
import { h } from './dom.js';
import { renderBoard, updateMarks, seatColour } from './board.js';
import { fitUnit, autoLayout } from './layouts.js';
import { get } from './settings.js';
import { startEngine } from './engine.js';
import { drawHands, dropsLetter } from './hands.js';
import { tokens } from './tokens.js';
import { me } from './session.js';
import { reviewGame, drawGraph, symbol } from './review.js';
import { loadGame, saveGame, newId, levelLimits, downloadRecord } from './offlinegame.js';
import { describePly, readInput } from './reader-text.js';
import { t, tn, tMessage } from './i18n.js';

const arrowColours = ['g', 'b', 'y', 'r', 'r'];
const REVIEW_MS = 250; // search time per position of a review

/** A score for the side to move, as text: +1.25, #3, #-2. */
export function scoreText(s) {
  if (!s) return '';
  if (s.kind === 'mate') return '#' + s.value;
  return (s.value >= 0 ? '+' : '') + (s.value / 100).toFixed(2);
}

const dest = m => (m.to >= 0 && m.to !== m.from) ? m.to : m.target;
// markOnce marks the page's timeline the first time it gets somewhere
// (the engine started, the board answered and drawn, the first line), so
// that a browser test can tell where the time to the first line goes.
const markOnce = what => { if (!performance.getEntriesByName('wyrm:' + what).length) performance.mark('wyrm:' + what); };
const big = n => n >= 1e6 ? (n / 1e6).toFixed(1) + ' M' : n >= 1e3 ? (n / 1e3).toFixed(0) + ' k' : String(n);

/** Shows the analysis board for the query q (URLSearchParams) in root. */
export function showAnalysis(root, q) {
  let game = q.get('game') || ''; // none: the server's first game
  let options = {};
  try { options = JSON.parse(q.get('options') || '{}'); } catch { /* a bad link: the defaults */ }
  const reviewId = q.get('review') || '';
  // vs=computer: a game against the engine in this browser, which works
  // offline; local=<id> names a game kept here (resumed, or analysed).
  const vs = q.get('vs') === 'computer';
  const saved = q.get('local') ? loadGame(q.get('local')) : null;
  if (saved) { game = saved.game; options = saved.options || {}; }
  const localId = saved ? saved.id : vs ? newId() : '';
  const mySeat = saved ? saved.seat : Math.max(0, Number(q.get('seat')) || 0);
  const level = saved ? saved.level : Math.max(1, Number(q.get('level')) || 1);
  const startPos = saved ? saved.start || '' : q.get('pos') || '';
  const engine = startEngine();
  markOnce('engine');
  let closed = false, running = !vs, multipv = Math.min(5, Math.max(1, Number(q.get('multipv')) || 3));
  let sel = null, info = null, userMarks = [], meta = null, review = null, evals = null;
  // The tree: a node is a position; children[0] continues its line.
  const root0 = { pos: startPos, move: null, parent: null, children: [], view: null };
  let node = root0;
  if (saved) {
    // The kept game's moves, drawn when visited, as a review's are.
    let n = root0;
    for (const m of saved.moves) { const c = { pos: '', move: m, parent: n, children: [], view: null }; n.children.push(c); n = c; }
  }

  const title = h('h1', {}, t('Analysis'));
  const errBox = h('p', { class: 'error', role: 'alert' });
  const status = h('p', { class: 'status', 'aria-live': 'polite' });
  // The screen-reader mode's announcements of a game against the computer.
  const srLog = h('div', { id: 'sr-log', class: 'sr-log', role: 'log', 'aria-label': t('Announcements'), hidden: !(vs && get('reader')) });
  const announce = text => { if (srLog.hidden) return; srLog.append(h('p', {}, text)); while (srLog.childNodes.length > 6) srLog.firstChild.remove(); };
  const boardEl = h('div', { class: 'levels' });
  const handsTop = h('div', { class: 'hand' }), handsBottom = h('div', { class: 'hand' });
  // No evaluation during a game against the computer.
  const bars = h('div', { class: 'evalbars', role: 'group', 'aria-label': t('Evaluation'), hidden: vs });
  const linesEl = h('ol', { class: 'pvlines', 'aria-label': t('Best lines') });
  const statsEl = h('p', { class: 'muted pvstats' });
  const goBtn = h('button', { type: 'button', id: 'go', 'aria-pressed': 'true', onclick: () => setRunning(!running) }, t('Stop'));
  const pvSel = h('select', { id: 'multipv', 'aria-label': t('Number of lines'), onchange: () => { multipv = Number(pvSel.value); analyse(); } },
    [1, 2, 3, 4, 5].map(n => h('option', { value: n, selected: n === multipv }, tn('{n} line', '{n} lines', n))));
  const movesEl = h('div', { class: 'tree', role: 'group', 'aria-label': t('Moves and variations') });
  const moveInput = h('input', { id: 'anmove', list: 'anlegal', autocomplete: 'off', placeholder: t('Type a move'), 'aria-label': t('Type a move') });
  const datalist = h('datalist', { id: 'anlegal' });
  const moveForm = h('form', { class: 'row', onsubmit: ev => {
    ev.preventDefault();
    const typed = moveInput.value.trim(), legal = node.view?.legal || [];
    // The notation, any case, or two squares, as the game page reads them.
    const r = readInput(typed, legal, node.view?.board.geometry.squareNames || []);
    const m = legal.find(m => m.text === typed || m.san === typed) || r.move;
    if (m && !(vs && !myTurn())) { moveInput.value = ''; play(m); } else errBox.textContent = r.choices ? t('Which one? {moves}', { moves: r.choices.map(m => m.san || m.text).join(', ') }) : t('{move} is not a legal move here.', { move: typed });
  } }, moveInput, datalist, h('button', { type: 'submit' }, t('Play')));
  const nav = h('div', { class: 'nav' },
    h('button', { 'aria-label': t('First position'), onclick: () => goTo(root0) }, '|◀'),
    h('button', { 'aria-label': t('Previous move'), onclick: () => node.parent && goTo(node.parent) }, '◀'),
    h('button', { 'aria-label': t('Next move'), onclick: () => node.children[0] && goTo(node.children[0]) }, '▶'),
    h('button', { 'aria-label': t('Last move'), onclick: () => { let n = node; while (n.children[0]) n = n.children[0]; goTo(n); } }, '▶|'));
  const reviewEl = h('div', { class: 'review' });
  const vsEl = h('div', { class: 'card vsgame', hidden: !vs, 'aria-live': 'polite' });
  const dialog = h('dialog', { 'aria-label': t('Choose a move') });
  root.append(h('div', { class: 'play analysis' },
    h('section', { class: 'board-area', 'aria-label': t('Board') }, h('div', { class: 'bar' }, status), srLog, errBox,
      handsTop, h('div', { class: 'anboard' }, bars, h('div', { class: 'board-wrap' }, boardEl)), handsBottom, moveForm, reviewEl),
    h('aside', { class: 'side' }, title,
      vsEl, h('div', { class: 'card', hidden: vs }, h('h2', {}, t('Engine')), h('div', { class: 'row' }, goBtn, pvSel), statsEl, linesEl),
      h('div', { class: 'card' }, h('h2', {}, t('Moves')), movesEl, nav))), dialog);

  const onKey = ev => {
    if (ev.target.closest && ev.target.closest('input, select, textarea')) return;
    if (ev.key === 'ArrowLeft' && node.parent) goTo(node.parent);
    else if (ev.key === 'ArrowRight' && node.children[0]) goTo(node.children[0]);
  };
  addEventListener('keydown', onKey);
  addEventListener('resize', drawBoard);

  const seats = () => node.view ? node.view.players : 2;
  const seatName = i => t((node.view && node.view.seatNames && node.view.seatNames[i]) || (meta && meta.seats && meta.seats[i]) || '') || t('Seat {x}', { x: i + 1 });

  function setRunning(on) {
    running = on;
    goBtn.textContent = on ? t('Stop') : t('Go');
    goBtn.setAttribute('aria-pressed', String(on));
    if (on) analyse(); else engine.stop();
  }

  // Asks the engine for the position's drawing and moves, once.
  async function load(n) {
    if (!n.view && n.parent && !n.pos) {
      // A game's move not yet visited: played from the position before.
      const before = await load(n.parent);
      n.view = await engine.board({ game, options, position: before.position, moves: [n.move.text] });
    }
    if (!n.view) n.view = await engine.board({ game, options, position: n.pos });
    n.pos = n.view.position;
    return n.view;
  }

  async function goTo(n) {
    try { await load(n); } catch (e) { errBox.textContent = e.message; return; }
    if (closed) return;
    markOnce('board');
    node = n; sel = null; userMarks = []; info = null; errBox.textContent = '';
    const u = new URLSearchParams({ game, pos: node.pos });
    if (Object.keys(options).length) u.set('options', JSON.stringify(options));
    if (reviewId) { u.set('review', reviewId); u.set('ply', String(depthOf(node))); }
    if (localId) { u.delete('pos'); u.set('local', localId); }
    if (vs) u.set('vs', 'computer');
    history.replaceState(null, '', '/analysis?' + u);
    if (vs) { keep(); drawVs(); computerMove(); }
    // The engine starts before the board is drawn: it searches in its
    // worker while this thread draws.
    analyse();
    draw();
    markOnce('drawn');
  }
  const depthOf = n => { let d = 0; for (; n.parent; n = n.parent) d++; return d; };

  function analyse() {
    if (!running || !node.view) return;
    info = null;
    drawLines();
    if (node.view.over) { engine.stop(); statsEl.textContent = t('The game is over: ') + node.view.reason; return; }
    engine.run('analyse', { game, options, position: node.pos, multipv }, m => {
      if (m.type === 'info') {
        if (m.lines.length) markOnce('first-line');
        info = m; drawLines(); drawMarks();
      } else if (m.type === 'error') errBox.textContent = tMessage(m.message);
      else if (m.type === 'done' && m.error) errBox.textContent = m.error;
    });
  }

  // Plays m from the position shown: an existing branch, or a new one.
  async function play(m) {
    const had = node.children.find(c => c.move.text === m.text);
    if (had) { goTo(had); return; }
    let view;
    try { view = await engine.board({ game, options, position: node.pos, moves: [m.text] }); } catch (e) { errBox.textContent = e.message; return; }
    const child = { pos: view.position, move: view.last || m, parent: node, children: [], view };
    node.children.push(child);
    if (vs) {
      const names = view.board.geometry.squareNames;
      announce(describePly({ ...child.move, seat: node.view.toMove, text: m.text, san: m.san }, node.view.board, view.board, names, seatName));
      if (view.over) announce(t('Game over: {reason}.', { reason: view.reason }));
      else if (view.toMove === mySeat) announce(t('Your move.'));
    }
    goTo(child);
  }

  // A game against the computer: the engine moves for every seat but the
  // player's, within its level's limits, from the position shown.
  const myTurn = () => node.view && !node.view.over && node.view.toMove === mySeat && !node.children.length;
  function computerMove() {
    const at = node, v = node.view;
    if (!v || v.over || v.toMove === mySeat || at.children.length) return;
    engine.run('analyse', { game, options, position: at.pos, multipv: 1, ...levelLimits(level) }, m => {
      if (m.type === 'error' || (m.type === 'done' && m.error)) { errBox.textContent = m.message || m.error; return; }
      if (m.type !== 'done' || node !== at || closed) return;
      const mv = (v.legal || []).find(x => x.text === m.best);
      if (mv) play(mv); else errBox.textContent = t('The computer found no move.');
    });
  }
  // The game's last position: its line goes on from wherever the player
  // looks back to, and only from its end.
  const lastNode = () => { let n = root0; while (n.children[0]) n = n.children[0]; return n; };
  // The game's line from its start to its end.
  function line() {
    const out = [];
    for (let n = lastNode(); n.parent; n = n.parent) out.unshift({ text: n.move.text, san: n.move.san || '', seat: n.parent.view ? n.parent.view.toMove : n.move.seat });
    return out;
  }
  function record() {
    const v = lastNode().view || node.view;
    return { id: localId, game, title: meta ? meta.title : game, options, start: startPos, seat: mySeat, level, moves: line(),
      seatNames: Array.from({ length: v.players }, (_, i) => seatName(i)), over: !!v.over, reason: v.reason || '', results: v.results || null };
  }
  function keep() { if (node.view) saveGame(record()); }
  function drawVs() {
    const last = lastNode(), end = last.view || node.view;
    const state = end.over ? t('Game over: {reason}', { reason: t(end.reason) }) + (node !== last ? ' ' + t('(looking back)') : '') : myTurn() ? t('Your move')
      : node.children.length ? t('Go to the last move to play on') : t('The computer is thinking…');
    vsEl.replaceChildren(h('h2', {}, t('Against the computer')),
      h('p', { id: 'vs-state' }, state), h('p', { class: 'muted' }, t('Level {level}, played in this browser: it works offline and is kept here.', { level })),
      h('div', { class: 'row' },
        h('button', { type: 'button', id: 'vs-download', onclick: () => downloadRecord(record()) }, t('Download record')),
        lastNode().view?.over ? h('a', { class: 'btn', id: 'vs-analyse', href: '/analysis?' + new URLSearchParams({ local: localId }) }, t('Analyse')) : '',
        h('a', { class: 'btn', href: '/analysis?' + new URLSearchParams({ game, vs: 'computer', seat: mySeat, level, ...(Object.keys(options).length ? { options: JSON.stringify(options) } : {}) }) }, t('New game'))));
  }

  // sel: a square, or a piece in hand ({seat, letter, k}).
  const fromSel = legal => sel === null ? [] : typeof sel === 'object' ? legal.filter(m => dropsLetter(m, sel.letter)) : legal.filter(m => m.from === sel && !m.drop);

  function onSquare(sq) {
    if (vs && !myTurn()) return;
    const legal = node.view?.legal || [];
    if (sel !== null && typeof sel === 'object') {
      const c = fromSel(legal).filter(m => dest(m) === sq);
      sel = null;
      if (c.length) { choose(c); return; }
    } else if (sel !== null) {
      const c = legal.filter(m => m.from === sel && !m.drop && dest(m) === sq);
      if (c.length) { choose(c); return; }
    }
    const movable = new Set(legal.filter(m => m.from >= 0 && !m.drop).map(m => m.from));
    if (movable.has(sq) && sel !== sq) sel = sq;
    else {
      sel = null;
      // A move aimed at a square from no square (a special) is made there.
      const afar = legal.filter(m => m.from < 0 && !m.drop && m.target === sq);
      if (afar.length) { choose(afar); return; }
    }
    drawBoard();
  }
  function choose(c) {
    sel = null;
    if (c.length === 1) { play(c[0]); return; }
    dialog.replaceChildren(h('p', {}, t('Which move?')),
      h('div', { class: 'choices' }, c.map(m => h('button', { onclick: () => { dialog.close(); play(m); } }, m.san || m.text))),
      h('button', { onclick: () => { dialog.close(); drawBoard(); } }, t('Cancel')));
    dialog.showModal();
  }

  function engineMarks() {
    if (!info) return [];
    return info.lines.filter(l => l.arrow).map((l, k) => {
      const a = l.arrow, to = dest(a);
      return { from: a.from >= 0 ? a.from : to, to, c: arrowColours[k], engine: true };
    });
  }

  function drawBoard() {
    const v = node.view;
    if (!v || closed) return;
    const g = v.board.geometry, layout = g.levels === 1 ? 'one' : autoLayout(g.levels, innerWidth);
    const w = Math.min(boardEl.parentElement.parentElement.getBoundingClientRect().width - 40, innerWidth - 40);
    const unit = fitUnit(g, layout, Math.max(200, w), Math.max(220, innerHeight - 260));
    const targets = new Map();
    for (const m of fromSel(v.legal || [])) targets.set(dest(m), m.target >= 0 ? 'capture' : 'move');
    const last = node.move;
    renderBoard(boardEl, v.board, {
      selected: typeof sel === 'number' ? sel : null, targets, movable: new Set((v.legal || []).filter(m => m.from >= 0 && !m.drop).map(m => m.from)),
      last: last ? { from: last.from, to: last.to, target: last.target } : null, check: v.board.check, onSquare,
      marks: [...userMarks, ...engineMarks()], onMarks: list => { userMarks = list.filter(m => !m.engine); drawBoard(); },
      seatNames: Array.from({ length: v.players }, (_, i) => seatName(i)), game, pictures: get('pieces') === 'pictures',
      unit, layout, movesOf: sq => (v.legal || []).filter(m => m.from === sq && !m.drop).map(dest),
      // A player who moves second sees the board from their side.
      flip: vs && mySeat === 1 && v.players === 2,
    });
    drawHands(handsTop, handsBottom, v.board, {
      game, pictures: get('pieces') === 'pictures', legal: v.legal, seatName, selected: sel !== null && typeof sel === 'object' ? sel : null,
      can: (i, letter) => i === v.toMove && (v.legal || []).some(m => dropsLetter(m, letter)),
      onPick: (seat, letter, k) => { sel = sel && sel.seat === seat && sel.k === k ? null : { seat, letter, k }; drawBoard(); },
      onDragStart: (seat, letter, k) => { sel = { seat, letter, k }; drawBoard(); },
      onDrop: onSquare,
    });
  }

  // The engine's arrows and the player's circles, on the board as drawn.
  function drawMarks() {
    if (!closed) updateMarks(boardEl, [...userMarks, ...engineMarks()]);
  }

  // The evaluation bar: the seat to move's winning chance from its score,
  // the rest shared by the others (for two seats, the usual bar).
  function drawBars() {
    const n = seats(), v = node.view;
    // Stopped in a review, the bar shows the review's evaluation.
    const ev = !info && review ? evals[review.nodes.indexOf(node)] : null;
    const src = info || (ev && ev.lines && ev.lines.length ? ev : null);
    const line = src && src.lines[0];
    let share = Array(n).fill(1 / n), label = Array(n).fill('');
    if (v && v.over) share = v.results.map(r => r === 'win' ? 1 : r === 'draw' ? 1 / n : 0);
    else if (line) {
      const cp = line.score.kind === 'mate' ? (line.score.value > 0 ? 2000 : -2000) : line.score.value;
      // 1/n at an even score, the usual logistic curve for two seats.
      const mine = 1 / (1 + (n - 1) * Math.exp(-cp / 250));
      share = share.map((_, i) => i === src.toMove ? mine : (1 - mine) / (n - 1));
      label[src.toMove] = scoreText(line.score);
    }
    if (n === 2) {
      // Two seats share one bar: the first seat's part from below.
      const [bg] = seatColour(1), [fill, fg] = seatColour(0), pct = Math.round(share[0] * 100);
      const text = label[0] || (label[1] ? scoreText({ ...line.score, value: -line.score.value }) : '');
      bars.replaceChildren(h('div', { class: 'evalbar', style: `background:${bg}`, title: `${seatName(0)}: ${pct}%`, role: 'meter',
        'aria-label': `${seatName(0)}: ${pct}% ${text}`, 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': pct },
      h('div', { class: 'fill', style: `height:${share[0] * 100}%;background:${fill};color:${fg}` }), h('span', { class: 'evalnum' }, text)));
      return;
    }
    bars.replaceChildren(...share.map((s, i) => {
      const [fill, fg] = seatColour(i);
      return h('div', { class: 'evalbar', title: `${seatName(i)}: ${Math.round(s * 100)}%`, 'aria-label': `${seatName(i)}: ${Math.round(s * 100)}% ${label[i]}`, role: 'meter',
        'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': Math.round(s * 100) },
        h('div', { class: 'fill', style: `height:${(s * 100).toFixed(1)}%;background:${fill};color:${fg}` }),
        h('span', { class: 'evalnum' }, label[i] || `${Math.round(s * 100)}`));
    }));
  }

  function drawLines() {
    drawBars();
    // The card keeps the height of the lines asked for, so that the move
    // list's buttons below it stay put while lines come and go.
    linesEl.style.setProperty('--lines', String(multipv));
    if (!info) { linesEl.replaceChildren(); statsEl.textContent = running ? t('Thinking…') : t('Stopped.'); return; }
    statsEl.textContent = t('depth {depth}/{seldepth} · {x} nodes · {x2} nodes/s', { depth: info.depth, seldepth: info.seldepth, x: big(info.nodes), x2: big(info.nps) });
    linesEl.replaceChildren(...info.lines.map(l => h('li', { class: 'pvline' },
      h('span', { class: 'score' }, scoreText(l.score)), ' ',
      h('button', { type: 'button', class: 'pvmove', title: t('Play this line\'s first move'), onclick: () => { const m = node.view.legal.find(x => x.text === l.moves[0]); if (m) play(m); } }, l.pv[0] || ''),
      ' ', h('span', { class: 'pv' }, l.pv.slice(1).join(' ')))));
  }

  // The move list: the main line, each variation in brackets after the
  // move it replaces.
  function drawTree() {
    const out = [];
    const moveBtn = n => {
      const i = depthOf(n) - 1, r = review && n.review;
      const mark = r && r.kind ? symbol[r.kind] : '';
      return h('button', { type: 'button', class: 'mv' + (n === node ? ' cur' : '') + (r && r.kind ? ' ' + r.kind : ''), 'data-ply': i + 1, onclick: () => goTo(n),
        title: r && r.kind ? t('{kind}: {better} was better', { kind: t(r.kind), better: r.better }) : '' }, (n.move.san || n.move.text) + mark);
    };
    const line = (from, depth) => {
      const parts = [];
      for (let n = from; n; n = n.children[0]) {
        parts.push(moveBtn(n));
        const sibs = n.parent.children;
        if (sibs[0] === n && sibs.length > 1 && depth < 3) for (const v of sibs.slice(1)) parts.push(h('span', { class: 'var' }, '(', ...line(v, depth + 1), ')'));
        if (n.review && n.review.kind) parts.push(h('span', { class: 'better muted' }, t('{better} better', { better: n.review.better })));
      }
      return parts;
    };
    if (root0.children[0]) out.push(...line(root0.children[0], 0));
    movesEl.replaceChildren(...(out.length ? out : [h('span', { class: 'muted' }, t('No moves yet: play on the board.'))]));
    movesEl.querySelector('.cur')?.scrollIntoView({ block: 'nearest' });
  }

  function draw() {
    const v = node.view;
    status.textContent = v.over ? t('Game over: {reason}', { reason: t(v.reason) }) : t('{x} to move', { x: seatName(v.toMove) });
    datalist.replaceChildren(...(v.legal || []).map(m => h('option', { value: m.san || m.text })));
    drawBoard(); drawLines(); drawTree();
    if (evals) drawReview();
  }

  // Review: evaluate every position of the game, then judge its moves.
  async function startReview() {
    const st = await api(`/api/games/${encodeURIComponent(reviewId)}`);
    // A player's own game in progress gets no engine help, as on the game
    // page: the review opens once the game is over.
    const seated = tokens(reviewId).length > 0 || (me.signedIn && st.seats.some(s => s.name === me.name));
    if (!st.outcome.over && seated) {
      setRunning(false);
      closed = true;
      boardEl.closest('.play').replaceWith(h('section', { class: 'card narrow' }, h('h1', {}, t('Review · {title}', { title: t(st.title) })),
        h('p', { id: 'no-engine' }, t('You are playing this game: its review and the engine open once it is over.')),
        h('a', { class: 'btn primary', href: '/#/g/' + encodeURIComponent(reviewId) }, t('Back to the game'))));
      return;
    }
    title.textContent = t('Review · {title}', { title: t(st.title) });
    if (st.seatNames) meta = { ...(meta || {}), seats: st.seatNames };
    root0.pos = st.start || '';
    root0.view = null;
    await load(root0);
    let n = root0;
    for (const p of st.plies) {
      const child = { pos: '', move: p, parent: n, children: [], view: null, seat: p.seat };
      n.children.push(child);
      n = child;
    }
    const nodes = [root0];
    for (let c = root0.children[0]; c; c = c.children[0]) nodes.push(c);
    const want = Math.min(nodes.length - 1, Math.max(0, Number(q.get('ply')) || 0));
    evals = Array(nodes.length).fill(null);
    const bar = h('progress', { max: nodes.length, value: 0, 'aria-label': t('Review progress') });
    reviewEl.replaceChildren(h('h2', {}, t('Review')), bar);
    setRunning(false);
    await goTo(nodes[want]);
    const ms = Number(q.get('ms')) || REVIEW_MS;
    await new Promise(done => engine.run('evaluate', { game, options, position: root0.pos, moves: st.plies.map(p => p.text), movetime: ms, multipv: 1 }, m => {
      if (m.type === 'evaluation') { evals[m.index] = m; bar.value = m.index + 1; }
      else if (m.type === 'done' || m.type === 'error') done();
    }));
    review = reviewGame(evals, st.plies, st.seats.length);
    review.moves.forEach((r, i) => { nodes[i + 1].review = r; });
    review.nodes = nodes;
    review.seatNames = st.seats.map((_, i) => seatName(i));
    drawReview(); drawTree();
  }

  function drawReview() {
    if (!review) return;
    const nodes = review.nodes, cur = nodes.indexOf(node);
    const colours = review.seatNames.map((_, i) => seatColour(i)[0]);
    const graph = drawGraph(evals, review.seatNames.length, colours, cur, i => goTo(nodes[i]), review.moves.map(r => r.kind));
    const counts = kind => review.seatNames.map((_, s) => review.moves.filter((r, i) => r.kind === kind && nodes[i + 1].seat === s).length);
    const table = h('table', { class: 'accuracy' },
      h('tr', {}, h('th', {}, t('Player')), h('th', {}, t('Accuracy')), h('th', {}, t('Average loss')), h('th', {}, t('Inaccuracies')), h('th', {}, t('Mistakes')), h('th', {}, t('Blunders'))),
      review.seatNames.map((name, s) => h('tr', {}, h('td', {}, name), h('td', { class: 'acc' }, review.seats[s].accuracy.toFixed(0) + '%'),
        h('td', {}, review.seats[s].avgLoss.toFixed(0)), h('td', {}, String(counts('inaccuracy')[s])), h('td', {}, String(counts('mistake')[s])), h('td', {}, String(counts('blunder')[s])))));
    reviewEl.replaceChildren(h('h2', {}, t('Review')), graph, table,
      h('p', { class: 'muted' }, t('Centipawn loss from the mover\'s side: 50 an inaccuracy (?!), 100 a mistake (?), 300 a blunder (??). '), h('a', { href: '/rules/' }, t('Rules'))));
  }

  // The games' names, and the first game when the address names none;
  // a named game's board does not wait for them.
  async function loadMeta() {
    try {
      const all = (await api('/api/meta')).games || [];
      if (!game && all.length) game = all[0].name;
      meta = all.find(x => x.name === game) || null;
      if (!reviewId && !vs && !saved && all.length > 1) {
        // Another game starts its own board from its start position.
        const pick = h('select', { id: 'angame', 'aria-label': t('Game'), onchange: () => { location.href = '/analysis?' + new URLSearchParams({ game: pick.value }); } },
          all.map(x => h('option', { value: x.name, selected: x.name === game }, t(x.title))));
        title.after(pick);
      }
    } catch { /* names are a nicety */ }
    if (meta) title.textContent = `${vs ? 'Against the computer' : 'Analysis'} · ${meta.title}`;
  }

  (async () => {
    const named = loadMeta();
    if (!game || reviewId) await named;
    try {
      if (reviewId) await startReview();
      else if (vs && saved) { let n = root0; while (n.children[0]) n = n.children[0]; await goTo(n); } // resumed where it stopped
      else await goTo(root0);
    } catch (e) { errBox.textContent = e.message; }
  })();

  return () => { closed = true; engine.close(); removeEventListener('keydown', onKey); removeEventListener('resize', drawBoard); };
}
