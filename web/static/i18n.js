// Translations, gettext style: the English text is the message's id, so
// the code reads in English and a catalogue (i18n/<lang>.json) maps it to
// another language. Plural forms follow each language's own rules. The
// games' own words (pieces, factions, options) come from the server, which
// has them from each game; both reach one dictionary here.

/** The languages a person may choose, each named in its own words. */
export const languages = { en: 'English', ru: 'Русский' };

let lang = 'en';
let dict = {};

/** The language the page shows. */
export function currentLang() { return lang; }

/** Uses catalogue d for language l (tests and the loader). */
export function setCatalogue(l, d) { lang = l; dict = d || {}; formats = null; }

function fill(s, params) {
  return params ? s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m)) : s;
}

/** The text in the page's language; {name} placeholders take params. */
export function t(text, params) {
  const tr = dict[text];
  return fill(typeof tr === 'string' && tr ? tr : text, params);
}

/** A count's text: one and other are the English forms; the catalogue
 * gives the language's forms by plural category (one, few, many, other).
 * {n} is the count. */
export function tn(one, other, n, params) {
  const p = { n, ...params };
  const forms = dict[one + '|' + other];
  if (forms && typeof forms === 'object') {
    const cat = new Intl.PluralRules(lang).select(n);
    const s = forms[cat] || forms.other;
    if (s) return fill(s, p);
  }
  return fill(n === 1 ? one : other, p);
}

/** The language to show: the one chosen in this browser, else the first
 * of the browser's languages that has a catalogue, else English. */
export function pickLang(stored, preferred) {
  if (stored && stored in languages) return stored;
  for (const l of preferred || []) {
    const base = String(l).toLowerCase().split('-')[0];
    if (base in languages) return base;
  }
  return 'en';
}

const storeKey = 'wyrm.lang';

// The choice made on this browser: the cookie, which the server's own pages
// (the rules) set too, else what this page kept.
function stored() {
  const c = /(?:^|;\s*)lang=([a-z]+)/.exec(document.cookie);
  if (c) return c[1];
  try { return localStorage.getItem(storeKey) || ''; } catch { return ''; }
}

/** Loads the page's language before the app draws: the app's catalogue
 * and the games' words. A failed load leaves the English text. */
export async function loadLanguage() {
  const l = pickLang(stored(), navigator.languages || [navigator.language]);
  document.documentElement.lang = l;
  // The server reads the cookie for its own pages and error messages.
  document.cookie = `lang=${l}; path=/; max-age=31536000; samesite=lax`;
  if (l === 'en') { setCatalogue('en', {}); return; }
  const get = url => fetch(url).then(r => (r.ok ? r.json() : {})).catch(() => ({}));
  const [app, games] = await Promise.all([get(`/i18n/${l}.json`), get(`/api/texts/${l}`)]);
  setCatalogue(l, { ...games, ...app });
}

/** Chooses language l in this browser and draws the page again in it. */
export function chooseLang(l) {
  try { localStorage.setItem(storeKey, l); } catch { /* private mode: this page only */ }
  document.cookie = `lang=${l}; path=/; max-age=31536000; samesite=lax`;
  if (l !== lang) location.reload();
}

/** Translates the page's own markup: the text of every element marked
 * data-t and its title and aria-label. */
export function translateMarkup(root = document) {
  for (const e of root.querySelectorAll('[data-t]')) {
    if (e.children.length === 0) e.textContent = t(e.textContent.trim());
    for (const a of ['title', 'aria-label']) if (e.hasAttribute(a)) e.setAttribute(a, t(e.getAttribute(a)));
  }
}

/** Marks a text for the catalogues where it is defined, at a module's top
 * level, before the language is loaded; t() translates it where it shows. */
export function mark(text) { return text; }

/** An option as the server words it ("Factions: Infernal, Human"), its
 * label and each chosen value translated from the games' words. */
export function tOptions(text) {
  const i = text.indexOf(': ');
  if (i < 0) return t(text);
  return t(text.slice(0, i)) + ': ' + text.slice(i + 2).split(', ').map(v => t(v)).join(', ');
}

// A game words some messages with numbers and names in them ("Human: 12
// units, 76 of 80 XP"); its catalogue gives them as Go formats (%d, %s,
// %q, %v), which are matched here and said again with the same values.
let formats = null;
function formatList() {
  if (formats) return formats;
  formats = [];
  for (const [k, v] of Object.entries(dict)) {
    if (typeof v !== 'string' || !/%[dsqv]/.test(k)) continue;
    const src = k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%([dsqv])/g, (_, c) =>
      c === 'd' ? '(-?\\d+)' : c === 'q' ? '("(?:[^"\\\\]|\\\\.)*")' : '(.+?)');
    formats.push({ re: new RegExp('^' + src + '$'), to: v });
  }
  return formats;
}

/** A message from the server or a game in the page's language: each line
 * as the catalogue has it, or matched against a game's formats; a line
 * neither knows stays as it is. */
export function tMessage(text) {
  if (!text || lang === 'en') return text;
  return String(text).split('\n').map(line => tLine(line, 0)).join('\n');
}

// tLine says one line; a value a format took in may be a message of its
// own (a position error wrapped in "FEN %q: %s", say).
function tLine(line, depth) {
  if (typeof dict[line] === 'string' && dict[line]) return dict[line];
  if (depth > 3) return line;
  for (const f of formatList()) {
    const m = f.re.exec(line);
    if (!m) continue;
    let i = 1;
    return f.to.replace(/%[dsqv]/g, () => { const a = m[i++]; return /^\d|^"/.test(a) ? a : tLine(a, depth + 1); });
  }
  return line;
}
