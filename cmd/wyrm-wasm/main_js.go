//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"
	"time"
)

// yieldEvery is how often a search lets the worker read its messages: the
// pause costs a few milliseconds (browsers delay nested timers to 4 ms),
// so a stop waits at most this long and the search loses a few percent.
const yieldEvery = 100 * time.Millisecond

func main() {
	// Sleeping leaves no goroutine to run, which hands the thread back
	// to JavaScript until the timer fires.
	r := newRunner(func() { time.Sleep(time.Millisecond) }, yieldEvery)
	api := js.Global().Get("Object").New()
	api.Set("games", js.FuncOf(func(js.Value, []js.Value) any {
		b, _ := json.Marshal(gamesList())
		return string(b)
	}))
	api.Set("analyse", js.FuncOf(func(_ js.Value, args []js.Value) any { return call(r.analyse, args) }))
	api.Set("evaluate", js.FuncOf(func(_ js.Value, args []js.Value) any { return call(r.evaluate, args) }))
	api.Set("board", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeString {
			return `{"error":"want request JSON"}`
		}
		b, err := board([]byte(args[0].String()))
		if err != nil {
			e, _ := json.Marshal(map[string]string{"error": err.Error()})
			return string(e)
		}
		out, _ := json.Marshal(b)
		return string(out)
	}))
	api.Set("warm", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeString {
			return "want request JSON"
		}
		if err := warm([]byte(args[0].String())); err != nil {
			return err.Error()
		}
		return nil
	}))
	api.Set("stop", js.FuncOf(func(js.Value, []js.Value) any {
		r.stop()
		return nil
	}))
	js.Global().Set("wyrm", api)
	select {} // JavaScript calls in from now on
}

// call starts a job from JavaScript arguments (request JSON, emit
// function) and returns an error message or null.
func call(start func([]byte, func([]byte)) error, args []js.Value) any {
	if len(args) < 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeFunction {
		return "want (request JSON, emit function)"
	}
	emit := args[1]
	err := start([]byte(args[0].String()), func(b []byte) { emit.Invoke(string(b)) })
	if err != nil {
		return err.Error()
	}
	return nil
}
