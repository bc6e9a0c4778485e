// What this browser holds for the games it plays, in localStorage: the
// seat tokens that prove a seat, and the secrets of the invitation links
// it made.

/** The seat tokens this browser holds for a game. */
export function tokens(id) {
  try { return JSON.parse(localStorage.getItem('wyrm.tokens.' + id)) || []; } catch { return []; }
}

/** Remembers more seat tokens for a game. */
export function addTokens(id, list) {
  const all = [...new Set([...tokens(id), ...list])];
  localStorage.setItem('wyrm.tokens.' + id, JSON.stringify(all));
}

/** The secrets of the invitation links this browser made for a game, by seat. */
export function invites(id) {
  try { return JSON.parse(localStorage.getItem('wyrm.invites.' + id)) || {}; } catch { return {}; }
}

/** Remembers the secrets of a game's invitation links. */
export function addInvites(id, secrets) {
  if (secrets && Object.keys(secrets).length) localStorage.setItem('wyrm.invites.' + id, JSON.stringify({ ...invites(id), ...secrets }));
}
