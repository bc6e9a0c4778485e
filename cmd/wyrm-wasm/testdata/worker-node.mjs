// Runs web/static/engine-worker.js in Node as a browser runs it in a Web
// Worker, on the one thread it shares with the engine: each line of stdin
// is a JSON message posted to the worker, and each message the worker
// posts is printed as a line of JSON. The tests of cmd/wyrm-wasm drive it.
// Usage: node worker-node.mjs path/to/engine-worker.js
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { runInThisContext } from "node:vm";
import { fileURLToPath, pathToFileURL } from "node:url";

const workerURL = pathToFileURL(process.argv[2]);
const load = (url) => {
  const file = fileURLToPath(url);
  runInThisContext(readFileSync(file, "utf8"), { filename: file });
};

// What a worker has that Node lacks or has differently.
globalThis.self = globalThis;
self.location = { href: workerURL.href };
// Each message carries the CPU time Node has used so far, in microseconds
// (cpu), for timing the engine on a busy machine.
self.postMessage = (msg) => {
  const { user, system } = process.cpuUsage();
  process.stdout.write(JSON.stringify({ ...msg, cpu: user + system }) + "\n");
};
self.importScripts = (...urls) => urls.forEach((u) => load(new URL(u, workerURL)));
self.fetch = async (url) =>
  new Response(readFileSync(fileURLToPath(url)), { headers: { "content-type": "application/wasm" } });

load(workerURL);
createInterface({ input: process.stdin })
  .on("line", (line) => line.trim() && self.onmessage({ data: JSON.parse(line) }))
  .on("close", () => process.exit(0));
