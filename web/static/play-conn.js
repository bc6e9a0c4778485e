// The game screen's connection: the websocket to the server, the hello
// that proves this browser's seats, reconnection, and each new state with
// the sounds it brings.
import { tokens, addTokens } from './tokens.js';
import { setConn } from './conn.js';
import { play as sound } from './sound.js';
import { mine, myTurn, canPremove, dest, answerNote, rematchMove } from './play-state.js';
import { answerWatch } from './play-answers.js';

/**
 * The connection of view v to its game. parts: chat (the chat panel, which
 * reads its own messages), errBox and moveInput (the server's refusals and
 * acknowledgements), setupFor(seat) (the setup screen a check answers) and
 * playPremove() (a queued move, played when the turn comes). open()
 * connects; close() ends it for good.
 */
export function gameConnection(v, { chat, errBox, moveInput, setupFor, playPremove }) {
  let ws = null, closed = false, retry = 0, msgId = 0, helloTimer = null;
  const checks = new Map(); // message id -> seat of a pending setup check
  // A move without an answer in time: the connection is given up for a
  // fresh one, which shows the game as the server has it.
  const answers = answerWatch(() => {
    errBox.textContent = 'The server did not answer the move; reconnecting…';
    v.pending = null;
    if (ws) { ws.onclose = ws.onmessage = null; ws.close(); }
    setConn('Reconnecting…');
    connect();
  });

  /** Sends msg with an id of its own (returned); a setup check remembers its seat. */
  function send(msg) {
    if (!ws || ws.readyState !== 1) { errBox.textContent = 'Not connected; retrying…'; return; }
    msg.id = ++msgId;
    if (msg.type === 'check') { checks.set(msg.id, msg.seat); if (checks.size > 50) checks.delete(checks.keys().next().value); }
    ws.send(JSON.stringify(msg));
    if (msg.type === 'move') answers.sent(msg.id);
    return msg.id;
  }

  // The state sent on connecting is a spectator's; with seat tokens the
  // answer to hello follows at once. The board waits for it, so that it
  // is not drawn from the wrong side first.
  function onState(m) {
    if (v.awaitingHello && !m.you.length) {
      if (!v.st) { v.st = m; v.st.receivedAt = Date.now(); }
      clearTimeout(helloTimer);
      helloTimer = setTimeout(() => { v.awaitingHello = false; v.draw(); }, 1500);
      return;
    }
    if (m.you.length) { v.awaitingHello = false; clearTimeout(helloTimer); }
    const before = v.st;
    // Everyone agreed to a rematch: the players' pages go to it together.
    const next = rematchMove(before, m);
    if (next) {
      addTokens(next, tokens(v.id));
      location.hash = '#/g/' + next;
      return;
    }
    const st = v.st = m;
    st.receivedAt = Date.now();
    if (m.error) errBox.textContent = m.error;
    const answer = answerNote(before, st); // a declined offer, told to its maker
    if (answer) v.note = answer;
    if (before && before.id === st.id && v.viewPly === null) {
      const grew = st.plies.length === before.plies.length + 1;
      if (grew) {
        const p = st.plies[st.plies.length - 1];
        v.anim = { from: p.from, to: dest(p) };
        if (st.board && st.board.check && st.board.check.length) sound('check');
        else sound(p.target >= 0 ? 'capture' : 'move');
        if (v.pending || (typeof v.sel === 'number' && !mine(v).includes(p.seat))) { v.sel = v.pending = null; }
      }
      if (st.outcome.over && !before.outcome.over) sound('end');
      const turnNow = myTurn(v), turnBefore = before.stage === 'play' && before.you.includes(before.toMove);
      if (turnNow && !turnBefore && before.you.length) { v.lowWarned = false; if (document.hidden || st.seats.length > 2 || before.stage !== 'play') setTimeout(() => sound('turn'), 150); }
    }
    if (v.premove && myTurn(v)) playPremove();
    else if (v.premove && !canPremove(v)) v.premove = null;
    v.draw();
  }

  function connect() {
    // v.node: the node the game's API answer named, for a proxy to route on.
    const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws/' + v.id + (v.node ? '?node=' + encodeURIComponent(v.node) : '');
    ws = new WebSocket(url);
    ws.onopen = () => {
      retry = 0;
      setConn('');
      chat.reset();
      const t = tokens(v.id);
      v.awaitingHello = t.length > 0;
      if (t.length) send({ type: 'hello', tokens: t });
    };
    ws.onmessage = ev => {
      const m = JSON.parse(ev.data);
      if (m.type === 'ack' || m.type === 'error') answers.answered(m.id);
      if (chat.receive(m)) return;
      if (m.type === 'state') onState(m);
      else if (m.type === 'spectators') { if (v.st) { v.st.spectators = m.count; v.draw(); } }
      else if (m.type === 'error' && checks.has(m.id)) setupFor(checks.get(m.id))?.verdict(false, m.message);
      else if (m.type === 'error') { errBox.textContent = m.message; v.pending = null; if (v.awaitingHello) { v.awaitingHello = false; clearTimeout(helloTimer); } if (v.st) v.draw(); }
      else if (m.type === 'ack') { errBox.textContent = ''; moveInput.value = ''; }
      else if (m.type === 'checked') setupFor(m.seat)?.verdict(true, m.summary);
      else if (m.type === 'suggestion') setupFor(m.seat)?.suggested(m.choice);
    };
    ws.onclose = () => {
      answers.clear();
      if (closed) return;
      setConn('Connection lost — reconnecting…');
      setTimeout(() => { if (!closed) connect(); }, Math.min(5000, 500 * 2 ** retry++));
    };
  }

  return {
    send,
    open: connect,
    close() { closed = true; answers.clear(); clearTimeout(helloTimer); if (ws) ws.close(); },
  };
}
