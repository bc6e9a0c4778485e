// The installable app: registers the service worker (serviceworker.js,
// served as /sw.js) and tells the page when the connection goes and comes
// back, so that the router can swap the online lobby for the offline one.
//
// A new build's worker waits while pages of the old build are open. A page
// that has just loaded, finding one waiting, lets it take over and loads
// again, whole from the new build: that is the "next visit". Any other
// page of the old build then loads afresh at its next screen instead of
// fetching a module of the new build beside its old ones.

let stale = false;

/** Whether a new build took over since this page loaded: its next screen
 * must load the page again. */
export function isStale() { return stale; }

/** Registers the service worker where the browser has them. */
export function registerWorker() {
  if (!('serviceWorker' in navigator) || !isSecureContext) return;
  const sw = navigator.serviceWorker;
  const hadWorker = sw.controller !== null;
  let asked = false;
  sw.addEventListener('controllerchange', () => {
    // The first visit's worker claiming the page changes nothing it has.
    if (!hadWorker) return;
    if (asked) location.reload(); else stale = true;
  });
  // After the page has loaded: filling the cache competes with nothing
  // the page itself needs first.
  const go = () => setTimeout(async () => {
    try {
      const reg = await sw.register('/sw.js');
      if (reg.waiting && hadWorker) { asked = true; reg.waiting.postMessage('take-over'); }
    } catch (e) { console.warn('no offline app:', e.message); }
  }, 500);
  if (document.readyState === 'complete') go(); else addEventListener('load', go, { once: true });
}

/** Whether the browser says it has no connection. */
export function offline() { return navigator.onLine === false; }

/** Calls on(online) whenever the connection goes or comes back. */
export function watchConnection(on) {
  addEventListener('online', () => on(true));
  addEventListener('offline', () => on(false));
}
