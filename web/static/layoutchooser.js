// The buttons that choose how a board's levels are laid out (side by side,
// stacked, one large): one chooser for the game screen and the editor. The
// choice is a setting, so that every open board follows it.
import { h } from './dom.js';
import { get, set } from './settings.js';
import { LAYOUTS, layoutKey, chooseLayout } from './layouts.js';
import { t } from './i18n.js';

/** The chooser: el holds its buttons, which choose(g, fallback) redraws. */
export function layoutChooser() {
  const el = h('div', { class: 'layouts', role: 'group', 'aria-label': t('Boards') });
  return {
    el,
    /**
     * Shows the choice for geometry g (none for a single level) and returns
     * the layout to draw: the player's, else fallback().
     */
    choose(g, fallback) {
      const current = chooseLayout(g.levels, get(layoutKey(innerWidth)), fallback);
      el.replaceChildren(...(g.levels < 2 ? [] : LAYOUTS.map(([v, label]) =>
        h('button', { type: 'button', class: current === v ? 'on' : '', 'aria-pressed': String(current === v), 'data-layout': v,
          onclick: () => set(layoutKey(innerWidth), v) }, t(label)))));
      return current;
    },
  };
}
