// boot.js runs before the app's modules, as a classic script. On the
// analysis board it starts the engine's worker at once and asks it to
// build the game's tables, so that the WebAssembly engine loads while the
// page's modules do; engine.js takes the worker over.
"use strict";
(() => {
  let query = null;
  if (location.pathname === "/analysis") query = location.search;
  else if (/^#\/?analysis/.test(location.hash)) query = location.hash.replace(/^[^?]*/, "");
  if (query === null || typeof Worker === "undefined") return;
  const worker = new Worker("/engine-worker.js");
  const q = new URLSearchParams(query);
  if (q.get("game")) {
    let options = {};
    try { options = JSON.parse(q.get("options") || "{}"); } catch { /* the page reports a bad link */ }
    worker.postMessage({ type: "warm", game: q.get("game"), options, position: q.get("pos") || "" });
  }
  self.wyrmEarlyWorker = worker;
})();
