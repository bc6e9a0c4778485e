// A small live board of a game read from the API: the lobby's TV tiles and
// a tournament's leading game draw one.
import { renderBoard } from './board.js';
import { get } from './settings.js';
import { fitUnit } from './layouts.js';
import { seatLabel, lastPlies } from './play-state.js';

/**
 * Draws game id into el, at most size px wide and high, seat 0 at the
 * bottom; several levels show the middle one large. Reports whether it
 * drew (a game without a board yet, or a failed read, leaves el as it was).
 * stillWanted() is asked after the read, so a slow answer does not
 * overwrite a newer board.
 */
export async function drawMiniBoard(el, id, size, stillWanted = () => true) {
  try {
    const st = await (await fetch('/api/games/' + encodeURIComponent(id))).json();
    if (!stillWanted() || !st.board || !st.board.geometry) return false;
    const g = st.board.geometry, layout = g.levels === 1 ? 'one' : 'focus';
    const lasts = lastPlies(st.plies, st.plies.length, st.seats.length - 1);
    renderBoard(el, st.board, { flip: false, unit: fitUnit(g, layout, size, size), layout, check: st.board.check,
      last: lasts.map(p => ({ from: p.from, to: p.to, target: p.target })),
      seatNames: st.seats.map((_, i) => seatLabel(st, i)), game: st.game, pictures: get('pieces') === 'pictures' });
    return true;
  } catch { return false; }
}
