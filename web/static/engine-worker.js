// engine-worker.js runs wyrm's engine, compiled to WebAssembly
// (engine.wasm, built from cmd/wyrm-wasm), in a Web Worker, so that a page
// can analyse positions and review games without a server round trip.
// Start it as a classic worker: new Worker("/engine-worker.js").
//
// Messages to the worker:
//   {type: "games"}
//   {type: "analyse", id, game, options, position, moves, multipv,
//    movetime, depth, nodes, multiPlayer}
//   {type: "evaluate", id, game, options, position, moves | positions,
//    multipv, movetime, depth, nodes, multiPlayer}
//   {type: "stop"}
//   {type: "board", id, game, options, position, moves}
//   {type: "warm", game, options, position}: build what the game's first
//    board and search need while the page loads (no answer; a request
//    that fails here fails again, and is answered, when the page asks)
// Messages from the worker:
//   {type: "ready"} once the engine has loaded (earlier requests wait)
//   {type: "games", games, engine}
//   {type: "info", id, depth, seldepth, nodes, nps, time, hashfull, toMove,
//    lines: [{multipv, score: {kind: "cp"|"mate", value}, pv, moves, arrow}]}
//   {type: "evaluation", id, index, position, toMove, depth, nodes, time,
//    lines, over, reason, results}
//   {type: "done", id, stopped, best, bestPV, depth, nodes, time, lines,
//    over, reason, count, error}: last for every job
//   {type: "board", id, position, toMove, players, over, reason, results,
//    board: {geometry, pieces, check, hands, handArt}, legal: [{text, san, from, to,
//    target, then, drop, promotion}], last}: at once, beside a running job
//   {type: "error", id, message}: a request refused (no "done" follows)
// A new analyse or evaluate ends the running job; cmd/wyrm-wasm's package
// documentation and messages.go describe every field.
"use strict";

importScripts("wasm_exec.js");

let engine = null; // the Go side's global "wyrm" once loaded
const waiting = []; // messages that came before it

async function load() {
  const go = new Go();
  const url = new URL("engine.wasm", self.location.href);
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(fetch(url), go.importObject);
  } catch (err) {
    // A server that does not send application/wasm: compile from bytes.
    const bytes = await (await fetch(url)).arrayBuffer();
    result = await WebAssembly.instantiate(bytes, go.importObject);
  }
  // run returns once Go's main waits for calls; wyrm is set by then.
  go.run(result.instance);
  engine = self.wyrm;
  self.postMessage({ type: "ready" });
  for (const msg of waiting.splice(0)) handle(msg);
}

// requestJSON is a message as the engine takes it: without the worker's
// own type and id.
function requestJSON(msg) {
  const { type, id, ...request } = msg;
  return JSON.stringify(request);
}

function handle(msg) {
  const { type, id } = msg;
  switch (type) {
    case "games":
      self.postMessage({ type: "games", ...JSON.parse(engine.games()) });
      return;
    case "analyse":
    case "evaluate": {
      const emit = (json) => self.postMessage({ ...JSON.parse(json), id });
      const err = engine[type](requestJSON(msg), emit);
      if (err) self.postMessage({ type: "error", id, message: err });
      return;
    }
    case "board": {
      const out = JSON.parse(engine.board(requestJSON(msg)));
      if (out.error) self.postMessage({ type: "error", id, message: out.error });
      else self.postMessage({ ...out, type: "board", id });
      return;
    }
    case "warm":
      engine.warm(requestJSON(msg));
      return;
    case "stop":
      engine.stop();
      return;
    default:
      self.postMessage({ type: "error", id, message: `unknown message type ${JSON.stringify(type)}` });
  }
}

self.onmessage = (event) => {
  if (engine) handle(event.data);
  else waiting.push(event.data);
};

load().catch((err) => self.postMessage({ type: "error", message: `loading the engine: ${err}` }));
