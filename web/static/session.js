// Who is signed in on this page: the account the server last answered
// with, named in the header, with the player's event stream kept open.
import { api, setCsrf } from './api.js';
import { openStream, closeStream } from './stream.js';
import { t, languages, currentLang, chooseLang } from './i18n.js';

/** The signed-in account ({signedIn, name, csrf}), once known. */
export let me = { signedIn: false };

/** Asks the server who is signed in here, and names them in the header. */
export async function loadMe() {
  try { setMe(await api('/api/account/me')); } catch { setMe({ signedIn: false }); }
  return me;
}

/** Records the account the server answered with; a signed-in page keeps
 * the player's event stream open, and another account gets its own. */
export function setMe(m) {
  const before = me.name || '';
  me = m || { signedIn: false };
  setCsrf(me.csrf);
  if ((me.name || '') !== before) {
    closeStream();
    if (me.signedIn) openStream();
  }
  const link = document.getElementById('account-link');
  if (link) link.textContent = me.signedIn ? me.name : t('Sign in');
  const mod = document.getElementById('mod-link');
  if (mod) mod.hidden = !me.moderator;
  // An account's language follows its player to every browser they sign in on.
  if (me.signedIn && me.language in languages && me.language !== currentLang()) chooseLang(me.language);
}
