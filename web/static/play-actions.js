// The game screen's actions: resign, abort, takebacks, a claim when the
// others are gone, draws, the rematch, analysis and review, the record and
// the rules; then the position string.
import { h } from './dom.js';
import { tokens, addTokens } from './tokens.js';
import { mine, seatLabel, resultText, claimWait, rematchOffer } from './play-state.js';

/** The actions card of view v: el holds the buttons, extra the position. */
export function gameActions(v) {
  const el = h('div', { class: 'row' });
  const extra = h('div');
  let claimTimer = null;

  /** Redraws the actions for board, the position shown. */
  function draw(board) {
    const st = v.st, id = v.id, send = msg => v.send(msg), label = i => seatLabel(st, i);
    el.replaceChildren();
    const active = mine(v).filter(i => !st.seats[i].out);
    if (!st.outcome.over && active.length) {
      const seat = active.includes(st.toMove) ? st.toMove : active[0];
      // Resigning takes a second click, so a slip cannot end the game.
      const resign = h('button', { id: 'resign', onclick: () => {
        if (resign.dataset.armed) { send({ type: 'resign', seat }); return; }
        resign.dataset.armed = '1';
        resign.textContent = `Confirm: resign for ${label(seat)}`;
        resign.classList.add('primary');
        setTimeout(() => { if (resign.isConnected) { delete resign.dataset.armed; resign.textContent = 'Resign'; resign.classList.remove('primary'); } }, 4000);
      } }, 'Resign');
      el.append(resign);
      // Until every seat has moved, a game can be called off without a result.
      if (st.abortable) el.append(h('button', { id: 'abort', onclick: () => send({ type: 'abort', seat }) }, 'Abort'));
      if (st.stage === 'play' && st.takeback !== undefined) {
        if (st.takeback >= 0 && !(st.takebackYes || []).includes(seat)) {
          el.append(h('button', { class: 'primary', id: 'takeback-yes', onclick: () => send({ type: 'takeback', seat }) }, `Allow ${label(st.takeback)}'s takeback`),
            h('button', { onclick: () => send({ type: 'no-takeback', seat }) }, 'Refuse'));
        } else if (st.takeback < 0 && st.plies.some(p => p.seat === seat)) {
          el.append(h('button', { id: 'takeback', onclick: () => send({ type: 'takeback', seat }) }, 'Ask to take back'));
        } else if (st.takeback >= 0) el.append(h('button', { disabled: true }, 'Takeback asked'));
      }
      // Once every opponent has been away long enough, the game can be
      // claimed; until then the button counts down to it.
      clearTimeout(claimTimer);
      const claim = claimWait(st, seat, Date.now());
      if (claim && claim.wait > 0) {
        el.append(h('button', { id: 'claim-wait', disabled: true, title: 'Your opponents are away; you may claim the game when the time is up' },
          `Claim the win in ${Math.ceil(claim.wait / 1000)}s`));
        claimTimer = setTimeout(() => { if (v.st) v.draw(); }, (claim.wait - 1) % 1000 + 21);
      } else if (claim) el.append(h('button', { id: 'claim-win', class: 'primary', onclick: () => send({ type: 'claim', seat, choice: 'win' }) }, 'Claim the win'),
        h('button', { onclick: () => send({ type: 'claim', seat, choice: 'draw' }) }, 'Call it a draw'));
      if (st.stage === 'play') {
        const offered = st.drawOffers || [];
        if (offered.length && !offered.includes(seat)) {
          el.append(h('button', { class: 'primary', onclick: () => send({ type: 'draw', seat }) }, 'Accept draw'),
            h('button', { onclick: () => send({ type: 'decline', seat }) }, 'Decline draw'));
        } else el.append(h('button', { disabled: offered.includes(seat), onclick: () => send({ type: 'draw', seat }) }, offered.includes(seat) ? 'Draw offered' : 'Offer draw'));
      }
    }
    if (st.outcome.over) el.append(h('p', { class: 'result', id: 'result' }, resultText(st)));
    if (st.outcome.over) drawRematch(st, label, send);
    // The engine helps only those not playing: in a finished game, or
    // watching one.
    if (board && board.position && (st.outcome.over || !mine(v).length)) {
      const q = new URLSearchParams({ game: st.game, pos: board.position });
      if (Object.keys(st.options || {}).length) q.set('options', JSON.stringify(st.options));
      el.append(h('a', { id: 'analyse', class: 'btn', href: '/analysis?' + q }, 'Analyse'));
      if (st.outcome.over && st.plies.length) {
        q.delete('pos'); q.set('review', id); q.set('ply', String(v.viewPly ?? st.plies.length));
        el.append(h('a', { id: 'review', class: 'btn', href: '/analysis?' + q }, 'Review'));
      }
    }
    el.append(h('a', { class: 'btn', href: `/api/games/${id}/record`, download: '' }, 'Download record'),
      h('a', { class: 'btn', href: '/rules/' + st.game, target: '_blank' }, 'Rules'));
    drawExtra(board);
  }

  // A rematch is an offer the others accept or decline; once everyone
  // agrees, the players' pages move to it and spectators get a link.
  function drawRematch(st, label, send) {
    const id = v.id, held = mine(v).length > 0, offer = rematchOffer(st, label);
    if (st.rematch) {
      el.append(h('a', { id: 'torematch', class: 'btn primary', href: '#/g/' + st.rematch, onclick: () => addTokens(st.rematch, tokens(id)) }, held ? 'Go to rematch' : 'Watch the rematch'));
      return;
    }
    if (offer.text) el.append(h('p', { id: 'rematch-note', class: 'result' }, offer.text));
    if (offer.answer) {
      el.append(h('button', { id: 'rematch', class: 'primary', onclick: () => send({ type: 'rematch' }) }, 'Accept rematch'),
        h('button', { id: 'no-rematch', onclick: () => send({ type: 'no-rematch' }) }, 'Decline rematch'));
    } else if (held) {
      const asked = mine(v).every(i => (st.rematchYes || []).includes(i));
      el.append(h('button', { id: 'rematch', class: asked ? '' : 'primary', disabled: asked, onclick: () => send({ type: 'rematch' }) }, asked ? 'Rematch asked' : 'Rematch'));
    }
  }

  // The position string.
  function drawExtra(board) {
    const st = v.st, id = v.id;
    const pos = h('input', { readonly: true, value: board ? board.position || '' : '', 'aria-label': 'Position string', style: 'flex:1;min-width:0' });
    extra.replaceChildren();
    // Playing on from the position (against the computer, say) is engine
    // help too: not for a player while the game goes on.
    const helps = st.outcome.over || !mine(v).length;
    if (pos.value) extra.append(h('h2', {}, 'Position'), h('div', { class: 'row' }, pos, h('button', { onclick: () => copy(pos) }, 'Copy')),
      helps ? h('p', {}, h('a', { id: 'continue', href: `#/editor/${encodeURIComponent(st.game)}/${encodeURIComponent(pos.value)}` +
        (Object.keys(st.options || {}).length ? `?options=${encodeURIComponent(JSON.stringify(st.options))}` : '') }, 'Play on from this position')) : '');
    if (!mine(v).length) extra.append(h('p', { class: 'muted' }, 'You are watching this game.'));
  }

  return { el, extra, draw, close() { clearTimeout(claimTimer); } };
}

function copy(input) {
  input.select();
  if (navigator.clipboard && isSecureContext) navigator.clipboard.writeText(input.value).catch(() => document.execCommand('copy'));
  else document.execCommand('copy');
}
