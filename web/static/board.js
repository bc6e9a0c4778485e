// Board drawing: any game's Geometry as one SVG per level, pieces (pictures
// or letters), marks, highlights, arrows, and pointer/keyboard input
// (click-click, drag, right-click marks, hover and long-press names).
import { MINI } from './layouts.js';
import { t } from './i18n.js';

const S = 10; // square size in SVG units
const palettes = [['#e9dcc2', '#9c7a58'], ['#eef0d8', '#7a9a5c'], ['#e2edf8', '#7d9fc4']];
const owners = ['p0', 'p1', 'p2', 'p3'];
const esc = s => String(s).replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);

/** Colours of seat i as [fill, text]. */
export function seatColour(i) {
  const cs = getComputedStyle(document.documentElement);
  return [cs.getPropertyValue('--' + owners[i]).trim(), cs.getPropertyValue('--' + owners[i] + '-fg').trim()];
}

/** The URL of a piece's picture, or '' to draw its letter. */
export function pictureURL(game, art, pictures = true) {
  return pictures && art && game ? `/pictures/${encodeURIComponent(game)}/${encodeURIComponent(art)}.svg` : '';
}

/** SVG markup of one piece centred at (x, y); pic is its picture URL or ''. */
export function pieceSVG(p, x, y, r = 4.1, pic = '') {
  const [fill, fg] = seatColour(p.owner);
  const frozen = (p.marks || []).includes('frozen');
  const other = (p.marks || []).filter(m => m !== 'frozen');
  let s = `<g class="piece" data-owner="${p.owner}"${pic ? ' data-art=""' : ''}>`;
  // A picture is drawn in its seat's colour by the game: it stands alone.
  if (pic) s += `<image href="${esc(pic)}" x="${x - r * 1.12}" y="${y - r * 1.12}" width="${r * 2.24}" height="${r * 2.24}"/>`;
  else s += `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="#111" stroke-width="0.45"/><text x="${x}" y="${y + r * 0.42}" text-anchor="middle" font-size="${r * 1.15}" fill="${fg}">${esc(p.letter)}</text>`;
  if (frozen) s += `<circle cx="${x}" cy="${y}" r="${r + 0.55}" fill="none" stroke="#3fb6ff" stroke-width="0.9" stroke-dasharray="1.2 0.8"/><path d="M${x + r * 0.85} ${y - r - 0.6}v3.2M${x + r * 0.85 - 1.4} ${y - r + 0.2}l2.8 1.6M${x + r * 0.85 - 1.4} ${y - r + 1.8}l2.8 -1.6" stroke="#0a7bd6" stroke-width="0.55"/>`;
  if (other.length) s += `<circle cx="${x - r * 0.8}" cy="${y - r * 0.8}" r="1.6" fill="#7b2cbf"/><text x="${x - r * 0.8}" y="${y - r * 0.8 + 0.65}" text-anchor="middle" font-size="1.9" fill="#fff">${esc(other[0][0].toUpperCase())}</text>`;
  return s + '</g>';
}

// Splits "2g7" style names into their letter and number parts for labels.
const fileLabel = n => (n || '').replace(/^\d+(?=[a-z])/i, '').replace(/\d+$/, '');
const rankLabel = n => ((n || '').match(/\d+$/) || [''])[0];

// Where square sq is drawn: its level and top-left corner in SVG units.
function place(g, sq, flip) {
  const per = g.files * g.ranks, lv = Math.floor(sq / per), f = sq % g.files, r = Math.floor((sq % per) / g.files);
  return { lv, x: (flip ? g.files - 1 - f : f) * S, y: (flip ? r : g.ranks - 1 - r) * S };
}

// One level's SVG markup.
function levelSVG(g, lv, bySq, opt, unit, mini) {
  const per = g.files * g.ranks;
  const pal = g.levels === 1 ? null : palettes[lv % 3];
  // Last moves: one, or a list of them newest first (each opponent's in a
  // game of more than two), the older ones fainter.
  const lasts = [].concat(opt.last || []), targets = opt.targets || new Map(), pre = opt.premove || {};
  const names = opt.seatNames || [];
  // Coordinates stay legible on small squares: at least about 10 px.
  const fs = Math.min(5, Math.max(2.1, (12 / unit) * S));
  // Labels go on the first square of each rank and file that is drawn as
  // floor or water (a map's void corners would hide them).
  const solid = sq => !g.terrain || g.terrain[sq] !== '.';
  const leftOf = new Map(), bottomOf = new Map();
  for (let r = 0; r < g.ranks; r++) for (let i = 0; i < g.files; i++) {
    const f = opt.flip ? g.files - 1 - i : i;
    if (solid(lv * per + r * g.files + f)) { leftOf.set(r, f); break; }
  }
  for (let f = 0; f < g.files; f++) for (let i = 0; i < g.ranks; i++) {
    const r = opt.flip ? g.ranks - 1 - i : i;
    if (solid(lv * per + r * g.files + f)) { bottomOf.set(f, r); break; }
  }
  let s = '';
  for (let r = 0; r < g.ranks; r++) for (let f = 0; f < g.files; f++) {
    const sq = lv * per + r * g.files + f;
    const { x, y } = place(g, sq, opt.flip);
    const ter = g.terrain ? g.terrain[sq] : 'f';
    const p = bySq.get(sq);
    // A small map only shows: clicking it makes it the large board. A
    // square one cannot act on is a labelled picture (role img), since
    // assistive technology ignores a label on an element without a role.
    const can = !mini && (opt.movable?.has(sq) || targets.has(sq) || opt.pick?.has(sq) || opt.own?.has(sq));
    const who = p ? ` ${t(names[p.owner] || '') || t('Seat {n}', { n: p.owner + 1 })} ${t(p.name)}` : ter === 'w' ? ' ' + t('water') : ter === '.' ? ' ' + t('void') : '';
    const tk = targets.get(sq);
    s += mini ? `<g class="sq" data-sq="${sq}">` : `<g class="sq${can ? ' can' : ''}" data-sq="${sq}"${tk ? ` data-target="${tk}"` : ''}${opt.movable?.has(sq) ? ' data-movable=""' : ''}${can ? ' tabindex="0" role="button"' : ' role="img"'} aria-label="${esc(g.squareNames[sq] + who)}">`;
    const dark = (f + r) % 2 === 0;
    let fill = pal ? (dark ? pal[1] : pal[0]) : (dark ? 'var(--sq-dark)' : 'var(--sq-light)');
    if (ter === 'w') fill = dark ? '#6aa9d8' : '#8cc3e8';
    if (ter === '.') fill = 'var(--void)';
    s += `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${fill}"/>`;
    if (ter === 'w') s += `<path d="M${x + 1.5} ${y + 6} q1.5 -1.5 3 0 t3 0 M${x + 1.5} ${y + 3.5} q1.5 -1.5 3 0 t3 0" stroke="#e8f5ff" stroke-width="0.5" fill="none"/>`;
    if (opt.zone?.has(sq)) s += `<rect class="zone" x="${x}" y="${y}" width="${S}" height="${S}" fill="var(--hl-zone)" fill-opacity=".3"/>`;
    lasts.forEach((last, k) => {
      if (sq === last.from || sq === last.to) s += `<rect class="last" x="${x}" y="${y}" width="${S}" height="${S}" fill="var(--hl-last)" fill-opacity="${k ? .38 : .5}"/>`;
      if (sq === last.target && last.target !== last.to) s += `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="var(--hl-hit)" fill-opacity="${k ? .25 : .38}"/>`;
    });
    if (sq === pre.from || sq === pre.to) s += `<rect class="premove" x="${x}" y="${y}" width="${S}" height="${S}" fill="var(--hl-pre)" fill-opacity=".42"/>`;
    if (sq === opt.selected) s += `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="var(--hl-sel)" fill-opacity=".6"/>`;
    if (opt.check?.includes(sq)) s += `<circle cx="${x + 5}" cy="${y + 5}" r="5" fill="var(--hl-check)" fill-opacity=".55"/>`;
    const left = leftOf.get(r) === f, bottom = bottomOf.get(f) === r;
    const lc = pal ? (dark ? pal[0] : pal[1]) : (dark ? 'var(--sq-light)' : 'var(--sq-dark)');
    if (p) s += pieceSVG(p, x + 5, y + 5, 4.1, pictureURL(opt.game, p.art, opt.pictures));
    if (left) s += `<text class="coord" x="${x + 0.4}" y="${y + fs * 0.95}" font-size="${fs}" fill="${lc}">${esc(rankLabel(g.squareNames[sq]))}</text>`;
    if (bottom) s += `<text class="coord" x="${x + S - 0.4}" y="${y + S - 0.5}" font-size="${fs}" text-anchor="end" fill="${lc}">${esc(fileLabel(g.squareNames[sq]))}</text>`;
    if (tk === 'move') s += `<circle cx="${x + 5}" cy="${y + 5}" r="1.7" fill="rgba(20,20,20,.35)"/>`;
    else if (tk === 'capture') s += `<circle cx="${x + 5}" cy="${y + 5}" r="4.5" fill="none" stroke="rgba(20,20,20,.45)" stroke-width="0.9"/>`;
    else if (tk === 'afar') s += `<circle cx="${x + 5}" cy="${y + 5}" r="4.4" fill="none" stroke="#d01818" stroke-width="0.9" stroke-dasharray="1.5 1"/><path d="M${x + 5} ${y + 0.5}v2.2M${x + 5} ${y + 7.3}v2.2M${x + 0.5} ${y + 5}h2.2M${x + 7.3} ${y + 5}h2.2" stroke="#d01818" stroke-width="0.8"/>`;
    else if (tk === 'then') s += `<circle cx="${x + 5}" cy="${y + 5}" r="2" fill="rgba(20,90,220,.6)"/>`;
    s += '</g>';
  }
  // Hints and arrows lie over the squares; clicks must go through them.
  s += `<g class="hints" pointer-events="none"></g><g class="marks" pointer-events="none">${marksSVG(g, lv, opt)}</g>`;
  return s;
}

const markColours = { g: 'rgba(21,120,27,.78)', r: 'rgba(200,30,30,.78)', b: 'rgba(0,60,200,.7)', y: 'rgba(230,160,0,.8)' };

// The arrows and circles a player drew on level lv.
function marksSVG(g, lv, opt) {
  let s = '';
  for (const m of opt.marks || []) {
    const c = markColours[m.c] || markColours.g;
    const a = place(g, m.from, opt.flip);
    const b = m.to === undefined || m.to === m.from ? null : place(g, m.to, opt.flip);
    if (!b || a.lv !== b.lv) {
      // A circle; an arrow between levels shows as circles on both ends.
      for (const q of b ? [a, b] : [a]) if (q.lv === lv) s += `<circle class="mark" cx="${q.x + 5}" cy="${q.y + 5}" r="4.4" fill="none" stroke="${c}" stroke-width="0.8"/>`;
      continue;
    }
    if (a.lv !== lv) continue;
    const x1 = a.x + 5, y1 = a.y + 5, x2 = b.x + 5, y2 = b.y + 5, len = Math.hypot(x2 - x1, y2 - y1);
    const ux = (x2 - x1) / len, uy = (y2 - y1) / len, head = 3.2, w = 1.3;
    const ex = x2 - ux * head, ey = y2 - uy * head;
    s += `<g class="mark arrow" opacity="0.9"><line x1="${x1 + ux * 1.5}" y1="${y1 + uy * 1.5}" x2="${ex}" y2="${ey}" stroke="${c}" stroke-width="${w * 1.3}" stroke-linecap="round"/>` +
      `<path d="M${x2} ${y2}L${ex - uy * 2} ${ey + ux * 2}L${ex + uy * 2} ${ey - ux * 2}Z" fill="${c}"/></g>`;
  }
  return s;
}

/**
 * Draws board b ({geometry, pieces}) into el. opt: flip, selected,
 * targets (Map sq -> 'move'|'capture'|'afar'|'then'), last ({from,to,target},
 * or a list of them, newest first),
 * check ([sq]), movable (Set), own (Set: pieces selectable for a premove),
 * onSquare(sq), pick (Set of squares clickable without a move, e.g. in
 * setup), zone (Set), premove ({from,to}), marks ([{from,to,c}]) and
 * onMarks(list), seatNames, game and pictures (draw art), unit (px per
 * square), layout ('one'|'side'|'stack'|'focus'), focus (the large level)
 * and onFocus(lv), movesOf(sq) -> [sq] for hover hints, anim ({from,to}),
 * onErase(sq) (a right-click takes the place of marks: an editor's eraser)
 * and onDropOff(sq) (a piece dragged off the board).
 */
export function renderBoard(el, b, opt = {}) {
  const g = b.geometry;
  if (!g) { el.replaceChildren(); return; }
  el._opt = opt;
  el._board = b;
  const bySq = new Map(b.pieces.map(p => [p.sq, p]));
  const unit = opt.unit || 40;
  const layout = g.levels === 1 ? 'one' : opt.layout || 'side';
  const focus = Math.min(g.levels - 1, Math.max(0, opt.focus ?? 1));
  let html = '';
  const fig = (lv, mini) => {
    const u = mini ? unit * MINI : unit;
    const name = (g.levelNames && g.levelNames[lv] && t(g.levelNames[lv])) || (g.levels > 1 ? t('Level {x}', { x: lv + 1 }) : t('Board'));
    const cap = g.levels > 1 ? `<figcaption>${esc(name)}</figcaption>` : '';
    const attrs = mini ? ` tabindex="0" role="button" title="${esc(t('Show {name} large', { name }))}" aria-label="${esc(t('Show {name} large', { name }))}"` : '';
    return `<figure class="level${mini ? ' mini' : ''}" data-lv="${lv}"${attrs}>${cap}<svg viewBox="0 0 ${g.files * S} ${g.ranks * S}" width="${g.files * u}" height="${g.ranks * u}" role="${mini ? 'img' : 'group'}" aria-label="${esc(name)}">${levelSVG(g, lv, bySq, opt, u, mini)}</svg></figure>`;
  };
  if (layout === 'focus') {
    const others = [];
    for (let lv = g.levels - 1; lv >= 0; lv--) if (lv !== focus) others.push(fig(lv, true));
    html = `<div class="minis">${others.join('')}</div>${fig(focus, false)}`;
  } else for (let lv = g.levels - 1; lv >= 0; lv--) html += fig(lv, false);
  el.className = `levels layout-${layout}`;
  if (tip) hideTip(el); // its piece may have moved
  el.innerHTML = html;
  if (!el._wired) wire(el);
  if (opt.anim) animate(el, g, opt);
}

/**
 * Redraws only the arrows and circles of the board last drawn into el
 * (its pieces stay as they are): the analysis board's arrows change at
 * every iteration of the engine, and redrawing three levels of pieces
 * that often kept the page from showing the engine's lines.
 */
export function updateMarks(el, marks) {
  const b = el._board, opt = el._opt;
  if (!b || !b.geometry || !opt) return;
  opt.marks = marks;
  for (const fig of el.querySelectorAll('figure.level')) {
    const g = fig.querySelector('g.marks');
    if (g) g.innerHTML = marksSVG(b.geometry, Number(fig.dataset.lv), opt);
  }
}

// Slides the piece that just moved from its old square to its new one.
function animate(el, g, opt) {
  const { from, to } = opt.anim;
  if (from < 0 || to < 0 || from === to || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const piece = el.querySelector(`figure:not(.mini) [data-sq="${to}"] .piece`);
  if (!piece) return;
  const a = place(g, from, opt.flip), b = place(g, to, opt.flip);
  if (a.lv === b.lv) piece.animate([{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)` }, { transform: 'translate(0, 0)' }], { duration: 200, easing: 'ease-out' });
  else piece.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 250 });
}

let tip = null; // the name shown on hover or long-press
function showTip(el, sq, px, py) {
  const p = el._board.pieces.find(p => p.sq === sq);
  hideTip(el);
  if (!p) return;
  const opt = el._opt, names = opt.seatNames || [];
  tip = document.createElement('div');
  tip.className = 'tip';
  tip.setAttribute('role', 'tooltip');
  const marks = p.marks && p.marks.length ? ` (${p.marks.join(', ')})` : '';
  tip.textContent = `${t(names[p.owner] || '') || t('Seat {n}', { n: p.owner + 1 })} ${t(p.name)}${marks} · ${el._board.geometry.squareNames[sq]}`;
  document.body.append(tip);
  tip.style.left = Math.min(innerWidth - tip.offsetWidth - 4, Math.max(4, px - tip.offsetWidth / 2)) + 'px';
  tip.style.top = Math.max(4, py - tip.offsetHeight - 14) + 'px';
  // Its moves, where the page knows them.
  const dests = opt.movesOf ? opt.movesOf(sq) : [];
  const g = el._board.geometry;
  for (const d of dests) {
    const q = place(g, d, opt.flip);
    const layer = el.querySelector(`figure[data-lv="${q.lv}"] .hints`);
    if (layer) layer.insertAdjacentHTML('beforeend', `<circle cx="${q.x + 5}" cy="${q.y + 5}" r="1.3" fill="rgba(30,100,220,.55)"/>`);
  }
}
function hideTip(el) {
  if (tip) { tip.remove(); tip = null; }
  if (el) el.querySelectorAll('.hints').forEach(l => l.replaceChildren());
}

// A piece's name never outlives its screen.
addEventListener('hashchange', () => hideTip(null));

// wire attaches the input handlers once per container.
function wire(el) {
  el._wired = true;
  let drag = null, right = null, press = null;
  const sqOf = t => { const g = t && t.closest && t.closest('[data-sq]'); return g && !g.closest('.mini') ? Number(g.dataset.sq) : null; };
  el.addEventListener('contextmenu', ev => ev.preventDefault());
  el.addEventListener('pointerdown', ev => {
    const mini = ev.target.closest && ev.target.closest('figure.mini');
    if (mini) { el._opt.onFocus?.(Number(mini.dataset.lv)); return; }
    const sq = sqOf(ev.target);
    if (ev.button === 2 && sq !== null && el._opt.onErase) { el._opt.onErase(sq); return; }
    if (ev.button === 2) { if (sq !== null) right = { sq, c: ev.shiftKey ? 'r' : ev.altKey ? 'b' : ev.ctrlKey ? 'y' : 'g' }; return; }
    if (ev.button !== 0) return;
    hideTip(el);
    const opt = el._opt;
    if ((opt.marks || []).length) opt.onMarks?.([]);
    if (sq === null) return;
    if (ev.pointerType !== 'mouse') press = { sq, t: setTimeout(() => showTip(el, sq, ev.clientX, ev.clientY), 450), x: ev.clientX, y: ev.clientY };
    const movable = (opt.movable?.has(sq) || opt.own?.has(sq)) && opt.selected !== sq;
    opt.onSquare?.(sq);
    if (movable) drag = { sq, x: ev.clientX, y: ev.clientY, ghost: null, id: ev.pointerId };
  });
  el.addEventListener('pointerup', ev => {
    if (ev.button !== 2 || !right) return;
    const to = sqOf(document.elementFromPoint(ev.clientX, ev.clientY));
    const r = right;
    right = null;
    if (to === null) return;
    const m = { from: r.sq, to, c: r.c };
    const list = el._opt.marks || [];
    const same = list.findIndex(x => x.from === m.from && (x.to ?? x.from) === m.to);
    // Drawing the same mark again takes it away, as on paper.
    el._opt.onMarks?.(same >= 0 ? list.filter((_, i) => i !== same) : [...list, m]);
  });
  el.addEventListener('pointerover', ev => {
    if (ev.pointerType !== 'mouse' || drag) return;
    const sq = sqOf(ev.target);
    if (sq === null) { hideTip(el); return; }
    if (tip && tip.dataset.sq === String(sq)) return;
    const r = ev.target.closest('[data-sq]').getBoundingClientRect();
    showTip(el, sq, r.left + r.width / 2, r.top);
    if (tip) tip.dataset.sq = sq;
  });
  el.addEventListener('pointerleave', () => hideTip(el));
  addEventListener('pointermove', ev => {
    if (press && Math.hypot(ev.clientX - press.x, ev.clientY - press.y) > 8) { clearTimeout(press.t); press = null; }
    if (!drag || ev.pointerId !== drag.id) return;
    if (!drag.ghost && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) > 5) {
      const p = el._board.pieces.find(p => p.sq === drag.sq);
      const src = el.querySelector(`figure:not(.mini) [data-sq="${drag.sq}"] .piece`);
      if (p && src) {
        hideTip(el);
        const size = Math.round((el._opt.unit || 48) * 1.1);
        drag.ghost = document.createElement('div');
        drag.ghost.className = 'ghost';
        drag.ghost.style.width = drag.ghost.style.height = size + 'px';
        drag.ghost.innerHTML = `<svg viewBox="0 0 10 10" width="${size}" height="${size}">${pieceSVG(p, 5, 5, 4.1, pictureURL(el._opt.game, p.art, el._opt.pictures))}</svg>`;
        document.body.append(drag.ghost);
        src.style.opacity = '0.35';
      }
    }
    if (drag.ghost) { drag.ghost.style.left = ev.clientX + 'px'; drag.ghost.style.top = ev.clientY + 'px'; }
  });
  const end = ev => {
    if (press) { clearTimeout(press.t); press = null; if (tip) setTimeout(() => hideTip(el), 1500); }
    if (!drag || ev.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.ghost) return;
    d.ghost.remove();
    const at = document.elementFromPoint(ev.clientX, ev.clientY);
    const to = sqOf(at);
    if (to !== null && to !== d.sq) el._opt.onSquare?.(to);
    else if (to === null && el._opt.onDropOff && !el.contains(at)) el._opt.onDropOff(d.sq);
    else { const src = el.querySelector(`[data-sq="${d.sq}"] .piece`); if (src) src.style.opacity = ''; }
  };
  addEventListener('pointerup', end);
  addEventListener('pointercancel', end);
  el.addEventListener('keydown', ev => {
    if (ev.key !== 'Enter' && ev.key !== ' ') return;
    const mini = ev.target.closest('figure.mini');
    if (mini) { ev.preventDefault(); el._opt.onFocus?.(Number(mini.dataset.lv)); return; }
    const sq = sqOf(ev.target);
    if (sq === null) return;
    ev.preventDefault();
    el._opt.onSquare?.(sq);
    requestAnimationFrame(() => el.querySelector(`[data-sq="${sq}"]`)?.focus());
  });
}
