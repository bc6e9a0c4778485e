// What /api/meta says, fetched once per page load: the lists name games by
// their names and show their titles, and choose among the speed classes.
import { t } from './i18n.js';
import { api } from './api.js';

let cached = null;

/** /api/meta's answer ({games: [{name, title, ...}], speeds}), fetched once. */
export function meta() {
  if (!cached) cached = api('/api/meta').catch(e => { cached = null; throw e; });
  return cached;
}

/** The games the server plays. */
export async function games() { return (await meta()).games || []; }

/** A game's title, or its name when the server no longer plays it. */
export function titleOf(list, name) {
  return t((list.find(g => g.name === name) || {}).title || name);
}
