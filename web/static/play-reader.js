// The game screen's screen-reader mode (a setting): a text interface
// beside the board. Every move is announced in a live region with its
// piece, squares and capture; a move is typed in the game's notation or as
// two squares, and commands read the clocks, the last moves, the pieces of
// the board or of one level, and what attacks a square (reader-text.js).
import { h } from './dom.js';
import { get } from './settings.js';
import { formatClock } from './clockfmt.js';
import { mine, myTurn, inSetup, seatLabel, rounds, statusText, resultText, activeSeat } from './play-state.js';
import { describePly, piecesText, attackersText, lastText, readInput, squareOf, commandsText } from './reader-text.js';
import { t } from './i18n.js';

/** The screen-reader interface of view v. */
export function screenReader(v) {
  const log = h('div', { id: 'sr-log', class: 'sr-log', role: 'log', 'aria-live': 'polite', 'aria-label': t('Announcements') });
  const answer = h('p', { id: 'sr-answer', class: 'sr-answer', 'aria-live': 'polite' });
  const input = h('input', { id: 'sr-input', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'sr-help' });
  const form = h('form', { class: 'row', onsubmit: ev => { ev.preventDefault(); submit(input.value); } },
    h('label', { for: 'sr-input' }, t('Move or command')), input, h('button', { type: 'submit' }, t('Send')));
  const el = h('section', { class: 'card reader', id: 'reader', 'aria-label': t('Screen reader') },
    h('h2', {}, t('Screen reader')), log, form, answer,
    // Folded away for eyes; a screen reader reads it with the field.
    h('details', {}, h('summary', {}, t('Commands')), h('p', { id: 'sr-help', class: 'muted' }, commandsText())));
  let seen = -1, before = null, stage = '', over = false;

  const seat = i => seatLabel(v.st, i);
  const names = () => (v.st.board && v.st.board.geometry ? v.st.board.geometry.squareNames : []);

  function say(text) {
    log.append(h('p', {}, text));
    // The log keeps the last few: a screen reader reads what is added.
    while (log.childNodes.length > 6) log.firstChild.remove();
  }
  const tell = text => { answer.textContent = text; };

  /** Follows a new state: announces the plies, stages and end it brings. */
  function update() {
    const st = v.st;
    el.hidden = !get('reader');
    if (!st) return;
    if (seen < 0) {
      seen = st.plies.length; before = st.board; stage = st.stage; over = st.outcome.over;
      if (!el.hidden) say(`${st.title}. ${statusText(v)}.${setupHelp()}`);
      return;
    }
    const fresh = st.plies.slice(seen);
    if (fresh.length && !el.hidden) {
      fresh.forEach((p, k) => say(describePly(p, k === 0 && fresh.length === 1 ? before : null, k === fresh.length - 1 ? st.board : null, names(), seat)));
    }
    seen = st.plies.length;
    if (st.board) before = st.board;
    if (!el.hidden && st.stage !== stage) say(`${statusText(v)}.${setupHelp()}`);
    else if (!el.hidden && fresh.length && !st.outcome.over && myTurn(v)) say(t('Your move.'));
    stage = st.stage;
    if (st.outcome.over && !over && !el.hidden) say(resultText(st) + '.');
    over = st.outcome.over;
  }

  function setupHelp() {
    if (!inSetup(v) || !mine(v).length) return '';
    const help = v.st.help && v.st.help[activeSeat(v)];
    return help && help.text ? ' ' + help.text : '';
  }

  function clocks() {
    const c = v.st.clock;
    if (!c) return t('This game has no clock.');
    return v.st.seats.map((_, i) => {
      let ms = c.remaining[i];
      if (c.running === i) ms -= Date.now() - v.st.receivedAt;
      return `${seat(i)} ${formatClock(ms, !!c.days)}${c.running === i ? ', running' : ''}`;
    }).join('; ') + '.';
  }

  function submit(text) {
    const st = v.st;
    if (!st) return;
    const r = readInput(text, myTurn(v) ? st.legal : [], names());
    if (r.move) {
      input.value = '';
      tell(t('Sent {text}.', { text: r.move.san || r.move.text }));
      v.send({ type: 'move', move: r.move.text, version: st.version });
      return;
    }
    if (r.choices) { tell(t('Which one? Type one of: ') + r.choices.map(m => m.san || m.text).join(', ') + '.'); return; }
    if (r.error) { tell(myTurn(v) || r.command ? r.error : t('It is not your move. {x}.', { x: statusText(v) })); return; }
    input.value = '';
    const sqArg = () => { const sq = squareOf(names(), r.arg); if (sq < 0) tell(t('No square "{square}".', { square: r.arg })); return sq; };
    switch (r.command) {
      case 'c': tell(clocks()); break;
      case 'l': tell(lastText(st.plies, Math.max(1, Number(r.arg) || 3), seat, rounds(st.plies))); break;
      case 'p': tell(st.board ? piecesText(st.board, seat, r.arg) : t('No board yet.')); break;
      case 'a': { const sq = sqArg(); if (sq >= 0) tell(attackersText(st.board, st.legal, sq, seat, st.toMove)); break; }
      case 'm': {
        const sq = sqArg();
        if (sq < 0) break;
        const ms = (st.legal || []).filter(m => m.from === sq && !m.drop);
        tell(ms.length ? t('From {x}: {x2}.', { x: names()[sq], x2: ms.map(m => m.san || m.text).join(', ') }) : t('No legal move from {x} now.', { x: names()[sq] }));
        break;
      }
      case 's': tell(`${statusText(v)}.${setupHelp()}`); break;
      default: tell(commandsText());
    }
  }

  return { el, update };
}
