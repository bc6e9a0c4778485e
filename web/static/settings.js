// Player preferences, kept in localStorage. A change is announced with a
// 'wyrm-settings' event on window so that open screens redraw.
import { h } from './dom.js';
import { t, mark } from './i18n.js';

const KEY = 'wyrm.settings';
const defaults = {
  pieces: 'pictures', // 'pictures' where a game has them, else 'letters'
  board: 'wood', // board colours
  colours: 'classic', // seat colours of the pieces
  highlights: 'classic', // colours of the last move, selection and check
  reader: false, // the screen-reader mode: a text interface on the game screen
  mode: 'auto', // 'auto' follows the system, or 'light' / 'dark'
  sound: true,
  size: 1, // board size, a share of what fits the screen (0.5 to 2)
  layout: '', // boards of a game with levels on a wide screen: 'side', 'stack', 'focus' ('' picks)
  layoutPhone: '', // the same on a narrow screen
};
let cur = load();

function load() {
  try { return { ...defaults, ...JSON.parse(localStorage.getItem(KEY) || '{}') }; } catch { return { ...defaults }; }
}

/** The value of setting k. */
export function get(k) { return cur[k]; }

/** Changes setting k and tells the screens. */
export function set(k, v) {
  cur = { ...cur, [k]: v };
  try { localStorage.setItem(KEY, JSON.stringify(cur)); } catch { /* private mode: kept for this page only */ }
  dispatchEvent(new CustomEvent('wyrm-settings', { detail: k }));
}

export const boards = { wood: mark('Wood'), green: mark('Green'), blue: mark('Blue'), grey: mark('Grey') };
export const colourSets = { classic: mark('Classic'), vivid: mark('Vivid') };
export const highlightSets = { classic: mark('Classic'), blueorange: mark('Blue and orange (colour-blind safe)') };

// One labelled choice among values, as radio buttons.
function choice(k, label, values) {
  return h('fieldset', { class: 'choice' }, h('legend', {}, label),
    Object.entries(values).map(([v, text]) => h('label', {},
      h('input', { type: 'radio', name: 'set-' + k, value: v, checked: String(cur[k]) === v, onchange: () => set(k, v) }), t(text))));
}

/** Opens the settings dialog. */
export function showSettings() {
  let d = document.getElementById('settings');
  if (d) d.remove();
  const size = h('input', { type: 'range', id: 'set-size', min: 0.5, max: 2, step: 0.05, value: cur.size, 'aria-label': t('Board size'),
    oninput: () => set('size', Number(size.value)) });
  d = h('dialog', { id: 'settings', 'aria-labelledby': 'settings-h' },
    h('h2', { id: 'settings-h' }, t('Settings')),
    choice('pieces', t('Pieces'), { pictures: t('Pictures'), letters: t('Letters') }),
    choice('board', t('Board'), boards),
    choice('colours', t('Piece colours'), colourSets),
    choice('highlights', t('Highlights'), highlightSets),
    choice('mode', t('Appearance'), { auto: t('As the system'), light: t('Light'), dark: t('Dark') }),
    choice('sound', t('Sound'), { true: t('On'), false: t('Off') }),
    choice('reader', t('Screen reader mode'), { false: t('Off'), true: t('On: moves announced, typed moves and commands') }),
    h('fieldset', { class: 'choice' }, h('legend', {}, t('Board size')), size,
      h('button', { type: 'button', onclick: () => { size.value = 1; set('size', 1); } }, t('Fit the screen'))),
    h('div', { class: 'row' }, h('button', { class: 'primary', id: 'settings-close', onclick: () => d.close() }, t('Done'))));
  // Radio values are strings; the on-off settings are kept as booleans.
  for (const k of ['sound', 'reader']) d.querySelectorAll(`input[name=set-${k}]`).forEach(i => i.onchange = () => set(k, i.value === 'true'));
  document.body.append(d);
  d.showModal();
}
