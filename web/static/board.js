// Board drawing: any game's Geometry as one SVG per level, pieces, marks,
// highlights, and pointer/keyboard input (click-click and drag).

const S = 10; // square size in SVG units
const palettes = [['#efe0c4', '#a77f5a'], ['#eef0d8', '#7a9a5c'], ['#e2edf8', '#7d9fc4']];
const single = ['#f0dcb8', '#b4875e'];
const owners = ['p0', 'p1', 'p2', 'p3'];
const esc = s => String(s).replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);

/** Colours of seat i as [fill, text]. */
export function seatColour(i) {
  const cs = getComputedStyle(document.documentElement);
  return [cs.getPropertyValue('--' + owners[i]).trim(), cs.getPropertyValue('--' + owners[i] + '-fg').trim()];
}

/** SVG markup of one piece centred at (x, y). */
export function pieceSVG(p, x, y, r = 4.1) {
  const [fill, fg] = seatColour(p.owner);
  const frozen = (p.marks || []).includes('frozen');
  const other = (p.marks || []).filter(m => m !== 'frozen');
  let s = `<g class="piece"><title>${esc(p.name)}${p.marks && p.marks.length ? ' (' + esc(p.marks.join(', ')) + ')' : ''}</title>`;
  s += `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="#111" stroke-width="0.45"/>`;
  s += `<text x="${x}" y="${y + r * 0.42}" text-anchor="middle" font-size="${r * 1.15}" fill="${fg}">${esc(p.letter)}</text>`;
  if (frozen) s += `<circle cx="${x}" cy="${y}" r="${r + 0.55}" fill="none" stroke="#3fb6ff" stroke-width="0.9" stroke-dasharray="1.2 0.8"/><path d="M${x + r * 0.85} ${y - r - 0.6}v3.2M${x + r * 0.85 - 1.4} ${y - r + 0.2}l2.8 1.6M${x + r * 0.85 - 1.4} ${y - r + 1.8}l2.8 -1.6" stroke="#0a7bd6" stroke-width="0.55"/>`;
  if (other.length) s += `<circle cx="${x - r * 0.8}" cy="${y - r * 0.8}" r="1.6" fill="#7b2cbf"/><text x="${x - r * 0.8}" y="${y - r * 0.8 + 0.65}" text-anchor="middle" font-size="1.9" fill="#fff">${esc(other[0][0].toUpperCase())}</text>`;
  return s + '</g>';
}

// Splits "2g7" style names into their letter and number parts for labels.
const fileLabel = n => (n || '').replace(/^\d+(?=[a-z])/i, '').replace(/\d+$/, '');
const rankLabel = n => ((n || '').match(/\d+$/) || [''])[0];

/**
 * Draws board b ({geometry, pieces}) into el. opt: flip, selected,
 * targets (Map sq -> 'move'|'capture'|'afar'|'then'), last ({from,to,target}),
 * check ([sq]), movable (Set), onSquare(sq), onDrop(from, to), pick (Set of
 * squares clickable even without a move, e.g. during setup).
 */
export function renderBoard(el, b, opt = {}) {
  const g = b.geometry;
  if (!g) { el.replaceChildren(); return; }
  el._opt = opt;
  el._board = b;
  const bySq = new Map(b.pieces.map(p => [p.sq, p]));
  const per = g.files * g.ranks;
  const last = opt.last || {};
  const targets = opt.targets || new Map();
  let html = '';
  for (let lv = g.levels - 1; lv >= 0; lv--) {
    const pal = g.levels === 1 ? single : palettes[lv % 3];
    const name = (g.levelNames && g.levelNames[lv]) || (g.levels > 1 ? `Level ${lv + 1}` : '');
    let s = `<svg viewBox="0 0 ${g.files * S} ${g.ranks * S}" role="grid" aria-label="${esc(name || 'Board')}">`;
    for (let r = 0; r < g.ranks; r++) for (let f = 0; f < g.files; f++) {
      const sq = lv * per + r * g.files + f;
      const x = (opt.flip ? g.files - 1 - f : f) * S, y = (opt.flip ? r : g.ranks - 1 - r) * S;
      const t = g.terrain ? g.terrain[sq] : 'f';
      const p = bySq.get(sq);
      const can = opt.movable?.has(sq) || targets.has(sq) || opt.pick?.has(sq);
      const label = esc(g.squareNames[sq] + (p ? ` ${['white', 'black', 'red', 'blue'][p.owner]} ${p.name}` : t === 'w' ? ' water' : t === '.' ? ' void' : ''));
      const tk = targets.get(sq);
      s += `<g class="sq${can ? ' can' : ''}" data-sq="${sq}"${tk ? ` data-target="${tk}"` : ''}${opt.movable?.has(sq) ? ' data-movable=""' : ''}${can ? ' tabindex="0" role="button"' : ''} aria-label="${label}">`;
      let fill = (f + r) % 2 ? pal[0] : pal[1];
      if (t === 'w') fill = (f + r) % 2 ? '#8cc3e8' : '#6aa9d8';
      if (t === '.') fill = '#2e2926';
      s += `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${fill}"/>`;
      if (t === 'w') s += `<path d="M${x + 1.5} ${y + 6} q1.5 -1.5 3 0 t3 0 M${x + 1.5} ${y + 3.5} q1.5 -1.5 3 0 t3 0" stroke="#e8f5ff" stroke-width="0.5" fill="none"/>`;
      if (opt.zone?.has(sq)) s += `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="rgba(40,110,255,.28)"/>`;
      if (sq === last.from || sq === last.to) s += `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="rgba(170,200,30,.45)"/>`;
      if (sq === last.target && last.target !== last.to) s += `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="rgba(220,70,40,.38)"/>`;
      if (sq === opt.selected) s += `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="rgba(255,210,0,.6)"/>`;
      if (opt.check?.includes(sq)) s += `<circle cx="${x + 5}" cy="${y + 5}" r="5" fill="rgba(230,0,0,.55)"/>`;
      const lab = (f === 0 && !opt.flip) || (f === g.files - 1 && opt.flip);
      const bot = (r === 0 && !opt.flip) || (r === g.ranks - 1 && opt.flip);
      const lc = (f + r) % 2 ? pal[1] : pal[0];
      if (lab) s += `<text x="${x + 0.5}" y="${y + 2.3}" font-size="2.1" fill="${lc}">${esc(rankLabel(g.squareNames[sq]))}</text>`;
      if (bot) s += `<text x="${x + S - 0.5}" y="${y + S - 0.6}" font-size="2.1" text-anchor="end" fill="${lc}">${esc(fileLabel(g.squareNames[sq]))}</text>`;
      if (p) s += pieceSVG(p, x + 5, y + 5);
      const k = targets.get(sq);
      if (k === 'move') s += `<circle cx="${x + 5}" cy="${y + 5}" r="1.7" fill="rgba(20,20,20,.35)"/>`;
      else if (k === 'capture') s += `<circle cx="${x + 5}" cy="${y + 5}" r="4.5" fill="none" stroke="rgba(20,20,20,.45)" stroke-width="0.9"/>`;
      else if (k === 'afar') s += `<circle cx="${x + 5}" cy="${y + 5}" r="4.4" fill="none" stroke="#d01818" stroke-width="0.9" stroke-dasharray="1.5 1"/><path d="M${x + 5} ${y + 0.5}v2.2M${x + 5} ${y + 7.3}v2.2M${x + 0.5} ${y + 5}h2.2M${x + 7.3} ${y + 5}h2.2" stroke="#d01818" stroke-width="0.8"/>`;
      else if (k === 'then') s += `<circle cx="${x + 5}" cy="${y + 5}" r="2" fill="rgba(20,90,220,.6)"/>`;
      s += '</g>';
    }
    s += '</svg>';
    html += `<figure class="level${g.levels === 1 ? ' one' : ''}">${name ? `<figcaption>${esc(name)}</figcaption>` : ''}${s}</figure>`;
  }
  el.className = 'levels';
  el.innerHTML = html;
  if (!el._wired) wire(el);
}

// wire attaches the input handlers once per container.
function wire(el) {
  el._wired = true;
  let drag = null;
  const sqOf = t => { const g = t && t.closest && t.closest('[data-sq]'); return g ? Number(g.dataset.sq) : null; };
  el.addEventListener('pointerdown', ev => {
    if (ev.button !== 0) return;
    const sq = sqOf(ev.target);
    if (sq === null) return;
    const opt = el._opt;
    const movable = opt.movable?.has(sq) && opt.selected !== sq;
    opt.onSquare?.(sq);
    if (movable) drag = { sq, x: ev.clientX, y: ev.clientY, ghost: null, id: ev.pointerId };
  });
  addEventListener('pointermove', ev => {
    if (!drag || ev.pointerId !== drag.id) return;
    if (!drag.ghost && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) > 5) {
      const p = el._board.pieces.find(p => p.sq === drag.sq);
      const src = el.querySelector(`[data-sq="${drag.sq}"] .piece`);
      if (p && src) {
        drag.ghost = document.createElement('div');
        drag.ghost.className = 'ghost';
        drag.ghost.innerHTML = `<svg viewBox="0 0 10 10" width="48" height="48">${pieceSVG(p, 5, 5)}</svg>`;
        document.body.append(drag.ghost);
        src.style.opacity = '0.35';
      }
    }
    if (drag.ghost) { drag.ghost.style.left = ev.clientX + 'px'; drag.ghost.style.top = ev.clientY + 'px'; }
  });
  const end = ev => {
    if (!drag || ev.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.ghost) return;
    d.ghost.remove();
    const to = sqOf(document.elementFromPoint(ev.clientX, ev.clientY));
    if (to !== null && to !== d.sq) el._opt.onSquare?.(to);
    else { const src = el.querySelector(`[data-sq="${d.sq}"] .piece`); if (src) src.style.opacity = ''; }
  };
  addEventListener('pointerup', end);
  addEventListener('pointercancel', end);
  el.addEventListener('keydown', ev => {
    if (ev.key !== 'Enter' && ev.key !== ' ') return;
    const sq = sqOf(ev.target);
    if (sq === null) return;
    ev.preventDefault();
    el._opt.onSquare?.(sq);
    requestAnimationFrame(() => el.querySelector(`[data-sq="${sq}"]`)?.focus());
  });
}
