// The puzzle page: a position from engine self-play where one move wins
// clearly, and the line that follows (found by "wyrm puzzles"). The player
// finds the solver's moves; the page makes the opponents' replies. Puzzles
// come near the player's puzzle rating (Glicko-2; an account's is on the
// server, a guest's in this browser), of a theme if one is chosen; in a
// streak they get harder until a mistake ends it.
import { api } from './api.js';
import { h } from './dom.js';
import { renderBoard } from './board.js';
import { fitUnit, autoLayout } from './layouts.js';
import { get } from './settings.js';
import { startEngine } from './engine.js';
import { drawHands, dropsLetter } from './hands.js';
import { loadMe } from './session.js';
import { judge, change } from './puzzle-line.js';
import * as keep from './puzzle-store.js';
import { t, tn } from './i18n.js';

const dest = m => (m.to >= 0 && m.to !== m.from) ? m.to : m.target;
const replyDelay = 450; // ms before the page makes an opponent's reply
const wait = ms => new Promise(r => setTimeout(r, ms));

/** Shows the puzzles of game in root, in streak mode when mode is
 * 'streak'; returns a clean-up. */
export function showPuzzles(root, game, mode) {
  const engine = startEngine();
  const streakMode = mode === 'streak';
  let p = null, view = null, flip = false, sel = null, marks = [], closed = false, meta = [], signedIn = false;
  let played = [], solver = 0, settled = false, missed = false, done = false, busy = false, theme = '', streak = 0, streakSeen = [], standing = null;
  const store = globalThis.localStorage;

  const title = h('h1', {}, streakMode ? t('Puzzle streak') : t('Puzzles'));
  const status = h('p', { class: 'status', id: 'puzzle-status', 'aria-live': 'polite' }, t('Loading…'));
  const boardEl = h('div', { class: 'levels' });
  const handsTop = h('div', { class: 'hand' }), handsBottom = h('div', { class: 'hand' });
  const picker = h('div', { class: 'tools', role: 'group', 'aria-label': t('Game') });
  const modes = h('div', { class: 'tools', role: 'group', 'aria-label': t('Mode') });
  const themeSel = h('select', { id: 'puzzle-theme', 'aria-label': t('Theme'), onchange: () => { theme = themeSel.value; next(); } });
  const ratingEl = h('p', { id: 'puzzle-rating' });
  const infoEl = h('p', { class: 'muted', id: 'puzzle-info' });
  const hintBtn = h('button', { type: 'button', id: 'hint', onclick: hint }, t('Hint'));
  const solutionBtn = h('button', { type: 'button', id: 'solution', onclick: showSolution }, t('Solution'));
  const nextBtn = h('button', { type: 'button', id: 'next', class: 'primary', onclick: () => next() }, t('Next'));
  const analyse = h('a', { class: 'btn', id: 'puzzle-analyse' }, t('Analyse'));
  const dialog = h('dialog', { 'aria-label': t('Choose a move') });
  root.append(h('div', { class: 'play puzzles' },
    h('section', { class: 'board-area', 'aria-label': t('Board') }, h('div', { class: 'bar' }, status), handsTop, h('div', { class: 'board-wrap' }, boardEl), handsBottom),
    h('aside', { class: 'side' }, title,
      h('div', { class: 'card' }, picker, modes, h('label', { class: 'row' }, t('Theme '), themeSel), ratingEl, infoEl,
        h('div', { class: 'row' }, hintBtn, solutionBtn, nextBtn, analyse)))), dialog);
  addEventListener('resize', draw);

  const seatName = i => t((view && view.seatNames && view.seatNames[i]) || ((meta.find(g => g.name === game) || {}).seats || [])[i] || '') || t('Seat {x}', { x: i + 1 });
  const guestRating = () => keep.guestRating(store, game);

  function showRating(res) {
    if (streakMode) {
      const best = signedIn ? (standing ? standing.bestStreak : 0) : keep.bestStreak(store, game);
      ratingEl.textContent = t('Streak {streak} · best {best}', { streak, best });
      return;
    }
    const r = signedIn ? standing : guestRating();
    let text = t('Your puzzle rating: {x}{x2}', { x: Math.round(r ? r.rating : 1500), x2: r ? '' : '?' });
    if (res && res.rated) text += ` (${change(res.before.rating, res.after.rating)})`;
    ratingEl.textContent = text;
  }

  function hint() {
    const m = view && p && view.legal.find(x => x.text === p.line[played.length]);
    if (m) { marks = [{ from: m.from >= 0 ? m.from : dest(m), to: m.from >= 0 ? m.from : dest(m), c: 'g' }]; draw(); }
  }

  // The answer to an attempt: the rating, the streak, and the end.
  async function submit(moves) {
    settled = true;
    const body = { game, id: p.id, moves, mode: streakMode ? 'streak' : 'rated', streak };
    if (!signedIn && guestRating()) body.rating = guestRating();
    const res = await api('/api/puzzle/attempt', body);
    if (signedIn) standing = res.player;
    else {
      keep.noteSeen(store, game, p.id);
      if (res.rated) keep.setGuestRating(store, game, res.after);
    }
    if (streakMode) {
      if (res.solved) streak++;
      if (!signedIn) keep.noteStreak(store, game, streak);
    }
    showRating(res);
    infoEl.textContent = t('Puzzle {id} · rated {puzzle} · themes: {x}', { id: p.id, puzzle: res.puzzle, x: (p.themes || []).map(x => t(x)).join(', ') });
    return res;
  }

  function finish(solved) {
    done = true; sel = null; marks = [];
    status.classList.toggle('solved', solved);
    if (solved) status.textContent = streakMode ? t('Solved: {streak} in a row.', { streak }) : missed ? t('Solved, after a mistake.') : t('Solved!');
    if (streakMode && !solved) nextBtn.textContent = t('Start a new streak');
    draw();
  }

  async function tryMove(m) {
    if (busy || done) return;
    sel = null; marks = [];
    const r = judge(p.line, played.length, m.text);
    if (r === 'wrong') {
      busy = true;
      try {
        if (!settled) {
          const res = await submit([...played, m.text]);
          if (res.solved) { // another move that wins at once
            played.push(m.text);
            view = await engine.board({ game, options: p.options || {}, position: p.position, moves: played });
            finish(true);
            return;
          }
          missed = true;
          status.textContent = t('{text} is not it.', { text: m.san || m.text }) + (streakMode ? t(' The streak ends at {streak}.', { streak }) : t(' Try again, or see the solution.'));
          if (streakMode) { finish(false); status.textContent = t('{text} is not it. The streak ends at {streak}.', { text: m.san || m.text, streak }); return; }
        } else {
          status.textContent = t('{text} is not it: try again.', { text: m.san || m.text });
        }
        draw();
      } catch (e) { status.textContent = e.message; } finally { busy = false; draw(); }
      return;
    }
    busy = true;
    try {
      played.push(m.text);
      view = await engine.board({ game, options: p.options || {}, position: p.position, moves: played });
      if (r === 'solved') {
        if (!settled) await submit(played);
        finish(true);
        return;
      }
      status.textContent = t('Right! Keep going…');
      draw();
      // The opponents' replies, as the line has them.
      while (view.toMove !== solver && played.length < p.line.length && !closed) {
        await wait(replyDelay);
        played.push(p.line[played.length]);
        view = await engine.board({ game, options: p.options || {}, position: p.position, moves: played });
        draw();
      }
      status.textContent = t('Right! {x} to move again.', { x: seatName(solver) });
      draw();
    } catch (e) { status.textContent = e.message; } finally { busy = false; draw(); }
  }

  // Plays the line to its end; an attempt not yet judged fails.
  async function showSolution() {
    if (!p || busy || done) return;
    busy = true;
    try {
      if (!settled) await submit(played);
      while (played.length < p.line.length && !closed) {
        played.push(p.line[played.length]);
        view = await engine.board({ game, options: p.options || {}, position: p.position, moves: played });
        draw();
        await wait(replyDelay);
      }
      status.textContent = t('The line: {x}', { x: (p.lineSan || p.line).join(' ') });
      done = true;
      if (streakMode) nextBtn.textContent = t('Start a new streak');
      draw();
    } catch (e) { status.textContent = e.message; } finally { busy = false; draw(); }
  }

  // sel: a square, or a piece in hand ({seat, letter, k}).
  const dropping = () => sel !== null && typeof sel === 'object';
  const fromSel = () => sel === null ? [] : dropping() ? view.legal.filter(m => dropsLetter(m, sel.letter)) : view.legal.filter(m => m.from === sel && !m.drop);
  const myTurn = () => view && !done && !busy && view.toMove === solver;

  function onSquare(sq) {
    if (!myTurn()) return;
    const legal = view.legal;
    if (dropping()) {
      const c = fromSel().filter(m => dest(m) === sq);
      sel = null;
      if (c.length) { tryMove(c[0]); return; }
    } else if (sel !== null) {
      const c = legal.filter(m => m.from === sel && !m.drop && dest(m) === sq);
      if (c.length === 1) { tryMove(c[0]); return; }
      if (c.length > 1) {
        dialog.replaceChildren(h('p', {}, t('Which move?')), h('div', { class: 'choices' }, c.map(m => h('button', { onclick: () => { dialog.close(); tryMove(m); } }, m.san || m.text))),
          h('button', { onclick: () => dialog.close() }, t('Cancel')));
        dialog.showModal();
        return;
      }
    }
    const afar = legal.filter(m => m.from < 0 && !m.drop && m.target === sq);
    if (afar.length && sel === null) { tryMove(afar[0]); return; }
    sel = legal.some(m => m.from === sq && !m.drop) && sel !== sq ? sq : null;
    draw();
  }

  function draw() {
    if (!view || closed) return;
    // How far the line is played, for the browser tests to wait on.
    status.dataset.played = String(played.length);
    status.dataset.turn = myTurn() ? 'solver' : '';
    const g = view.board.geometry, layout = g.levels === 1 ? 'one' : autoLayout(g.levels, innerWidth);
    const unit = fitUnit(g, layout, Math.max(200, boardEl.closest('.board-area').getBoundingClientRect().width - 20), Math.max(220, innerHeight - 200));
    const targets = new Map();
    if (myTurn()) for (const m of fromSel()) targets.set(dest(m), m.target >= 0 ? 'capture' : 'move');
    renderBoard(boardEl, view.board, {
      flip, selected: dropping() ? null : sel, targets, movable: myTurn() ? new Set(view.legal.filter(m => m.from >= 0 && !m.drop).map(m => m.from)) : new Set(),
      check: view.board.check, onSquare, marks, onMarks: l => { marks = l; draw(); }, last: played.length && view.last ? view.last : null,
      seatNames: Array.from({ length: view.players }, (_, i) => seatName(i)), game, pictures: get('pieces') === 'pictures', unit, layout,
    });
    drawHands(handsTop, handsBottom, view.board, {
      game, pictures: get('pieces') === 'pictures', legal: view.legal, bottom: flip ? 1 : 0, seatName, selected: dropping() ? sel : null,
      can: (i, letter) => myTurn() && i === view.toMove && view.legal.some(m => dropsLetter(m, letter)),
      onPick: (seat, letter, k) => { sel = dropping() && sel.seat === seat && sel.k === k ? null : { seat, letter, k }; draw(); },
      onDragStart: (seat, letter, k) => { sel = { seat, letter, k }; draw(); },
      onDrop: onSquare,
    });
  }

  // The next puzzle: near the rating, or the streak's next.
  async function next() {
    if (busy) return;
    busy = true;
    try {
      if (streakMode && done && nextBtn.textContent !== t('Next')) { streak = 0; streakSeen = []; }
      nextBtn.textContent = t('Next');
      const q = new URLSearchParams({ game });
      if (theme) q.set('theme', theme);
      if (streakMode) {
        q.set('streak', String(streak));
        if (streakSeen.length) q.set('exclude', streakSeen.slice(-keep.maxSeen).join(','));
      } else if (!signedIn) {
        const r = guestRating();
        if (r) q.set('rating', String(Math.round(r.rating)));
        const s = keep.seen(store, game);
        if (s.length) q.set('exclude', s.join(','));
      }
      const d = await api('/api/puzzle/next?' + q);
      if (closed) return;
      p = d.puzzle;
      if (d.player) standing = d.player;
      if (streakMode) streakSeen.push(p.id);
      played = []; settled = false; missed = false; done = false; sel = null; marks = [];
      view = await engine.board({ game, options: p.options || {}, position: p.position });
      if (closed) return;
      solver = view.toMove;
      // The solver's side at the bottom, as in a game of two.
      flip = view.players === 2 && solver === 1;
      analyse.href = '/analysis?' + new URLSearchParams({ game, pos: p.position, options: JSON.stringify(p.options || {}) });
      status.classList.remove('solved');
      const n = p.moves || 1;
      status.textContent = n > 1 ? tn('{seat} to move and win ({n} move).', '{seat} to move and win ({n} moves).', n, { seat: seatName(solver) }) : t('{x} to move and win.', { x: seatName(solver) });
      infoEl.textContent = t('Puzzle {id} · rated {current}', { id: p.id, current: p.current });
      showRating(null);
      draw();
    } catch (e) { status.textContent = e.message; } finally { busy = false; draw(); }
  }

  (async () => {
    try {
      const [m, who] = await Promise.all([api('/api/meta').then(d => d.games || []).catch(() => []), loadMe()]);
      meta = m;
      signedIn = !!(who && who.signedIn);
      const have = (await api('/api/puzzle/me?game=')).games || [];
      if (closed) return;
      if (!have.length) { status.textContent = t('No puzzles yet.'); return; }
      if (!have.includes(game)) game = have[0];
      const mine = await api(`/api/puzzle/me?game=${encodeURIComponent(game)}`);
      if (closed) return;
      picker.replaceChildren(...meta.filter(g => have.includes(g.name)).map(g => h('a', { class: 'btn' + (g.name === game ? ' on' : ''), href: `#/puzzles/${encodeURIComponent(g.name)}${streakMode ? '/streak' : ''}`,
        'aria-current': g.name === game ? 'true' : null }, t(g.title || g.name))));
      const base = `#/puzzles/${encodeURIComponent(game)}`;
      modes.replaceChildren(h('a', { class: 'btn' + (streakMode ? '' : ' on'), id: 'mode-rated', href: base }, t('Rated')),
        h('a', { class: 'btn' + (streakMode ? ' on' : ''), id: 'mode-streak', href: base + '/streak' }, t('Streak')));
      standing = mine.player;
      themeSel.replaceChildren(h('option', { value: '' }, t('Any theme ({count})', { count: mine.count })),
        ...Object.entries(mine.themes || {}).sort((a, b) => b[1] - a[1]).map(([theme, n]) => h('option', { value: theme }, `${t(theme)} (${n})`)));
      await next();
    } catch (e) { status.textContent = e.message; }
  })();

  return () => { closed = true; engine.close(); removeEventListener('resize', draw); };
}
