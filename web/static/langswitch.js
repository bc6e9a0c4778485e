// The header's language switcher, on every page of the app. A signed-in
// player's choice is kept with the account, so that it follows them.
import { languages, currentLang, chooseLang, t } from './i18n.js';
import { api } from './api.js';
import { me } from './session.js';

/** Fills the header's language list and switches on a choice. */
export function initLangSwitch() {
  const sel = document.getElementById('lang');
  if (!sel) return;
  sel.setAttribute('aria-label', t('Language'));
  sel.replaceChildren(...Object.entries(languages).map(([code, name]) => {
    const o = document.createElement('option');
    o.value = code; o.textContent = name; o.lang = code;
    o.selected = code === currentLang();
    return o;
  }));
  sel.addEventListener('change', async () => {
    if (me.signedIn) { try { await api('/api/account/language', { language: sel.value }); } catch { /* kept in this browser all the same */ } }
    chooseLang(sel.value);
  });
}
