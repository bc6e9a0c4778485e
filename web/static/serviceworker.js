// serviceworker.js keeps the app usable without a connection. The server
// serves it as /sw.js after two lines of its own: VERSION, a hash of this
// build's files, and PRECACHE, the addresses to keep (the app's files and
// pages, the rules, the piece pictures). Each build fills a cache of its
// own, whole, before its worker takes over; the worker of a new build
// waits until no page of the old one is open, or a page that has just
// loaded asks it to take over and loads again (pwa.js), so that a page
// never mixes files of two builds; then it deletes the old cache.
"use strict";
/* global VERSION, PRECACHE */

const CACHE = "wyrm-" + VERSION;
// Answers seen online that a page reads offline (the games' list, the
// puzzles fetched), kept across builds and refreshed whenever online.
const RUNTIME = "wyrm-runtime";
const RUNTIME_APIS = ["/api/meta", "/api/puzzles", "/api/puzzle/next", "/api/puzzle/me"];

self.addEventListener("install", (event) => {
  // The games' list as well, which the offline lobby offers: the first
  // visit's page fetched it before this worker could keep it.
  const meta = caches.open(RUNTIME).then((c) => c.add("/api/meta")).catch(() => {});
  event.waitUntil(Promise.all([meta, precache()]));
});

// precache fills this build's cache, a few requests at a time, each tried
// again after a failure (a busy server, a dropped connection): one file
// missing fails the install, and the browser tries again on a later visit.
async function precache() {
  const c = await caches.open(CACHE);
  const todo = PRECACHE.slice();
  const one = async (url) => {
    for (let tries = 1; ; tries++) {
      try {
        // "reload": past the browser's HTTP cache, which may hold an older build.
        const res = await fetch(new Request(url, { cache: "reload" }));
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        await c.put(url, res);
        return;
      } catch (err) {
        if (tries === 3) throw err;
        await new Promise((r) => setTimeout(r, 300 * tries));
      }
    }
  };
  const worker = async () => { while (todo.length) await one(todo.shift()); };
  await Promise.all(Array.from({ length: 6 }, worker));
}

// A page that has just loaded lets a waiting worker take over (pwa.js).
self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const k of await caches.keys()) {
      if (k.startsWith("wyrm-") && k !== CACHE && k !== RUNTIME) await caches.delete(k);
    }
    // The first visit's page is served by this worker from now on.
    await self.clients.claim();
  })());
});

const kept = new Set(PRECACHE);

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  // The games' words in the page's language (i18n.js) are such an answer too.
  if (RUNTIME_APIS.includes(url.pathname) || url.pathname.startsWith("/api/texts/")) {
    event.respondWith(networkFirst(req));
    return;
  }
  // A rules page is drawn in the reader's language: from the server while
  // online, so that a language chosen since shows, and kept for offline.
  if (url.pathname.startsWith("/rules/")) {
    event.respondWith(fetch(req).catch(() => caches.match(url.pathname, { cacheName: CACHE })));
    return;
  }
  // The app's pages take a query (the analysis board's position) that does
  // not change the file.
  if (kept.has(url.pathname)) {
    event.respondWith(cacheFirst(req, url.pathname));
    return;
  }
  if (req.mode === "navigate") {
    // Another page of the app (its screens are hash addresses): the app,
    // whose router shows what it can offline.
    event.respondWith(fetch(req).catch(() => caches.match("/", { cacheName: CACHE })));
  }
});

async function cacheFirst(req, path) {
  const hit = await caches.match(path, { cacheName: CACHE });
  return hit || fetch(req);
}

async function networkFirst(req) {
  try {
    const res = await fetch(req);
    if (res.ok) {
      const c = await caches.open(RUNTIME);
      await c.put(req, res.clone());
    }
    return res;
  } catch (err) {
    // The same question first; else an earlier answer at that address
    // (a puzzle asked for with other filters is still a puzzle to solve).
    const hit = await caches.match(req, { cacheName: RUNTIME }) ||
      await caches.match(req, { cacheName: RUNTIME, ignoreSearch: true });
    if (hit) return hit;
    throw err;
  }
}
