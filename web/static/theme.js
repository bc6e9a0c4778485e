// Applies the appearance settings to the page: attributes on <html> that
// style.css turns into colours, so that nothing else needs to know them.
import { get } from './settings.js';

const dark = matchMedia('(prefers-color-scheme: dark)');

export function applyTheme() {
  const root = document.documentElement;
  const mode = get('mode') === 'auto' ? (dark.matches ? 'dark' : 'light') : get('mode');
  root.dataset.mode = mode;
  root.dataset.board = get('board');
  root.dataset.colours = get('colours');
  root.dataset.highlights = get('highlights');
  root.style.colorScheme = mode;
}

dark.addEventListener('change', applyTheme);
addEventListener('wyrm-settings', applyTheme);
