// How the levels of a board are laid out and how large its squares are
// drawn: pure arithmetic on a game's geometry, shared by every screen with
// a board (and tested apart from the page).
import { mark } from './i18n.js';

/** A small live map's squares, as a share of the large board's (layout 'focus'). */
export const MINI = 0.3;
const CAPTION = 22; // px of a level's caption

/** The layouts a player may choose for several levels, with their labels. */
export const LAYOUTS = [['side', mark('Side by side')], ['stack', mark('Stacked')], ['focus', mark('One large')]];

/** The setting that keeps the chosen layout: a phone (a window narrower than
 * 700 px) and a wide screen each keep their own. */
export function layoutKey(width) { return width < 700 ? 'layoutPhone' : 'layout'; }

/** The layout of levels used when the player chose none: small maps beside one large board on a narrow screen. */
export function autoLayout(levels, width) {
  if (levels === 1) return 'one';
  return width < 700 ? 'focus' : 'side';
}

/**
 * Pixels per square so that geometry g in layout fits a box of w x h px.
 * Captions, gaps and the small maps of the 'focus' layout are counted.
 */
export function fitUnit(g, layout, w, h) {
  const gap = 10, n = g.levels;
  let u;
  if (n === 1 || layout === 'one') u = Math.min(w / g.files, h / g.ranks);
  else if (layout === 'side') u = Math.min((w - gap * (n - 1)) / (n * g.files), (h - CAPTION) / g.ranks);
  else if (layout === 'stack') u = Math.min(w / g.files, (h - n * CAPTION - gap * (n - 1)) / (n * g.ranks));
  else u = Math.min(w / g.files, (w - gap * (n - 2)) / ((n - 1) * g.files * MINI), (h - 2 * CAPTION - gap) / (g.ranks * (1 + MINI)));
  return Math.max(8, Math.floor(u * 4) / 4);
}

/**
 * The layout to draw levels in: 'one' for a single level, else the one
 * the player chose, else fallback() (each screen has its own default).
 */
export function chooseLayout(levels, chosen, fallback) {
  if (levels === 1) return 'one';
  return chosen || fallback();
}

/**
 * The layout that draws g's squares largest in a box of w x h px, or one
 * large level with the others as small maps when even that is cramped
 * (squares under 26 px): the editor's default, where pieces are placed.
 */
export function largestLayout(g, w, h) {
  const best = ['side', 'stack'].reduce((a, l) => fitUnit(g, l, w, h) > fitUnit(g, a, w, h) ? l : a);
  return fitUnit(g, best, w, h) >= 26 ? best : 'focus';
}
