// Package httpkit is the play server's small kit for HTTP handlers, shared
// by every feature package: handlers that return an error (answered with
// its code's status in one place), JSON reading and writing within limits,
// the signed-in user and the client's key carried in the request's
// context, the rate and count limiters, the same-origin guard and the
// writer of long-lived event streams. It depends on no feature, so that
// every feature may depend on it.
package httpkit
