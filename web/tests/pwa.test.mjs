// How a page meets a new build's service worker: a page that has just
// loaded lets a waiting worker take over and loads again; another page of
// the old build is marked stale; the first visit's worker changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';

// A browser's globals, as far as pwa.js reads them.
function browser({ controller, waiting }) {
  const sw = new EventTarget();
  const posted = [];
  sw.controller = controller ? {} : null;
  sw.register = async () => ({ waiting: waiting ? { postMessage: m => posted.push(m) } : null });
  const page = { reloads: 0, posted, sw };
  Object.defineProperty(globalThis, 'navigator', { value: { serviceWorker: sw, onLine: true }, configurable: true });
  globalThis.isSecureContext = true;
  globalThis.document = { readyState: 'complete' };
  globalThis.addEventListener = () => {};
  globalThis.location = { reload: () => { page.reloads++; } };
  return page;
}

const settle = () => new Promise(r => setTimeout(r, 600)); // past the registration's delay
let n = 0;
const fresh = () => import('../static/pwa.js?' + n++); // a module per page

test('a page that has just loaded lets a waiting worker take over, and loads again', async () => {
  const page = browser({ controller: true, waiting: true });
  const pwa = await fresh();
  pwa.registerWorker();
  await settle();
  assert.deepEqual(page.posted, ['take-over']);
  page.sw.dispatchEvent(new Event('controllerchange'));
  assert.equal(page.reloads, 1);
});

test('another page of the old build is stale until its next screen', async () => {
  const page = browser({ controller: true, waiting: false });
  const pwa = await fresh();
  pwa.registerWorker();
  await settle();
  assert.deepEqual(page.posted, []);
  assert.equal(pwa.isStale(), false);
  page.sw.dispatchEvent(new Event('controllerchange'));
  assert.equal(pwa.isStale(), true);
  assert.equal(page.reloads, 0);
});

test('the first visit: the worker claiming the page changes nothing', async () => {
  const page = browser({ controller: false, waiting: true });
  const pwa = await fresh();
  pwa.registerWorker();
  await settle();
  assert.deepEqual(page.posted, []);
  page.sw.dispatchEvent(new Event('controllerchange'));
  assert.equal(pwa.isStale(), false);
  assert.equal(page.reloads, 0);
});
