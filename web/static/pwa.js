// The installable app: registers the service worker (serviceworker.js,
// served as /sw.js) and tells the page when the connection goes and comes
// back, so that the router can swap the online lobby for the offline one.

/** Registers the service worker where the browser has them. */
export function registerWorker() {
  if (!('serviceWorker' in navigator) || !isSecureContext) return;
  // After the page has loaded: filling the cache competes with nothing
  // the page itself needs first.
  const go = () => setTimeout(() => navigator.serviceWorker.register('/sw.js').catch(e => console.warn('no offline app:', e.message)), 500);
  if (document.readyState === 'complete') go(); else addEventListener('load', go, { once: true });
}

/** Whether the browser says it has no connection. */
export function offline() { return navigator.onLine === false; }

/** Calls on(online) whenever the connection goes or comes back. */
export function watchConnection(on) {
  addEventListener('online', () => on(true));
  addEventListener('offline', () => on(false));
}
