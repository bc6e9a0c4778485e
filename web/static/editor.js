// Play from a position: paste a position string (the game's own notation,
// as the game screen shows and copies it) or a game record, then play it
// against the computer or with a friend. The server's game reads it.
import { api, addTokens, addInvites } from './app.js';
import { h } from './dom.js';

/** Shows the page in root; position prefills the text (from a game screen). */
export function showEditor(root, { game = '', position = '' } = {}) {
  const err = h('p', { class: 'error', role: 'alert' });
  const text = h('textarea', { id: 'import-text', 'aria-label': 'Position string or game record', spellcheck: 'false', rows: 8,
    placeholder: 'A position string, as the game screen shows it, or a game record' });
  text.value = position;
  const pick = h('div', { class: 'games', role: 'radiogroup', 'aria-label': 'Game' });
  const level = h('select', { id: 'import-level', 'aria-label': 'Computer level' });
  const start = async (friend) => {
    err.textContent = '';
    const g = pick.querySelector('input:checked');
    const v = text.value.trim();
    if (!g || !v) { err.textContent = 'Choose a game and paste a position or a record.'; return; }
    // A record starts with its tags ("[Event ...]") or its moves ("1. ...").
    const isRecord = /^\s*\[/.test(v) || /^\s*1\.\s/.test(v);
    const seats = [{ kind: 'local' }, friend ? { kind: 'invite' } : { kind: 'computer', level: Number(level.value) }];
    try {
      const r = await api('/api/games', { game: g.value, seats, clock: { initialMs: 0, incrementMs: 0 }, ...(isRecord ? { record: v } : { position: v }) });
      addTokens(r.id, Object.values(r.tokens));
      addInvites(r.id, r.invites);
      location.hash = '#/g/' + r.id;
    } catch (e) { err.textContent = e.message; }
  };
  root.append(h('h1', {}, 'Play from a position'),
    h('div', { class: 'card editor' }, pick,
      h('p', { class: 'muted' }, 'Paste a position string (copy one from any game screen: its “Position” box) or a whole game record; a record brings its moves along. Two players only.'),
      text, err,
      h('div', { class: 'row' },
        h('button', { class: 'primary', id: 'import-computer', onclick: () => start(false) }, 'Play against the computer'), level,
        h('button', { id: 'import-friend', onclick: () => start(true) }, 'Play with a friend'))));
  api('/api/meta').then(meta => {
    pick.replaceChildren(...meta.games.map((g, i) => h('label', {},
      h('input', { type: 'radio', name: 'import-game', value: g.name, checked: game ? g.name === game : i === 0 }), g.title)));
    level.replaceChildren(...Array.from({ length: meta.maxLevel }, (_, l) => h('option', { value: l + 1, selected: l + 1 === 3 }, `level ${l + 1}`)));
  }).catch(e => { err.textContent = e.message; });
  return () => {};
}
