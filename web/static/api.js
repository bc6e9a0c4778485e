// The API client: JSON over fetch, the server's errors as thrown Errors.

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
  if (!r.ok) throw new Error(data.error || `${r.status} ${r.statusText}`);
  return data;
}
