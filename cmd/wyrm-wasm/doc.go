// Command wyrm-wasm is wyrm's engine for the browser: built with
// GOOS=js GOARCH=wasm it becomes web/static/engine.wasm, which
// web/static/engine-worker.js runs in a Web Worker for analysis and game
// review. It exposes a global object "wyrm" to JavaScript:
//
//	wyrm.games()                 JSON: the games, their options, engine limits
//	wyrm.analyse(json, emit)     start analysing a position
//	wyrm.evaluate(json, emit)    start evaluating positions one by one
//	wyrm.stop()                  end the running job
//	wyrm.board(json)             JSON: a position's pieces and legal moves
//	wyrm.warm(json)              build a game's tables before they are needed
//
// analyse and evaluate take a request as JSON (see request) and return an
// error message, or null once the job is queued; emit then receives each
// message of the job as JSON: "info" per iteration of an analysis,
// "evaluation" per position evaluated, and one "done" last. A new job ends
// the one before it, which still sends its "done".
//
// Built for the host, the command builds itself for the browser instead:
// "go generate ./cmd/wyrm-wasm" (which runs "go run .") rewrites
// web/static/engine.wasm and copies Go's wasm_exec.js beside it.
package main

//go:generate go run .
