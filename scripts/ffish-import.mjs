// Imports every game of a PGN file the way pychess.org's import page does:
// ffish-es6's readGamePGN, then Board.push of each mainline move, and checks
// that every SAN token of the movetext was taken, in the same notation, and
// that the seven-tag roster is there. It needs ffish-es6, which is not part
// of wyrm: install it in a folder of your own and name it here.
//
// Usage: node scripts/ffish-import.mjs NODE_MODULES/ffish-es6 FILE.pgn...
// Prints one line per game, then "N passed, N failed"; exit status 1 if any
// game failed.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [modDir, ...files] = process.argv.slice(2);
if (!modDir || files.length === 0) {
  console.error("usage: node ffish-import.mjs NODE_MODULES/ffish-es6 FILE.pgn...");
  process.exit(2);
}
const Module = (await import(pathToFileURL(resolve(modDir, "ffish.js")).href)).default;
// readGamePGN prints each move it reads; keep the report readable. Node has no fetch of a relative file, so the WebAssembly is handed over.
const ffish = await Module({
  wasmBinary: readFileSync(resolve(modDir, "ffish.wasm")),
  print: () => {},
  printErr: () => {},
});

const roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
const results = new Set(["1-0", "0-1", "1/2-1/2", "*"]);

// games splits a file at each tag line that follows movetext.
function games(text) {
  const out = [];
  let cur = [];
  let inMoves = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("[") && inMoves) {
      out.push(cur.join("\n"));
      cur = [];
      inMoves = false;
    }
    if (!line.startsWith("[") && line.trim() !== "") inMoves = true;
    cur.push(line);
  }
  if (cur.join("").trim() !== "") out.push(cur.join("\n"));
  return out;
}

// sanTokens lists the moves of the movetext (comments, variations, NAGs,
// move numbers and the result left out) and the result token.
function sanTokens(pgn) {
  const body = pgn
    .split("\n")
    .filter((l) => !l.startsWith("["))
    .join("\n")
    .replace(/\{[^}]*\}/g, " ")
    .replace(/;[^\n]*/g, " ");
  let depth = 0;
  let flat = "";
  for (const c of body) {
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0) flat += c;
  }
  const moves = [];
  let result = "";
  for (let t of flat.split(/\s+/)) {
    t = t.replace(/^[0-9]+\.+/, "");
    if (t === "" || t.startsWith("$")) continue;
    if (results.has(t)) {
      result = t;
      continue;
    }
    moves.push(t.replace(/[!?]+$/, ""));
  }
  return { moves, result };
}

let passed = 0;
let failed = 0;
for (const file of files) {
  games(readFileSync(file, "utf8")).forEach((pgn, i) => {
    const name = `${file} game ${i + 1}`;
    const problems = [];
    const g = ffish.readGamePGN(pgn);
    for (const tag of roster) {
      if (g.headers(tag) === "") problems.push(`no ${tag} tag`);
    }
    const { moves, result } = sanTokens(pgn);
    if (g.headers("Result") !== result) problems.push(`Result tag "${g.headers("Result")}", movetext ends "${result}"`);
    const uci = g.mainlineMoves().split(" ").filter((m) => m !== "");
    if (uci.length !== moves.length) {
      problems.push(`readGamePGN took ${uci.length} of ${moves.length} moves (stopped before "${moves[uci.length]}")`);
    }
    const board = new ffish.Board(g.headers("Variant").toLowerCase() || "chess", g.headers("FEN"));
    for (let k = 0; k < uci.length && problems.length === 0; k++) {
      const san = board.sanMove(uci[k]);
      if (san !== moves[k]) problems.push(`ply ${k + 1}: the record says ${moves[k]}, Fairy-Stockfish writes ${san}`);
      if (!board.push(uci[k])) problems.push(`ply ${k + 1}: Board.push(${uci[k]}) refused`);
    }
    const fen = board.fen();
    board.delete();
    g.delete();
    if (problems.length === 0) {
      passed++;
      console.log(`ok    ${name}: ${moves.length} moves, ${result}, final ${fen}`);
    } else {
      failed++;
      console.log(`FAIL  ${name}: ${problems.join("; ")}`);
    }
  });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
