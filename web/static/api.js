// The API client: JSON over fetch, the server's errors as thrown Errors.
import { tMessage } from './i18n.js';

let csrf = ''; // the signed-in account's anti-forgery token

/** Sets the anti-forgery token sent with every post ('' for a guest). The
 * session module keeps it current, so that this one needs no account. */
export function setCsrf(token) { csrf = token || ''; }

/** Fetches JSON from the API; throws Error with the server's message. A
 * signed-in page sends its anti-forgery token with every post. */
export async function api(path, body) {
  const headers = { 'Content-Type': 'application/json' };
  if (csrf) headers['X-CSRF-Token'] = csrf;
  const opt = body === undefined ? {} : { method: 'POST', headers, body: JSON.stringify(body) };
  const r = await fetch(path, opt);
  const data = await r.json().catch(() => ({}));
  // The server says its own errors in the reader's language; a game's
  // words it passes on are translated here.
  if (!r.ok) throw new Error(tMessage(data.error) || `${r.status} ${r.statusText}`);
  return data;
}
