//go:build !unix

package main

import "time"

var processStart = time.Now()

// cpuTime falls back to the time since start where the system gives no
// CPU time.
func cpuTime() time.Duration { return time.Since(processStart) }
