// The game screen's actions: resign, abort, takebacks, a claim when the
// others are gone, draws, the rematch, analysis and review, the record and
// the rules; then the position string.
import { h } from './dom.js';
import { tokens, addTokens } from './tokens.js';
import { mine, seatLabel, resultText, claimWait, rematchOffer } from './play-state.js';
import { t } from './i18n.js';

/** The actions card of view v: el holds the buttons, extra the position. */
export function gameActions(v) {
  const el = h('div', { class: 'row' });
  const extra = h('div');
  let claimTimer = null;
  const resignArmed = { until: 0, seat: -1, timer: null };

  /** Redraws the actions for board, the position shown. */
  function draw(board) {
    const st = v.st, id = v.id, send = msg => v.send(msg), label = i => seatLabel(st, i);
    // A redraw keeps the keyboard's place on a control that is drawn again.
    const focused = el.contains(document.activeElement) ? document.activeElement.id : '';
    el.replaceChildren();
    const active = mine(v).filter(i => !st.seats[i].out);
    if (!st.outcome.over && active.length) {
      const seat = active.includes(st.toMove) ? st.toMove : active[0];
      // Resigning takes a second click, so a slip cannot end the game. The
      // first click is remembered here, not in the button, which any update
      // of the game (a move, a clock, someone watching) draws anew.
      const armed = Date.now() < resignArmed.until && resignArmed.seat === seat;
      el.append(h('button', { id: 'resign', class: armed ? 'primary' : '', 'data-armed': armed ? '1' : null, onclick: () => {
        if (Date.now() < resignArmed.until && resignArmed.seat === seat) { resignArmed.until = 0; send({ type: 'resign', seat }); return; }
        resignArmed.until = Date.now() + 4000;
        resignArmed.seat = seat;
        clearTimeout(resignArmed.timer);
        resignArmed.timer = setTimeout(() => { if (v.st) v.draw(); }, 4010);
        draw(board);
      } }, armed ? t('Confirm: resign for {x}', { x: label(seat) }) : t('Resign')));
      // Until every seat has moved, a game can be called off without a result.
      if (st.abortable) el.append(h('button', { id: 'abort', onclick: () => send({ type: 'abort', seat }) }, t('Abort')));
      if (st.stage === 'play' && st.takeback !== undefined) {
        if (st.takeback >= 0 && !(st.takebackYes || []).includes(seat)) {
          el.append(h('button', { class: 'primary', id: 'takeback-yes', onclick: () => send({ type: 'takeback', seat }) }, t("Allow {x}'s takeback", { x: label(st.takeback) })),
            h('button', { onclick: () => send({ type: 'no-takeback', seat }) }, t('Refuse')));
        } else if (st.takeback < 0 && st.plies.some(p => p.seat === seat)) {
          el.append(h('button', { id: 'takeback', onclick: () => send({ type: 'takeback', seat }) }, t('Ask to take back')));
        } else if (st.takeback >= 0) el.append(h('button', { disabled: true }, t('Takeback asked')));
      }
      // Once every opponent has been away long enough, the game can be
      // claimed; until then the button counts down to it.
      clearTimeout(claimTimer);
      const claim = claimWait(st, seat, Date.now());
      if (claim && claim.wait > 0) {
        el.append(h('button', { id: 'claim-wait', disabled: true, title: t('Your opponents are away; you may claim the game when the time is up') },
          t('Claim the win in {x}s', { x: Math.ceil(claim.wait / 1000) })));
        claimTimer = setTimeout(() => { if (v.st) v.draw(); }, (claim.wait - 1) % 1000 + 21);
      } else if (claim) el.append(h('button', { id: 'claim-win', class: 'primary', onclick: () => send({ type: 'claim', seat, choice: 'win' }) }, t('Claim the win')),
        h('button', { onclick: () => send({ type: 'claim', seat, choice: 'draw' }) }, t('Call it a draw')));
      if (st.stage === 'play') {
        const offered = st.drawOffers || [];
        if (offered.length && !offered.includes(seat)) {
          el.append(h('button', { class: 'primary', onclick: () => send({ type: 'draw', seat }) }, t('Accept draw')),
            h('button', { onclick: () => send({ type: 'decline', seat }) }, t('Decline draw')));
        } else el.append(h('button', { disabled: offered.includes(seat), onclick: () => send({ type: 'draw', seat }) }, offered.includes(seat) ? t('Draw offered') : t('Offer draw')));
      }
    }
    if (st.outcome.over) el.append(h('p', { class: 'result', id: 'result' }, resultText(st)));
    if (st.outcome.over) drawRematch(st, label, send);
    // The engine helps only those not playing: in a finished game, or
    // watching one.
    if (board && board.position && (st.outcome.over || !mine(v).length)) {
      const q = new URLSearchParams({ game: st.game, pos: board.position });
      if (Object.keys(st.options || {}).length) q.set('options', JSON.stringify(st.options));
      el.append(h('a', { id: 'analyse', class: 'btn', href: '/analysis?' + q }, t('Analyse')));
      if (st.outcome.over && st.plies.length) {
        q.delete('pos'); q.set('review', id); q.set('ply', String(v.viewPly ?? st.plies.length));
        el.append(h('a', { id: 'review', class: 'btn', href: '/analysis?' + q }, t('Review')));
      }
    }
    el.append(h('a', { class: 'btn', href: `/api/games/${id}/record`, download: '' }, t('Download record')),
      h('a', { class: 'btn', href: '/rules/' + st.game, target: '_blank' }, t('Rules')));
    if (focused) document.getElementById(focused)?.focus();
    drawExtra(board);
  }

  // A rematch is an offer the others accept or decline; once everyone
  // agrees, the players' pages move to it and spectators get a link.
  function drawRematch(st, label, send) {
    const id = v.id, held = mine(v).length > 0, offer = rematchOffer(st, label);
    if (st.rematch) {
      el.append(h('a', { id: 'torematch', class: 'btn primary', href: '#/g/' + st.rematch, onclick: () => addTokens(st.rematch, tokens(id)) }, held ? t('Go to rematch') : t('Watch the rematch')));
      return;
    }
    if (offer.text) el.append(h('p', { id: 'rematch-note', class: 'result' }, offer.text));
    if (offer.answer) {
      el.append(h('button', { id: 'rematch', class: 'primary', onclick: () => send({ type: 'rematch' }) }, t('Accept rematch')),
        h('button', { id: 'no-rematch', onclick: () => send({ type: 'no-rematch' }) }, t('Decline rematch')));
    } else if (held) {
      const asked = mine(v).every(i => (st.rematchYes || []).includes(i));
      el.append(h('button', { id: 'rematch', class: asked ? '' : 'primary', disabled: asked, onclick: () => send({ type: 'rematch' }) }, asked ? t('Rematch asked') : t('Rematch')));
    }
  }

  // The position string.
  function drawExtra(board) {
    const st = v.st, id = v.id;
    const pos = h('input', { readonly: true, value: board ? board.position || '' : '', 'aria-label': t('Position string'), style: 'flex:1;min-width:0' });
    extra.replaceChildren();
    // Playing on from the position (against the computer, say) is engine
    // help too: not for a player while the game goes on.
    const helps = st.outcome.over || !mine(v).length;
    if (pos.value) extra.append(h('h2', {}, t('Position')), h('div', { class: 'row' }, pos, h('button', { onclick: () => copy(pos) }, t('Copy'))),
      helps ? h('p', {}, h('a', { id: 'continue', href: `#/editor/${encodeURIComponent(st.game)}/${encodeURIComponent(pos.value)}` +
        (Object.keys(st.options || {}).length ? '?options=' + encodeURIComponent(JSON.stringify(st.options)) : '') }, t('Play on from this position'))) : '');
    if (!mine(v).length) extra.append(h('p', { class: 'muted' }, t('You are watching this game.')));
  }

  return { el, extra, draw, close() { clearTimeout(claimTimer); clearTimeout(resignArmed.timer); } };
}

function copy(input) {
  input.select();
  if (navigator.clipboard && isSecureContext) navigator.clipboard.writeText(input.value).catch(() => document.execCommand('copy'));
  else document.execCommand('copy');
}
