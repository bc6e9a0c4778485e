// Package reliability holds black-box test suites against a real wyrm play
// server listening on loopback: hostile input, slow and flooding clients,
// crash and restart safety, graceful shutdown and the operational endpoints
// (health, metrics, logs). The package has no code of its own outside its
// tests.
package reliability
